/**
 * The client's live-location manager (spec sections 4, 5, 8, 9). Three things at once:
 * - sharing: a static share (a one-off location message) or a live one (with an end, at least
 *   60 s ahead), locating the device first when no position is given;
 * - registry: the user's own live shares whose end is still ahead, from GET /users/live_locations
 *   at start and from shares made, followed through `message.changed` / `message.removed`; a share
 *   is dropped when it ends (a delay computed from the nearest end), when its message is deleted
 *   or updated to no longer be live, or on `location.stop` (which also ends it on the server);
 * - while at least one share is registered (state `watching`, never in `empty`), the device's
 *   position is watched and sent to every share at most once per 3000 ms.
 */
import { assign, fromCallback, fromPromise, raise, setup, spawnChild, type EventObject } from 'xstate';
import * as rules from './live-location.rules';
import type {
  Coords,
  LiveLocationContext,
  LiveLocationEvent,
  LiveLocationInput,
  LiveShare,
  ShareLocationInput,
  SharedLocation,
  StopLiveLocationInput,
  UpdateLocationInput,
} from './live-location.types';

const liveLocationSetup = setup({
  types: {
    context: {} as LiveLocationContext,
    input: {} as LiveLocationInput,
    events: {} as LiveLocationEvent,
  },
  actors: {
    /** The chat's message.updated / message.deleted, as message.changed / message.removed. */
    followMessages: fromCallback<EventObject>(() => undefined),
    /** The user's active live shares (GET /users/live_locations). */
    fetchLiveShares: fromPromise<LiveShare[]>(() => Promise.reject(new Error('fetchLiveShares not provided'))),
    /** The device's current position, once. */
    getCurrentPosition: fromPromise<Coords>(() => Promise.reject(new Error('getCurrentPosition not provided'))),
    /** Sends the location message. */
    shareLocation: fromPromise<SharedLocation, ShareLocationInput>(() =>
      Promise.reject(new Error('shareLocation not provided')),
    ),
    /** Watches the device's position: sends position.changed / position.failed. */
    watchPosition: fromCallback<EventObject>(() => undefined),
    /** Sends a position to every registered share (PUT /users/live_locations). */
    updateLocation: fromPromise<void, UpdateLocationInput>(() => Promise.resolve()),
    /** Ends a live share on the server (end_at now). */
    stopLiveLocation: fromPromise<void, StopLiveLocationInput>(() => Promise.resolve()),
  },
  delays: {
    updateThrottle: rules.UPDATE_THROTTLE_MS,
    /** Until the nearest end among the registered shares. */
    shareExpiry: ({ context }) => {
      const nearest = Math.min(...context.shares.map(rules.endOf));
      return Math.min(Math.max(nearest - context.now(), 0), rules.MAX_TIMER_MS);
    },
  },
  guards: {
    isClientSideOnly: (_, params: { error: unknown }) =>
      params.error instanceof Error && params.error.message === rules.CLIENT_SIDE_ONLY_MESSAGE,
    hasShares: ({ context }) => context.shares.length > 0,
    hasNoShares: ({ context }) => context.shares.length === 0,
    isTooShort: ({ event }) =>
      event.type === 'location.share' &&
      event.durationMs !== undefined &&
      event.durationMs < rules.MIN_LIVE_LOCATION_MS,
    hasCoords: ({ event }) => event.type === 'location.share' && rules.isCoords(event.coords),
    isLiveShare: ({ context, event }) =>
      event.type === 'location.shared' && event.share.endAt !== null && Date.parse(event.share.endAt) > context.now(),
    isOwnLiveMessage: ({ context, event }) =>
      event.type === 'message.changed' && rules.isOwnLive(context, event.message),
    isRegistered: ({ context, event }) => {
      const id = rules.eventMessageId(event);
      return context.shares.some((s) => s.messageId === id);
    },
    hasPendingPosition: ({ context }) => context.pendingPosition !== null,
  },
  actions: {
    startRequest: assign(({ event }) =>
      event.type === 'location.share' ? { request: rules.requestOf(event), error: null } : {},
    ),
    setRequestCoords: assign({
      request: ({ context }, params: { coords: Coords }) =>
        context.request && { ...context.request, coords: params.coords },
    }),
    clearRequest: assign({ request: null }),
    refuseTooShort: assign({
      error: { key: rules.LIVE_LOCATION_ERRORS.tooShort, values: { seconds: rules.MIN_LIVE_LOCATION_MS / 1000 } },
    }),
    setClientSideOnly: assign({ error: { key: rules.LIVE_LOCATION_ERRORS.clientSideOnly } }),
    setRetrieveFailed: assign({ error: rules.retrieveFailed }),
    setShareFailed: assign({ error: (_, params: { error: unknown }) => rules.shareFailed(params.error) }),
    clearError: assign({ error: null }),
    /** Tells the registry (and anyone listening) that a location message went out. */
    announceShare: raise((_, params: { share: SharedLocation }) => ({
      type: 'location.shared' as const,
      share: params.share,
    })),
    registerShare: assign({
      shares: ({ context, event }) =>
        event.type === 'location.shared' && event.share.endAt !== null
          ? rules.withShare(context.shares, { ...event.share, endAt: event.share.endAt })
          : context.shares,
    }),
    registerMessage: assign({
      shares: ({ context, event }) =>
        event.type === 'message.changed'
          ? rules.withShare(context.shares, rules.shareOfMessage(event.message))
          : context.shares,
    }),
    mergeShares: assign({
      shares: ({ context }, params: { shares: LiveShare[] }) =>
        params.shares
          .filter(
            (s) => rules.endOf(s) > context.now() && !context.shares.some((known) => known.messageId === s.messageId),
          )
          .concat(context.shares),
    }),
    dropShare: assign({
      shares: ({ context, event }) => context.shares.filter((s) => s.messageId !== rules.eventMessageId(event)),
    }),
    dropExpired: assign({ shares: ({ context }) => context.shares.filter((s) => rules.endOf(s) > context.now()) }),
    stopOnServer: spawnChild('stopLiveLocation', {
      id: ({ event }) => `stop:${rules.eventMessageId(event)}`,
      input: ({ context, event }) => rules.stopInput(context, rules.eventMessageId(event)),
    }),
    setPosition: assign(({ context, event }) =>
      event.type === 'position.changed'
        ? { position: rules.coordsOf(event), error: rules.errorAfterPosition(context) }
        : {},
    ),
    holdPosition: assign(({ context, event }) =>
      event.type === 'position.changed'
        ? { pendingPosition: rules.coordsOf(event), error: rules.errorAfterPosition(context) }
        : {},
    ),
    takePending: assign(({ context }) => ({ position: context.pendingPosition, pendingPosition: null })),
    forgetPending: assign({ pendingPosition: null }),
  },
});

/** How the registry follows its shares; `target` re-arms the expiry timer where one runs. */
function followShares(target?: string) {
  const to = target ? { target, reenter: true } : {};
  return {
    'location.shared': { guard: 'isLiveShare', ...to, actions: 'registerShare' },
    'message.changed': [
      // Still (or newly) live: keep it with its end as the message now has it.
      { guard: 'isOwnLiveMessage', ...to, actions: 'registerMessage' },
      // No longer live (end gone or passed, or deleted): drop it.
      { guard: 'isRegistered', ...to, actions: 'dropShare' },
    ],
    'message.removed': { guard: 'isRegistered', ...to, actions: 'dropShare' },
    'location.stop': { guard: 'isRegistered', ...to, actions: ['stopOnServer', 'dropShare'] },
  } as const;
}

export const liveLocationMachine = liveLocationSetup.createMachine({
  id: 'liveLocation',
  context: ({ input }) => ({
    userId: input.userId || null,
    deviceId: input.deviceId,
    now: input.now ?? (() => Date.now()),
    shares: [],
    request: null,
    position: null,
    pendingPosition: null,
    error: null,
  }),
  type: 'parallel',
  invoke: { src: 'followMessages' },
  on: { 'location.dismissError': { actions: 'clearError' } },
  states: {
    sharing: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'location.share': [
              { guard: 'isTooShort', actions: 'refuseTooShort' },
              { guard: 'hasCoords', target: 'sending', actions: 'startRequest' },
              { target: 'locating', actions: 'startRequest' },
            ],
          },
        },
        locating: {
          invoke: {
            src: 'getCurrentPosition',
            onDone: {
              target: 'sending',
              actions: { type: 'setRequestCoords', params: ({ event }) => ({ coords: event.output }) },
            },
            onError: { target: 'idle', actions: ['setRetrieveFailed', 'clearRequest'] },
          },
        },
        sending: {
          // However it ends, the request is answered.
          exit: 'clearRequest',
          invoke: {
            src: 'shareLocation',
            input: ({ context }) => rules.shareInput(context),
            onDone: {
              target: 'idle',
              actions: { type: 'announceShare', params: ({ event }) => ({ share: event.output }) },
            },
            onError: [
              {
                guard: { type: 'isClientSideOnly', params: ({ event }) => ({ error: event.error }) },
                target: 'idle',
                actions: 'setClientSideOnly',
              },
              { target: 'idle', actions: { type: 'setShareFailed', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
      },
    },
    registry: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'fetchLiveShares',
            onDone: {
              target: 'empty',
              actions: { type: 'mergeShares', params: ({ event }) => ({ shares: event.output }) },
            },
            onError: [
              {
                guard: { type: 'isClientSideOnly', params: ({ event }) => ({ error: event.error }) },
                target: 'unavailable',
                actions: 'setClientSideOnly',
              },
              // The listing failed otherwise: go on with the shares known from now on.
              { target: 'empty' },
            ],
          },
          on: followShares(),
        },
        /** No connected user: live sharing is client-side only, nothing is registered. */
        unavailable: {},
        empty: {
          always: { guard: 'hasShares', target: 'watching' },
          on: {
            'location.shared': { guard: 'isLiveShare', target: 'watching', actions: 'registerShare' },
            'message.changed': { guard: 'isOwnLiveMessage', target: 'watching', actions: 'registerMessage' },
          },
        },
        watching: {
          type: 'parallel',
          invoke: { src: 'watchPosition' },
          always: { guard: 'hasNoShares', target: 'empty' },
          exit: 'forgetPending',
          on: { 'position.failed': { actions: 'setRetrieveFailed' } },
          states: {
            expiry: {
              initial: 'scheduled',
              states: {
                scheduled: {
                  after: { shareExpiry: { target: 'scheduled', reenter: true, actions: 'dropExpired' } },
                  on: followShares('scheduled'),
                },
              },
            },
            updates: {
              initial: 'ready',
              states: {
                ready: {
                  on: { 'position.changed': { target: 'throttled', actions: 'setPosition' } },
                },
                throttled: {
                  invoke: {
                    src: 'updateLocation',
                    input: ({ context }) => ({
                      shares: context.shares,
                      latitude: context.position!.latitude,
                      longitude: context.position!.longitude,
                      createdByDeviceId: context.deviceId,
                    }),
                  },
                  after: {
                    updateThrottle: [
                      { guard: 'hasPendingPosition', target: 'throttled', reenter: true, actions: 'takePending' },
                      { target: 'ready' },
                    ],
                  },
                  on: { 'position.changed': { actions: 'holdPosition' } },
                },
              },
            },
          },
        },
      },
    },
  },
});

export type LiveLocationMachine = typeof liveLocationMachine;

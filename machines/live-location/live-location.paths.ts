/** The live-location manager's path model: shares, the registry's chat facts, positions, delays. */
import { fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import { ownEventTypes, type PathEnd, type PathModel } from '../shared/path-coverage';
import { liveLocationMachine } from './live-location.machine';
import { CLIENT_SIDE_ONLY_MESSAGE, LIVE_LOCATION_ERRORS } from './live-location.rules';
import {
  selectError,
  selectIsLiveShare,
  selectIsLocating,
  selectIsSharing,
  selectLiveShares,
  selectPosition,
  selectRegistryState,
} from './live-location.selectors';
import type {
  ChatMessageLike,
  Coords,
  LiveLocationContext,
  LiveLocationEvent,
  LiveShare,
  ShareLocationInput,
  SharedLocation,
  StopLiveLocationInput,
  UpdateLocationInput,
} from './live-location.types';

/** The model's clock stands still; "later" ends are ahead of it, "now" ends are over. */
const NOW = Date.parse('2025-06-01T10:00:00.000Z');
const LATER = new Date(NOW + 600_000).toISOString();
const CID = 'messaging:places';
const here: Coords = { latitude: 52.37, longitude: 4.9 };
const liveShare = (messageId: string): LiveShare => ({ messageId, channelCid: CID, endAt: LATER });
const message = (id: string, endAt: string | null, userId = 'alice'): ChatMessageLike => ({
  id,
  type: 'regular',
  user: { id: userId },
  shared_location: { channel_cid: CID, end_at: endAt },
});

const samples: LiveLocationEvent[] = [
  { type: 'location.share', channelCid: CID, messageId: 'm1', coords: here },
  { type: 'location.share', channelCid: CID, messageId: 'm1', durationMs: 600_000, coords: here },
  { type: 'location.share', channelCid: CID, messageId: 'm2', durationMs: 30_000, coords: here },
  { type: 'location.share', channelCid: CID, messageId: 'm2', durationMs: 600_000 },
  { type: 'location.shared', share: { messageId: 'm2', channelCid: CID, endAt: LATER } },
  { type: 'location.shared', share: { messageId: 'm3', channelCid: CID, endAt: null } },
  { type: 'location.stop', messageId: 'm1' },
  { type: 'location.dismissError' },
  { type: 'message.changed', message: message('m1', LATER) },
  { type: 'message.changed', message: message('m1', null) },
  { type: 'message.changed', message: message('b1', LATER, 'bob') },
  { type: 'message.removed', message: { id: 'm1', type: 'deleted' } },
  { type: 'position.changed', latitude: 52.38, longitude: 4.91 },
  { type: 'position.failed', reason: 'User denied Geolocation' },
];

// Errors serialize to {}; a named field keeps the two samples apart as graph edges.
const clientSideOnly = Object.assign(new Error(CLIENT_SIDE_ONLY_MESSAGE), { sample: 'client-side only' });
const refused = Object.assign(new Error('latitude must be between -90 and 90'), { sample: 'refused' });

function doneSamples(type: string): AnyEventObject[] {
  if (type.includes('locating')) return [{ type, output: here }];
  if (type.includes('sending'))
    return [
      { type, output: { messageId: 'm1', channelCid: CID, endAt: LATER } satisfies SharedLocation },
      { type, output: { messageId: 'm1', channelCid: CID, endAt: null } satisfies SharedLocation },
    ];
  return [
    { type, output: [] },
    { type, output: [liveShare('m1')] },
  ];
}

type Snapshot = Parameters<typeof selectLiveShares>[0];
const moved = { latitude: 52.38, longitude: 4.91 };

/** What the last event must have done, beyond what every end holds. */
function eventOutcome(s: Snapshot, b: Snapshot, event: NonNullable<PathEnd['event']>): [unknown, unknown] {
  const type = event.type;
  if (type === 'location.stop' || type === 'message.removed') return [selectIsLiveShare(s, 'm1'), false];
  if (type === 'location.dismissError') return [selectError(s), null];
  if (type === 'location.share' && event.durationMs === 30_000 && !selectIsSharing(b))
    return [
      [selectError(s)?.key, selectIsSharing(s)],
      [LIVE_LOCATION_ERRORS.tooShort, false],
    ];
  // A position while watching is sent at once, or held while an update is throttled.
  if (type === 'position.changed' && selectRegistryState(b) === 'watching') {
    const throttled = b.matches({ registry: { watching: { updates: 'throttled' } } });
    return [
      throttled ? [selectPosition(s), s.context.pendingPosition] : selectPosition(s),
      throttled ? [selectPosition(b), moved] : moved,
    ];
  }
  if (type === 'xstate.error.actor.0.liveLocation.sharing.locating')
    return [selectError(s)?.key, LIVE_LOCATION_ERRORS.retrieveFailed];
  // A sent live location is registered (unless sharing is unavailable); a static one is not.
  if (type === 'xstate.done.actor.0.liveLocation.sharing.sending') {
    const live = (event.output as SharedLocation).endAt !== null && selectRegistryState(s) !== 'unavailable';
    return [selectIsLiveShare(s, 'm1'), live || selectIsLiveShare(b, 'm1')];
  }
  return [null, null];
}

/**
 * Every end: the registry watches exactly when it holds shares, a request exists only while
 * sharing (with coordinates once sending); and the last event did what it names.
 */
function outcome({ snapshot, before, event }: PathEnd) {
  const [s, b] = [snapshot as Snapshot, before as Snapshot];
  const registry = selectRegistryState(s);
  const request = s.context.request;
  const [actual, expected] = event ? eventOutcome(s, b, event) : [null, null];
  return {
    actual: [
      ['empty', 'watching'].includes(registry) ? selectLiveShares(s).length > 0 : null,
      selectIsSharing(s) ? request !== null && (selectIsLocating(s) || request.coords !== undefined) : request,
      actual,
    ],
    expected: [
      ['empty', 'watching'].includes(registry) ? registry === 'watching' : null,
      selectIsSharing(s) ? true : null,
      expected,
    ],
  };
}

export const pathModel: PathModel = {
  name: 'live-location',
  machine: liveLocationMachine.provide({
    actors: {
      followMessages: fromCallback(() => undefined),
      fetchLiveShares: fromPromise<LiveShare[]>(() => new Promise<never>(() => {})),
      getCurrentPosition: fromPromise<Coords>(() => new Promise<never>(() => {})),
      shareLocation: fromPromise<SharedLocation, ShareLocationInput>(() => new Promise<never>(() => {})),
      watchPosition: fromCallback(() => undefined),
      updateLocation: fromPromise<void, UpdateLocationInput>(() => new Promise<never>(() => {})),
      stopLiveLocation: fromPromise<void, StopLiveLocationInput>(() => new Promise<never>(() => {})),
    },
  }),
  input: { userId: 'alice', deviceId: 'phone', now: () => NOW },
  events: (snapshot) =>
    ownEventTypes(snapshot).flatMap((type): AnyEventObject[] => {
      if (type.startsWith('xstate.done.actor.')) return doneSamples(type);
      if (type.startsWith('xstate.error.actor.'))
        return [
          { type, error: clientSideOnly },
          { type, error: refused },
        ];
      if (type.startsWith('xstate.after.')) return [{ type }];
      return samples.filter((e) => e.type === type);
    }),
  // Positions and errors only matter as present or not; shares by id (ids are from the samples).
  serializeState: (snapshot) => {
    const context = snapshot.context as LiveLocationContext;
    return JSON.stringify({
      value: snapshot.value as unknown,
      shares: context.shares.map((s) => s.messageId).sort(),
      request: context.request ? Boolean(context.request.coords) : null,
      position: context.position !== null,
      pending: context.pendingPosition !== null,
      error: context.error?.key ?? null,
    });
  },
  outcomes: { '*': outcome },
};

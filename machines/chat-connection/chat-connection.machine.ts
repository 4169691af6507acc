/**
 * The chat connection (spec sections 4, 8, 9): connects the signed-in user to chat when they have
 * a token, exposes the client only after a successful connect, follows the connection's health
 * (unhealthy is published only after 5 s), reconnects with backoff capped at 25 s (a connection-id
 * error reconnects without the id), closes while the browser is offline and reconnects when it is
 * back, keeps the total unread count, and disconnects the user on close.
 */
import { assign, fromCallback, fromPromise, raise, setup } from 'xstate';
import { backoffDelay } from '../shared/backoff';
import {
  isMissingChatTokenError,
  type ChatClientHandle,
  type ChatConnected,
  type ChatConnectionContext,
  type ChatConnectionEvent,
  type ChatConnectionInput,
  type ChatTransport,
} from './chat-connection.types';

/** Spec section 9: unhealthy delay 5 s. */
export const UNHEALTHY_DELAY_MS = 5000;
/** Reconnect backoff: 1 s, 2 s, 4 s, 8 s, 16 s, then every 25 s (spec: capped at 25 s). */
export const RECONNECT_BASE_MS = 1000;
export const RECONNECT_CAP_MS = 25_000;

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const recountUnread = { actions: 'recountUnread' } as const;

const chatConnectionSetup = setup({
  types: {
    context: {} as ChatConnectionContext,
    events: {} as ChatConnectionEvent,
    input: {} as ChatConnectionInput,
  },
  actors: {
    connectUser: fromPromise<ChatConnected, ChatConnectionInput>(() =>
      Promise.reject(new Error('connectUser not provided')),
    ),
    watchClient: fromCallback<ChatConnectionEvent, { client: ChatClientHandle }>(() => undefined),
    reconnect: fromPromise<void, { client: ChatClientHandle; fresh: boolean }>(() =>
      Promise.reject(new Error('reconnect not provided')),
    ),
    disconnectUser: fromPromise<void, { client: ChatClientHandle }>(() => Promise.resolve()),
  },
  delays: {
    unhealthyDelay: UNHEALTHY_DELAY_MS,
    reconnectDelay: ({ context }) => backoffDelay(context.failures, RECONNECT_BASE_MS, RECONNECT_CAP_MS),
  },
  guards: {
    isMissingToken: (_, params: { error: unknown }) => isMissingChatTokenError(params.error),
    isOnline: ({ event }) => event.type === 'connection.changed' && event.online,
    isOffline: ({ event }) => event.type === 'connection.changed' && !event.online,
  },
  actions: {
    setClient: assign({
      client: (_, params: ChatConnected) => params.client,
      unreadCount: (_, params: ChatConnected) => params.totalUnreadCount,
      transport: (_, params: ChatConnected) => params.transport,
      failures: 0,
      failureReason: null,
    }),
    recordFailure: assign({ failureReason: (_, params: { error: unknown }) => messageOf(params.error) }),
    clearClient: assign({ client: null }),
    recountUnread: assign({
      unreadCount: ({ context, event }) =>
        'totalUnreadCount' in event && typeof event.totalUnreadCount === 'number'
          ? Math.max(0, event.totalUnreadCount)
          : context.unreadCount,
    }),
    countFailure: assign({ failures: ({ context }) => context.failures + 1 }),
    resetFailures: assign({ failures: 0, freshConnect: false }),
    markFreshConnect: assign({ freshConnect: true }),
    setTransport: assign({
      transport: ({ context, event }): ChatTransport =>
        event.type === 'transport.changed' ? event.mode : context.transport,
    }),
    raiseLinkLost: raise({ type: 'link.lost' }),
    raiseLinkRestored: raise({ type: 'link.restored' }),
  },
});

export const chatConnectionMachine = chatConnectionSetup.createMachine({
  id: 'chatConnection',
  context: ({ input }) => ({
    userId: input.userId,
    name: input.name,
    token: input.token,
    apiKey: input.apiKey,
    client: null,
    unreadCount: 0,
    failures: 0,
    freshConnect: false,
    transport: 'websocket',
    failureReason: null,
  }),
  initial: 'connecting',
  on: { 'connection.close': '.disconnected' },
  states: {
    connecting: {
      invoke: {
        src: 'connectUser',
        input: ({ context }) => ({
          userId: context.userId,
          name: context.name,
          token: context.token,
          apiKey: context.apiKey,
        }),
        onDone: { target: 'ready', actions: { type: 'setClient', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'isMissingToken', params: ({ event }) => ({ error: event.error }) },
            target: 'noToken',
          },
          { target: 'failed', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    /** The user has no chat token: nothing is connected, chat is not used. */
    noToken: {},
    /** The initial connect failed: 'Error connecting to chat, refresh the page to try again'. */
    failed: {
      on: { 'network.online': 'connecting' },
    },
    /** Connected: the client is in context and exposed. */
    ready: {
      type: 'parallel',
      invoke: { src: 'watchClient', input: ({ context }) => ({ client: context.client! }) },
      on: {
        'connection.close': 'disconnecting',
        'message.new': recountUnread,
        'message.read': recountUnread,
        'notification.message_new': recountUnread,
        'notification.mark_read': recountUnread,
        'transport.changed': { actions: 'setTransport' },
      },
      states: {
        /** What the connection is doing now. */
        link: {
          initial: 'connected',
          on: {
            'connection.changed': { guard: 'isOnline', target: '.connected', actions: 'resetFailures' },
            'connection.idNotFound': { target: '.reconnecting', actions: 'markFreshConnect' },
            'network.offline': '.offline',
          },
          states: {
            connected: {
              entry: 'raiseLinkRestored',
              on: { 'connection.changed': { guard: 'isOffline', target: 'waitingToReconnect' } },
            },
            /** Lost: the client retries by itself; after the backoff the machine tries too. */
            waitingToReconnect: {
              entry: 'raiseLinkLost',
              after: { reconnectDelay: 'reconnecting' },
            },
            reconnecting: {
              entry: 'raiseLinkLost',
              invoke: {
                src: 'reconnect',
                input: ({ context }) => ({ client: context.client!, fresh: context.freshConnect }),
                onDone: { target: 'connected', actions: 'resetFailures' },
                onError: { target: 'waitingToReconnect', actions: 'countFailure' },
              },
            },
            /** The browser is offline: the connection is closed until it is back. */
            offline: {
              entry: 'raiseLinkLost',
              on: { 'network.online': 'reconnecting' },
            },
          },
        },
        /** What the UI is told: unhealthy only after `unhealthyDelay` without a connection. */
        health: {
          initial: 'healthy',
          states: {
            healthy: { on: { 'link.lost': 'unhealthyPending' } },
            unhealthyPending: {
              after: { unhealthyDelay: 'unhealthy' },
              on: { 'link.restored': 'healthy' },
            },
            unhealthy: { on: { 'link.restored': 'healthy' } },
          },
        },
      },
    },
    disconnecting: {
      // Closing again while closing waits for the first close: the root's shortcut to
      // `disconnected` would cancel the disconnect and keep the client.
      on: { 'connection.close': { actions: [] } },
      invoke: {
        src: 'disconnectUser',
        input: ({ context }) => ({ client: context.client! }),
        onDone: { target: 'disconnected', actions: 'clearClient' },
        onError: { target: 'disconnected', actions: 'clearClient' },
      },
    },
    disconnected: { type: 'final' },
  },
});

export type ChatConnectionMachine = typeof chatConnectionMachine;

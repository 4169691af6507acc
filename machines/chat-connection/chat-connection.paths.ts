/** The chat connection's path model: every event it can meet, with sample payloads. */
import { fromCallback, fromPromise } from 'xstate';
import { ownEventTypes, type PathEnd, type PathModel } from '../shared/path-coverage';
import { chatConnectionMachine } from './chat-connection.machine';
import {
  selectClient,
  selectError,
  selectFailureReason,
  selectStatus,
  selectTransport,
  selectUnreadCount,
} from './chat-connection.selectors';
import {
  MissingChatTokenError,
  UNREAD_EVENT_TYPES,
  type ChatConnected,
  type ChatConnectionContext,
  type ChatConnectionEvent,
  type ChatConnectionInput,
} from './chat-connection.types';

const client = { userID: '7' };
const input: ChatConnectionInput = { userId: '7', name: 'Robin', token: 'token', apiKey: 'key' };

const samples: ChatConnectionEvent[] = [
  { type: 'connection.close' },
  { type: 'connection.changed', online: true },
  { type: 'connection.changed', online: false },
  { type: 'connection.idNotFound' },
  { type: 'transport.changed', mode: 'longpoll' },
  { type: 'network.offline' },
  { type: 'network.online' },
  { type: 'link.lost' },
  { type: 'link.restored' },
  ...UNREAD_EVENT_TYPES.map((type) => ({ type, totalUnreadCount: 3 })),
  { type: 'message.read' },
];

type Snapshot = Parameters<typeof selectStatus>[0];
const shown = (s: PathEnd['snapshot']) => [selectStatus(s as Snapshot), selectClient(s as Snapshot)];
const failures = (s: PathEnd['snapshot']) => (s.context as ChatConnectionContext).failures;
const heldClient = (s: PathEnd['snapshot']) => (s.context as ChatConnectionContext).client;

/** Once ready: the connect's answer sets the client, count and transport; later events change only what they carry. */
function readyOutcome({ snapshot, before, event }: PathEnd) {
  const connected = event?.type === 'xstate.done.actor.0.chatConnection.connecting';
  const carried = event && typeof event.totalUnreadCount === 'number' ? event.totalUnreadCount : null;
  const reconnectFailed = event?.type.startsWith('xstate.error.actor.');
  const reconnected =
    (event?.type.startsWith('xstate.done.actor.') && event.type.includes('reconnecting')) ||
    (event?.type === 'connection.changed' && event.online === true);
  const s = snapshot as Snapshot;
  return {
    actual: [selectClient(s), selectUnreadCount(s), selectTransport(s), failures(snapshot)],
    expected: [
      client,
      connected ? 2 : (carried ?? selectUnreadCount(before as Snapshot)),
      connected ? 'longpoll' : event?.type === 'transport.changed' ? event.mode : selectTransport(before as Snapshot),
      connected || reconnected ? 0 : failures(before) + (reconnectFailed ? 1 : 0),
    ],
  };
}

const never = <T>() => new Promise<T>(() => undefined);

export const pathModel: PathModel = {
  name: 'chat-connection',
  machine: chatConnectionMachine.provide({
    actors: {
      connectUser: fromPromise(() => never<ChatConnected>()),
      watchClient: fromCallback(() => undefined),
      reconnect: fromPromise(() => never<void>()),
      disconnectUser: fromPromise(() => never<void>()),
    },
  }),
  input,
  events: (snapshot) =>
    ownEventTypes(snapshot).flatMap((type) => {
      if (type.startsWith('xstate.done.actor.'))
        return [
          {
            type,
            output: type.includes('connecting') ? { client, totalUnreadCount: 2, transport: 'longpoll' } : undefined,
          },
        ];
      if (type.startsWith('xstate.error.actor.'))
        return type.includes('connecting')
          ? [
              { type, error: new MissingChatTokenError() },
              { type, error: new Error('initial WS connection could not be established') },
            ]
          : [{ type, error: new Error('still unhealthy') }];
      if (type.startsWith('xstate.after.')) return [{ type }];
      return samples.filter((e) => e.type === type);
    }),
  // Counters are bucketed and the client reduced to its presence, so the graph stays finite.
  serializeState: (snapshot) => {
    const context = snapshot.context as ChatConnectionContext;
    return JSON.stringify({
      value: snapshot.value as unknown,
      status: snapshot.status,
      client: Boolean(context.client),
      unread: Math.min(context.unreadCount, 3),
      failures: Math.min(context.failures, 2),
      fresh: context.freshConnect,
      transport: context.transport,
    });
  },
  // Nothing but `ready` hands out the client; a failed connect says why; closing lets it go.
  outcomes: {
    connecting: ({ snapshot }) => ({
      actual: [...shown(snapshot), selectError(snapshot as Snapshot)],
      expected: ['connecting', null, null],
    }),
    noToken: ({ snapshot }) => ({
      actual: [...shown(snapshot), selectError(snapshot as Snapshot), selectFailureReason(snapshot as Snapshot)],
      expected: ['noToken', null, null, null],
    }),
    failed: ({ snapshot }) => ({
      actual: [...shown(snapshot), selectError(snapshot as Snapshot), selectFailureReason(snapshot as Snapshot)],
      expected: [
        'failed',
        null,
        { key: 'chat.connection.connectFailed' },
        'initial WS connection could not be established',
      ],
    }),
    ready: readyOutcome,
    // The client is kept to disconnect it with, but no longer handed out.
    disconnecting: ({ snapshot }) => ({
      actual: [...shown(snapshot), heldClient(snapshot)],
      expected: ['disconnecting', null, client],
    }),
    // The disconnect's answer lets the client go. (A second close while disconnecting ends here
    // too but keeps it in context: not checked, reported.)
    disconnected: ({ snapshot, event }) => ({
      actual: [...shown(snapshot), snapshot.status, event?.type.startsWith('xstate.') ? heldClient(snapshot) : null],
      expected: ['disconnected', null, 'done', null],
    }),
  },
};

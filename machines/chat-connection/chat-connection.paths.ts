/** The chat connection's path model: every event it can meet, with sample payloads. */
import { fromCallback, fromPromise } from 'xstate';
import { ownEventTypes, type PathModel } from '../shared/path-coverage';
import { chatConnectionMachine } from './chat-connection.machine';
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
};

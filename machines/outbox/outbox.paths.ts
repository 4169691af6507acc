/** Path models for the outbox and one outbox message. */
import { fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import { ownEventTypes, type PathModel } from '../shared/path-coverage';
import { outboxMachine, outboxMessageMachine } from './outbox.machine';
import type {
  OutboxContext,
  OutboxEvent,
  OutboxMessage,
  OutboxMessageContext,
  OutboxMessageEvent,
  PendingRecord,
} from './outbox.types';

const apiError = (code: number, status: number, message: string) =>
  Object.assign(new Error(`StreamChat error code ${code}: ${message}`), { code, status });
/** One sample error per branch: already stored, unauthorized, unsent, retryable. */
const sendErrors = [
  apiError(4, 400, 'a message with ID m1 already exists'),
  apiError(17, 403, 'not allowed'),
  Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
  apiError(-1, 500, 'internal system error'),
];
const sendError = { status: null, code: null, message: 'offline' };

const inertSend = fromPromise<unknown, { message: OutboxMessage }>(() => new Promise(() => {}));
const stored: PendingRecord[] = [
  { message: { id: 'stored-1', cid: 'messaging:room', text: 'kept' }, failure: 'retryable' },
  { message: { id: 'stored-2', cid: 'messaging:room', text: 'mid-send' }, failure: null },
];

const MAX_ENTRIES = 2;

export const pathModels: PathModel[] = [
  {
    name: 'outbox',
    machine: outboxMachine.provide({
      actors: {
        outboxMessage: outboxMessageMachine.provide({ actors: { sendMessage: inertSend } }),
        loadPending: fromPromise(() => new Promise<PendingRecord[]>(() => {})),
        savePending: fromPromise(() => new Promise<void>(() => {})),
        watchConnection: fromCallback(() => undefined),
      },
    }),
    input: { userId: 'alice' },
    events: (snapshot) => {
      const { entries } = snapshot.context as OutboxContext;
      const id = entries[0]?.id ?? 'm1';
      const own: OutboxEvent[] = [
        ...(entries.length < MAX_ENTRIES
          ? [
              {
                type: 'outbox.send' as const,
                message: { id: `m${entries.length + 1}`, cid: 'messaging:room', text: 'hi' },
              },
            ]
          : []),
        { type: 'outbox.retry', id },
        { type: 'outbox.discard', id },
        { type: 'connection.recovered' },
        { type: 'message.attempted', id },
        { type: 'message.failed', id, failure: 'unsent', error: sendError },
        { type: 'message.failed', id, failure: 'retryable', error: sendError },
        { type: 'message.received', id },
        { type: 'message.discarded', id },
        { type: 'pending.changed' },
      ];
      return ownEventTypes(snapshot).flatMap((type): AnyEventObject[] => {
        if (type.startsWith('xstate.done.actor.'))
          return type.includes('loading')
            ? [
                { type, output: stored },
                { type, output: [] },
              ]
            : [{ type }];
        if (type.startsWith('xstate.error.actor.')) return [{ type, error: new Error('storage unavailable') }];
        return own.filter((e) => e.type === type);
      });
    },
    serializeState: (snapshot) => {
      const { entries, dirty } = snapshot.context as OutboxContext;
      return JSON.stringify({
        value: snapshot.value as unknown,
        dirty,
        entries: entries.map((e) => [e.id, e.status, e.failure]),
      });
    },
  },
  {
    name: 'outbox-message',
    // Alone, a message has no outbox to tell; the path test stands in for it.
    machine: outboxMessageMachine.provide({
      actors: { sendMessage: inertSend },
      actions: {
        notifyAttempted: () => undefined,
        notifyFailed: () => undefined,
        notifyReceived: () => undefined,
        notifyDiscarded: () => undefined,
      },
    }),
    input: { message: { id: 'm1', cid: 'messaging:room', text: 'hi' } },
    events: (snapshot) => {
      const own: OutboxMessageEvent[] = [
        { type: 'message.send' },
        { type: 'message.restore', failure: 'retryable' },
        { type: 'message.restore', failure: 'unauthorized' },
        { type: 'message.restore', failure: 'unsent' },
        { type: 'message.retry' },
        { type: 'message.discard' },
      ];
      return ownEventTypes(snapshot).flatMap((type): AnyEventObject[] => {
        if (type.startsWith('xstate.done.actor.')) return [{ type, output: { message: { id: 'm1' } } }];
        if (type.startsWith('xstate.error.actor.')) return sendErrors.map((error) => ({ type, error }));
        return own.filter((e) => e.type === type);
      });
    },
    serializeState: (snapshot) => {
      const { failure, attempts } = snapshot.context as OutboxMessageContext;
      return JSON.stringify({ value: snapshot.value as unknown, failure, attempts: Math.min(attempts, 2) });
    },
  },
];

/**
 * The outbox (spec sections 4 and 8): every message the composer hands over is one
 * `message:<id>` child that goes sending → received, or failed as one of three kinds —
 * retryable ('Message Failed · Click to try again'), unauthorized ('Message Failed ·
 * Unauthorized') or unsent ('Error · Unsent'). A retry sends the same client-generated id, so
 * the service never stores a copy; its "already exists" answer (code 4) means received. Messages
 * not yet confirmed are written to storage (per user) and restored after a reload; unsent ones go
 * again when the chat connection recovers.
 */
import { assign, enqueueActions, fromCallback, fromPromise, raise, sendParent, sendTo, setup, stopChild } from 'xstate';
import { failureKindOf, isAlreadyStoredError, toSendError } from './outbox.rules';
import type {
  FailureKind,
  OutboxContext,
  OutboxEntry,
  OutboxEvent,
  OutboxInput,
  OutboxMessage,
  OutboxMessageContext,
  OutboxMessageEvent,
  OutboxMessageInput,
  PendingRecord,
  SendError,
} from './outbox.types';

const childId = (id: string) => `message:${id}`;
/** The failed kind a send error is, as the guards that pick the failed child read it. */
const kindOf = (error: unknown) => ({ failure: failureKindOf(toSendError(error)) });

export const outboxMessageMachine = setup({
  types: {
    context: {} as OutboxMessageContext,
    input: {} as OutboxMessageInput,
    events: {} as OutboxMessageEvent,
  },
  actors: {
    sendMessage: fromPromise<unknown, { message: OutboxMessage }>(() =>
      Promise.reject(new Error('sendMessage not provided')),
    ),
  },
  guards: {
    isAlreadyStored: (_, params: { error: unknown }) => isAlreadyStoredError(toSendError(params.error)),
    isUnauthorized: (_, params: { failure: FailureKind }) => params.failure === 'unauthorized',
    isUnsent: (_, params: { failure: FailureKind }) => params.failure === 'unsent',
    canRetry: ({ context }) => context.failure !== 'unauthorized',
  },
  actions: {
    countAttempt: assign({ attempts: ({ context }) => context.attempts + 1, failure: null }),
    recordFailure: assign((_, params: { error: unknown }) => {
      const error = toSendError(params.error);
      return { failure: failureKindOf(error), lastError: error };
    }),
    recordRestored: assign({ failure: (_, params: { failure: FailureKind }) => params.failure, lastError: null }),
    notifyAttempted: sendParent(({ context }): OutboxEvent => ({ type: 'message.attempted', id: context.message.id })),
    notifyFailed: sendParent(({ context }): OutboxEvent => ({
      type: 'message.failed',
      id: context.message.id,
      failure: context.failure ?? 'retryable',
      error: context.lastError,
    })),
    notifyReceived: sendParent(({ context }): OutboxEvent => ({ type: 'message.received', id: context.message.id })),
    notifyDiscarded: sendParent(({ context }): OutboxEvent => ({ type: 'message.discarded', id: context.message.id })),
  },
}).createMachine({
  id: 'outboxMessage',
  context: ({ input }) => ({ message: input.message, failure: null, lastError: null, attempts: 0 }),
  initial: 'queued',
  states: {
    queued: {
      on: {
        'message.send': 'sending',
        // Restored as the kind it was stored with.
        'message.restore': [
          {
            guard: { type: 'isUnauthorized', params: ({ event }) => event },
            target: 'failed.unauthorized',
            actions: { type: 'recordRestored', params: ({ event }) => event },
          },
          {
            guard: { type: 'isUnsent', params: ({ event }) => event },
            target: 'failed.unsent',
            actions: { type: 'recordRestored', params: ({ event }) => event },
          },
          { target: 'failed.retryable', actions: { type: 'recordRestored', params: ({ event }) => event } },
        ],
      },
    },
    sending: {
      entry: ['countAttempt', 'notifyAttempted'],
      invoke: {
        src: 'sendMessage',
        input: ({ context }) => ({ message: context.message }),
        onDone: 'received',
        onError: [
          {
            guard: { type: 'isAlreadyStored', params: ({ event }) => ({ error: event.error }) },
            target: 'received',
          },
          // Failed as the kind its error is (failureKindOf).
          {
            guard: { type: 'isUnauthorized', params: ({ event }) => kindOf(event.error) },
            target: 'failed.unauthorized',
            actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'isUnsent', params: ({ event }) => kindOf(event.error) },
            target: 'failed.unsent',
            actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'failed.retryable',
            actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    failed: {
      // Entered at its kind directly (the transitions into it pick it); `initial` only names the default.
      entry: 'notifyFailed',
      initial: 'retryable',
      on: {
        'message.retry': { guard: 'canRetry', target: 'sending' },
        'message.discard': 'discarded',
      },
      states: {
        retryable: {},
        unauthorized: {},
        unsent: {},
      },
    },
    received: { type: 'final', entry: 'notifyReceived' },
    discarded: { type: 'final', entry: 'notifyDiscarded' },
  },
});

const recordsOf = (entries: OutboxEntry[]): PendingRecord[] =>
  entries.map((e) => ({ message: e.message, failure: e.status === 'sending' ? null : e.failure }));

export const outboxMachine = setup({
  types: {
    context: {} as OutboxContext,
    input: {} as OutboxInput,
    events: {} as OutboxEvent,
  },
  actors: {
    outboxMessage: outboxMessageMachine,
    loadPending: fromPromise<PendingRecord[], { userId: string }>(() =>
      Promise.reject(new Error('loadPending not provided')),
    ),
    savePending: fromPromise<void, { userId: string; records: PendingRecord[] }>(() =>
      Promise.reject(new Error('savePending not provided')),
    ),
    /** Sends `connection.restored` when the chat connection is (back) up, at once if it already is. */
    watchConnection: fromCallback<OutboxEvent>(() => undefined),
  },
  guards: {
    isNewMessage: ({ context, event }) =>
      event.type === 'outbox.send' && !context.entries.some((e) => e.id === event.message.id),
    isKnown: ({ context, event }) => 'id' in event && context.entries.some((e) => e.id === event.id),
    isDirty: ({ context }) => context.dirty,
  },
  actions: {
    addMessage: enqueueActions(({ context, enqueue }, { message }: { message: OutboxMessage }) => {
      enqueue.assign({
        entries: ({ spawn }) => {
          spawn('outboxMessage', { id: childId(message.id), input: { message } });
          return [...context.entries, { id: message.id, message, status: 'sending', failure: null, lastError: null }];
        },
      });
      enqueue.sendTo(childId(message.id), { type: 'message.send' });
    }),
    restorePending: enqueueActions(({ context, enqueue }, params: { records: PendingRecord[] }) => {
      const known = new Set(context.entries.map((e) => e.id));
      const restored = params.records.filter((r) => !known.has(r.message.id));
      enqueue.assign({
        entries: ({ spawn }) => [
          ...context.entries,
          ...restored.map((r): OutboxEntry => {
            spawn('outboxMessage', { id: childId(r.message.id), input: { message: r.message } });
            return {
              id: r.message.id,
              message: r.message,
              status: 'failed',
              failure: r.failure ?? 'unsent',
              lastError: null,
            };
          }),
        ],
      });
      for (const r of restored)
        enqueue.sendTo(childId(r.message.id), { type: 'message.restore', failure: r.failure ?? 'unsent' });
    }),
    forwardRetry: sendTo(({ event }) => childId(event.type === 'outbox.retry' ? event.id : ''), {
      type: 'message.retry',
    }),
    forwardDiscard: sendTo(({ event }) => childId(event.type === 'outbox.discard' ? event.id : ''), {
      type: 'message.discard',
    }),
    retryUnsent: enqueueActions(({ context, enqueue }) => {
      for (const entry of context.entries)
        if (entry.status === 'failed' && entry.failure === 'unsent')
          enqueue.sendTo(childId(entry.id), { type: 'message.retry' });
    }),
    markAttempted: assign({
      entries: ({ context }, params: { id: string }) =>
        context.entries.map((e) =>
          e.id === params.id ? { ...e, status: 'sending' as const, failure: null, lastError: null } : e,
        ),
    }),
    markFailed: assign({
      entries: ({ context }, params: { id: string; failure: FailureKind; error: SendError | null }) =>
        context.entries.map((e) =>
          e.id === params.id
            ? { ...e, status: 'failed' as const, failure: params.failure, lastError: params.error }
            : e,
        ),
    }),
    removeEntry: assign({
      entries: ({ context }, params: { id: string }) => context.entries.filter((e) => e.id !== params.id),
    }),
    /** A finished child stays in `children` until stopped. */
    stopMessage: stopChild((_, params: { id: string }) => childId(params.id)),
    announceChange: raise({ type: 'pending.changed' }),
    markDirty: assign({ dirty: true }),
    clearDirty: assign({ dirty: false }),
  },
}).createMachine({
  id: 'outbox',
  context: ({ input }) => ({ userId: input.userId, entries: [], dirty: false }),
  on: {
    'outbox.send': {
      guard: 'isNewMessage',
      actions: [{ type: 'addMessage', params: ({ event }) => event }, 'announceChange'],
    },
    'outbox.retry': { guard: 'isKnown', actions: 'forwardRetry' },
    'outbox.discard': { guard: 'isKnown', actions: 'forwardDiscard' },
    'connection.restored': { actions: 'retryUnsent' },
    'message.attempted': { actions: [{ type: 'markAttempted', params: ({ event }) => event }, 'announceChange'] },
    'message.failed': { actions: [{ type: 'markFailed', params: ({ event }) => event }, 'announceChange'] },
    'message.received': {
      actions: [
        { type: 'removeEntry', params: ({ event }) => event },
        { type: 'stopMessage', params: ({ event }) => event },
        'announceChange',
      ],
    },
    'message.discarded': {
      actions: [
        { type: 'removeEntry', params: ({ event }) => event },
        { type: 'stopMessage', params: ({ event }) => event },
        'announceChange',
      ],
    },
  },
  initial: 'loading',
  states: {
    loading: {
      // Nothing is written before the stored list is read (that would overwrite it).
      invoke: {
        src: 'loadPending',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: {
          target: 'ready.saving',
          actions: { type: 'restorePending', params: ({ event }) => ({ records: event.output }) },
        },
        // Unreadable storage: carry on without it (and do not overwrite it until something changes).
        onError: 'ready',
      },
    },
    ready: {
      invoke: { src: 'watchConnection' },
      initial: 'idle',
      states: {
        idle: {
          on: { 'pending.changed': 'saving' },
        },
        saving: {
          entry: 'clearDirty',
          invoke: {
            src: 'savePending',
            input: ({ context }) => ({ userId: context.userId, records: recordsOf(context.entries) }),
            onDone: [{ guard: 'isDirty', target: 'saving', reenter: true }, { target: 'idle' }],
            // Best effort: a failed write is retried with the next change.
            onError: [{ guard: 'isDirty', target: 'saving', reenter: true }, { target: 'idle' }],
          },
          on: { 'pending.changed': { actions: 'markDirty' } },
        },
      },
    },
  },
});

export type OutboxMachine = typeof outboxMachine;
export type OutboxMessageMachine = typeof outboxMessageMachine;

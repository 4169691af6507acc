/** Path models for the outbox and one outbox message. */
import { fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import { ownEventTypes, type PathEnd, type PathModel, type PathOutcome } from '../shared/path-coverage';
import { outboxMachine, outboxMessageMachine } from './outbox.machine';
import { failureKindOf, toSendError } from './outbox.rules';
import { selectEntries, selectIsLoading } from './outbox.selectors';
import type {
  FailureKind,
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

type Snapshot = Parameters<typeof selectEntries>[0];
const rows = (s: Snapshot) => selectEntries(s).map((e) => [e.id, e.status, e.failure]);
const others = (s: Snapshot, id: unknown) => rows(s).filter(([entryId]) => entryId !== id);

/**
 * The outbox after its last event: a new message is appended as sending; a child's report sets
 * that entry alone (failed with its kind, or gone once received or discarded); restored messages
 * come back failed (mid-send ones as unsent); and whenever the entries changed once loaded, a
 * write is under way (ready.saving).
 */
const outboxOutcome: PathOutcome = (end: PathEnd) => {
  const [snapshot, before] = [end.snapshot as Snapshot, end.before as Snapshot];
  const event = end.event as (OutboxEvent & { output?: PendingRecord[] }) | undefined;
  const id = event && 'id' in event ? event.id : undefined;
  const saving = !selectIsLoading(snapshot) && JSON.stringify(rows(snapshot)) !== JSON.stringify(rows(before));
  const expectSaving = (expected: unknown) => ({
    actual: [rows(snapshot), saving && !snapshot.matches({ ready: 'saving' })],
    expected: [expected, false],
  });
  switch (event?.type) {
    case 'outbox.send':
      return expectSaving(
        rows(before).some(([entryId]) => entryId === event.message.id)
          ? rows(before)
          : [...rows(before), [event.message.id, 'sending', null]],
      );
    case 'message.attempted':
      return expectSaving(rows(before).map((r) => (r[0] === id ? [id, 'sending', null] : r)));
    case 'message.failed':
      return expectSaving(rows(before).map((r) => (r[0] === id ? [id, 'failed', event.failure] : r)));
    case 'message.received':
    case 'message.discarded':
      return expectSaving(others(before, id));
    // Forwarded to the message: whatever it does, the other entries stay as they were.
    case 'outbox.retry':
    case 'outbox.discard':
      return { actual: others(snapshot, id), expected: others(before, id) };
    // Unsent messages go again. Only restored ones have a child that failed too (the sends here
    // never settle; a `message.failed` the model sends the outbox reaches no child).
    case 'connection.restored':
      return expectSaving(
        rows(before).map((r) =>
          r[1] === 'failed' && r[2] === 'unsent' && String(r[0]).startsWith('stored-') ? [r[0], 'sending', null] : r,
        ),
      );
  }
  if (event?.type.startsWith('xstate.done.actor.') && event.output) {
    const known = rows(before).map(([entryId]) => entryId);
    const restored = event.output.filter((r) => !known.includes(r.message.id));
    return expectSaving([...rows(before), ...restored.map((r) => [r.message.id, 'failed', r.failure ?? 'unsent'])]);
  }
  return expectSaving(rows(before));
};

const attemptsOf = (s: PathEnd['snapshot']) => (s.context as OutboxMessageContext).attempts;
const failureOf = (s: PathEnd['snapshot']) => (s.context as OutboxMessageContext).failure;
/** The kind the last event says: restored as it, refused with an error of it, or (refused retry) as before. */
const kindSaid = ({ before, event }: PathEnd) => {
  if (event?.type === 'message.restore') return event.failure as FailureKind;
  if (event?.type.startsWith('xstate.error.actor.')) return failureKindOf(toSendError(event.error));
  return failureOf(before);
};
/** A message failed as `kind`, entered straight at that child from what the event says; an attempt is never undone. */
const failedAs =
  (kind: FailureKind): PathOutcome =>
  (end) => ({
    actual: [failureOf(end.snapshot), kindSaid(end), attemptsOf(end.snapshot)],
    expected: [kind, kind, attemptsOf(end.before)],
  });

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
        { type: 'connection.restored' },
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
    outcomes: { '*': outboxOutcome },
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
    outcomes: {
      queued: ({ snapshot }) => ({ actual: [failureOf(snapshot), attemptsOf(snapshot)], expected: [null, 0] }),
      // Every send is one more attempt, with the last failure cleared.
      sending: ({ snapshot, before }) => ({
        actual: [failureOf(snapshot), attemptsOf(snapshot)],
        expected: [null, attemptsOf(before) + 1],
      }),
      'failed.retryable': failedAs('retryable'),
      'failed.unauthorized': failedAs('unauthorized'),
      'failed.unsent': failedAs('unsent'),
      // Received: the send answered, or said the id is already stored (code 4), never otherwise.
      received: ({ event }) => ({
        actual: event?.type.startsWith('xstate.done.actor.') || (event?.error as { code?: number }).code === 4,
        expected: true,
      }),
      discarded: ({ snapshot, before, event }) => ({
        actual: [event?.type, failureOf(snapshot)],
        expected: ['message.discard', failureOf(before)],
      }),
    },
  },
];

import { fromCallback, fromPromise, type ActorRefFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { machineTest } from '../shared/machine-test';
import { newMessageId } from '../shared/message-id';
import { outboxMachine, outboxMessageMachine } from './outbox.machine';
import { failureKindOf, isAlreadyStoredError, toSendError } from './outbox.rules';
import { selectEntries, selectEntriesFor, selectFailed, selectIsLoading, selectSending } from './outbox.selectors';
import type { OutboxEvent, OutboxMessage, PendingRecord } from './outbox.types';

/** Errors shaped like the ones stream-chat throws. */
const apiError = (code: number, status: number, message: string) =>
  Object.assign(new Error(`StreamChat error code ${code}: ${message}`), { code, status });
const networkError = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3000'), { code: 'ECONNREFUSED' });
const notAllowed = () => apiError(17, 403, 'SendMessage failed with error: "not allowed"');
const serverDown = () => apiError(-1, 500, 'internal system error');
const duplicate = (id: string) =>
  apiError(4, 400, `SendMessage failed with error: "a message with ID ${id} already exists"`);

type Answer = 'ok' | Error | ((id: string) => Error) | Promise<never>;

/** An in-memory stand-in for the storage pair (JSON round trip, like localStorage). */
function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    read: (userId: string) => JSON.parse(data.get(userId) ?? '[]') as PendingRecord[],
  };
}

function start({
  answers = [],
  storage = memoryStorage(),
  userId = 'alice',
  load,
}: {
  answers?: Answer[];
  storage?: ReturnType<typeof memoryStorage>;
  userId?: string;
  load?: () => Promise<PendingRecord[]>;
} = {}) {
  const sent: string[] = [];
  let connection: ((event: OutboxEvent) => void) | undefined;
  const machine = outboxMachine.provide({
    actors: {
      outboxMessage: outboxMessageMachine.provide({
        actors: {
          sendMessage: fromPromise(async ({ input }) => {
            sent.push(input.message.id);
            const answer = answers.shift() ?? 'ok';
            if (answer === 'ok') return { message: { id: input.message.id } };
            if (answer instanceof Promise) return answer;
            throw typeof answer === 'function' ? answer(input.message.id) : answer;
          }),
        },
      }),
      loadPending: fromPromise(async ({ input }) => (load ? load() : storage.read(input.userId))),
      savePending: fromPromise(async ({ input }) => {
        storage.data.set(input.userId, JSON.stringify(input.records));
      }),
      watchConnection: fromCallback<OutboxEvent>(({ sendBack }) => {
        connection = sendBack;
      }),
    },
  });
  const run = machineTest(machine, { input: { userId } });
  return Object.assign(run, { sent, storage, recover: () => connection?.({ type: 'connection.restored' }) });
}

const message = (id: string, text = `text of ${id}`, cid = 'messaging:room'): OutboxMessage => ({ id, cid, text });

/** The `message:<id>` child of the outbox. */
const child = (run: ReturnType<typeof start>, id: string) =>
  run.snapshot().children[`message:${id}`] as ActorRefFrom<typeof outboxMessageMachine> | undefined;

/** Lets the pending list load; the outbox is then ready and saves nothing. */
async function ready(run: ReturnType<typeof start>) {
  (await run.settle()).expectPaths('ready.idle');
}

describe('error classification', () => {
  it('reduces chat client errors to status and numeric code', () => {
    expect(toSendError(notAllowed())).toMatchObject({ status: 403, code: 17 });
    expect(toSendError(networkError())).toMatchObject({ status: null, code: null });
    expect(toSendError('boom')).toEqual({ status: null, code: null, message: 'boom' });
  });

  it('maps 403 / code 17 to unauthorized, no answer to unsent, any other answer to retryable', () => {
    expect(failureKindOf(toSendError(notAllowed()))).toBe('unauthorized');
    expect(failureKindOf({ status: 403, code: null, message: 'Forbidden' })).toBe('unauthorized');
    expect(failureKindOf(toSendError(networkError()))).toBe('unsent');
    expect(failureKindOf(toSendError(new Error('You are offline')))).toBe('unsent');
    expect(failureKindOf(toSendError(serverDown()))).toBe('retryable');
    expect(failureKindOf(toSendError(apiError(9, 429, 'rate limit')))).toBe('retryable');
    expect(failureKindOf(toSendError(apiError(4, 400, 'message.text must be a string')))).toBe('retryable');
  });

  it('recognises "already exists" (code 4) only', () => {
    expect(isAlreadyStoredError(toSendError(duplicate('x')))).toBe(true);
    expect(isAlreadyStoredError(toSendError(apiError(4, 400, 'bad input')))).toBe(false);
    expect(isAlreadyStoredError(toSendError(apiError(16, 404, 'already exists')))).toBe(false);
  });

  it('makes ids the way stream-chat does: userId-uuid', () => {
    expect(newMessageId('alice', () => 'f00')).toBe('alice-f00');
    expect(newMessageId('alice')).toMatch(
      /^alice-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});

describe('outbox machine', () => {
  it('gives the same lists while the entries stay the same, new ones when they change', async () => {
    const run = start({ answers: [new Promise<never>(() => {}), new Promise<never>(() => {})] });
    await ready(run);
    run.send({ type: 'outbox.send', message: message('alice-9') });
    await run.settle();
    const snapshot = run.snapshot();
    expect(selectEntries(snapshot)).toBe(selectEntries(snapshot));
    expect(selectSending(snapshot)).toBe(selectSending(snapshot));
    expect(selectFailed(snapshot)).toBe(selectFailed(snapshot));
    expect(selectEntriesFor(snapshot, 'messaging:room')).toBe(selectEntriesFor(snapshot, 'messaging:room'));
    expect(selectEntriesFor(snapshot, 'messaging:room').map((e) => e.id)).toEqual(['alice-9']);
    const sending = selectSending(snapshot);
    run.send({ type: 'outbox.send', message: message('alice-10') });
    await run.settle();
    expect(selectSending(run.snapshot())).not.toBe(sending);
    expect(selectSending(run.snapshot()).map((e) => e.id)).toEqual(['alice-9', 'alice-10']);
  });

  it('sends a message as a message:<id> child; received removes it', async () => {
    const pending = new Promise<never>(() => {});
    const run = start({ answers: [pending] });
    await ready(run);
    run.send({ type: 'outbox.send', message: message('alice-1') });
    await run.settle();
    expect(child(run, 'alice-1')).toBeDefined();
    expect(selectSending(run.snapshot()).map((e) => e.id)).toEqual(['alice-1']);
    expect(selectEntries(run.snapshot())[0]).toMatchObject({ label: null, notice: null, canRetry: false });
    // Being sent is persisted too: a reload mid-send does not lose it.
    expect(run.storage.read('alice')).toEqual([{ message: message('alice-1'), failure: null }]);

    const ok = start();
    await ready(ok);
    ok.send({ type: 'outbox.send', message: message('alice-2') });
    await ok.settle();
    expect(ok.sent).toEqual(['alice-2']);
    expect(selectEntries(ok.snapshot())).toEqual([]);
    expect(child(ok, 'alice-2')).toBeUndefined();
    expect(ok.storage.read('alice')).toEqual([]);
  });

  it('lists each failed kind with the spec texts (as keys)', async () => {
    const run = start({ answers: [serverDown(), notAllowed(), networkError()] });
    await ready(run);
    for (const id of ['a', 'b', 'c']) run.send({ type: 'outbox.send', message: message(id) });
    await run.settle();
    expect(
      selectFailed(run.snapshot()).map(({ id, failure, label, notice, canRetry }) => ({
        id,
        failure,
        label,
        notice,
        canRetry,
      })),
    ).toEqual([
      {
        id: 'a',
        failure: 'retryable',
        label: { key: 'chat.outbox.failedRetry' },
        notice: { key: 'chat.outbox.sendFailed' },
        canRetry: true,
      },
      {
        id: 'b',
        failure: 'unauthorized',
        label: { key: 'chat.outbox.failedUnauthorized' },
        notice: { key: 'chat.outbox.sendFailed' },
        canRetry: false,
      },
      {
        id: 'c',
        failure: 'unsent',
        label: { key: 'chat.outbox.unsent' },
        notice: { key: 'chat.outbox.sendFailed' },
        canRetry: true,
      },
    ]);
    expect(selectFailed(run.snapshot())[1]!.lastError).toMatchObject({ status: 403, code: 17 });
    expect(child(run, 'a')?.getSnapshot().value).toEqual({ failed: 'retryable' });
  });

  it('retries with the same id; an unauthorized message is not retried', async () => {
    const run = start({ answers: [serverDown(), notAllowed()] });
    await ready(run);
    run.send({ type: 'outbox.send', message: message('a') }).send({ type: 'outbox.send', message: message('b') });
    (await run.settle())
      .send({ type: 'outbox.retry', id: 'b' })
      .send({ type: 'outbox.retry', id: 'nope' })
      .send({ type: 'outbox.retry', id: 'a' });
    await run.settle();
    expect(run.sent).toEqual(['a', 'b', 'a']);
    expect(selectEntries(run.snapshot()).map((e) => e.id)).toEqual(['b']);
  });

  it('a retry answered "already exists" counts as received; another code 4 stays failed', async () => {
    const run = start({
      answers: [networkError(), duplicate, apiError(4, 400, 'bad input'), apiError(4, 400, 'again')],
    });
    await ready(run);
    run.send({ type: 'outbox.send', message: message('a') });
    (await run.settle()).send({ type: 'outbox.retry', id: 'a' });
    await run.settle();
    expect(selectEntries(run.snapshot())).toEqual([]);
    run.send({ type: 'outbox.send', message: message('b') });
    await run.settle();
    expect(selectFailed(run.snapshot())).toMatchObject([{ id: 'b', failure: 'retryable' }]);
    run.send({ type: 'outbox.retry', id: 'b' });
    await run.settle();
    expect(child(run, 'b')?.getSnapshot().context.attempts).toBe(2);
  });

  it('ignores a second hand-over of the same id', async () => {
    const run = start({ answers: [new Promise<never>(() => {})] });
    await ready(run);
    run
      .send({ type: 'outbox.send', message: message('a') })
      .send({ type: 'outbox.send', message: message('a', 'other text') });
    await run.settle();
    expect(run.sent).toEqual(['a']);
    expect(selectEntries(run.snapshot()).map((e) => e.message.text)).toEqual(['text of a']);
  });

  it('discards a failed message', async () => {
    const run = start({ answers: [notAllowed()] });
    await ready(run);
    run.send({ type: 'outbox.send', message: message('a') });
    (await run.settle()).send({ type: 'outbox.discard', id: 'a' });
    await run.settle();
    expect(selectEntries(run.snapshot())).toEqual([]);
    expect(run.storage.read('alice')).toEqual([]);
  });

  it('a recovered connection resends every unsent message (same ids), not the other kinds', async () => {
    const run = start({ answers: [networkError(), networkError(), serverDown(), notAllowed()] });
    await ready(run);
    for (const id of ['u1', 'u2', 'r', 'x']) run.send({ type: 'outbox.send', message: message(id) });
    await run.settle();
    run.recover();
    await run.settle();
    expect(run.sent).toEqual(['u1', 'u2', 'r', 'x', 'u1', 'u2']);
    expect(selectFailed(run.snapshot()).map((e) => e.id)).toEqual(['r', 'x']);
  });

  it('filters entries per channel and thread', async () => {
    const run = start({ answers: [networkError(), networkError(), networkError()] });
    await ready(run);
    run
      .send({ type: 'outbox.send', message: message('a') })
      .send({ type: 'outbox.send', message: { ...message('b'), parent_id: 'p1' } })
      .send({ type: 'outbox.send', message: message('c', 'x', 'messaging:other') });
    await run.settle();
    expect(selectEntriesFor(run.snapshot(), 'messaging:room').map((e) => e.id)).toEqual(['a']);
    expect(selectEntriesFor(run.snapshot(), 'messaging:room', 'p1').map((e) => e.id)).toEqual(['b']);
  });

  describe('persistence', () => {
    it('failed and unsent messages survive a reload with their kinds; retry after it uses the same id', async () => {
      const storage = memoryStorage();
      const first = start({
        storage,
        answers: [serverDown(), networkError(), notAllowed(), new Promise<never>(() => {})],
      });
      await ready(first);
      for (const id of ['r', 'u', 'x', 's']) first.send({ type: 'outbox.send', message: message(id) });
      await first.settle();
      expect(storage.read('alice')).toEqual([
        { message: message('r'), failure: 'retryable' },
        { message: message('u'), failure: 'unsent' },
        { message: message('x'), failure: 'unauthorized' },
        { message: message('s'), failure: null },
      ]);
      first.stop();

      const reloaded = start({ storage });
      expect(selectIsLoading(reloaded.snapshot())).toBe(true);
      await ready(reloaded);
      expect(selectIsLoading(reloaded.snapshot())).toBe(false);
      expect(selectFailed(reloaded.snapshot()).map((e) => [e.id, e.failure])).toEqual([
        ['r', 'retryable'],
        ['u', 'unsent'],
        ['x', 'unauthorized'],
        ['s', 'unsent'], // was being sent: whether it arrived is unknown
      ]);
      expect(reloaded.sent).toEqual([]);
      reloaded.recover();
      await reloaded.settle();
      expect(reloaded.sent).toEqual(['u', 's']);
      reloaded.send({ type: 'outbox.retry', id: 'r' });
      await reloaded.settle();
      expect(reloaded.sent).toEqual(['u', 's', 'r']);
      expect(storage.read('alice')).toEqual([{ message: message('x'), failure: 'unauthorized' }]);
    });

    it('writes one list at a time: a change during a write is written right after it', async () => {
      const writes: string[][] = [];
      const gates: (() => void)[] = [];
      const machine = outboxMachine.provide({
        actors: {
          outboxMessage: outboxMessageMachine.provide({
            actors: { sendMessage: fromPromise(() => Promise.reject(networkError())) },
          }),
          loadPending: fromPromise(() => Promise.resolve([] as PendingRecord[])),
          savePending: fromPromise(
            ({ input }) =>
              new Promise<void>((resolve) => {
                writes.push(input.records.map((r) => `${r.message.id}:${r.failure ?? 'sending'}`));
                gates.push(resolve);
              }),
          ),
          watchConnection: fromCallback(() => undefined),
        },
      });
      const run = machineTest(machine, { input: { userId: 'alice' } });
      await run.settle();
      expect(writes).toEqual([[]]); // after loading
      run.send({ type: 'outbox.send', message: message('a') });
      (await run.settle()).expectPaths('ready.saving');
      expect(writes).toHaveLength(1); // still waiting for the first write
      expect(run.snapshot().context.dirty).toBe(true);
      gates.shift()!();
      await run.settle();
      expect(writes).toEqual([[], ['a:unsent']]);
      gates.shift()!();
      (await run.settle()).expectPaths('ready.idle');
      expect(writes).toHaveLength(2);
    });

    it('keeps each user’s list apart', async () => {
      const storage = memoryStorage();
      const alice = start({ storage, answers: [networkError()] });
      await ready(alice);
      alice.send({ type: 'outbox.send', message: message('a') });
      await alice.settle();
      const bob = start({ storage, userId: 'bob' });
      await ready(bob);
      expect(selectEntries(bob.snapshot())).toEqual([]);
      expect(storage.read('alice')).toHaveLength(1);
    });

    it('messages handed over while loading are kept and merged with the stored ones', async () => {
      const storage = memoryStorage();
      storage.data.set('alice', JSON.stringify([{ message: message('old'), failure: 'retryable' }]));
      let finishLoad!: (records: PendingRecord[]) => void;
      const run = start({
        storage,
        answers: [networkError()],
        load: () => new Promise((resolve) => (finishLoad = resolve)),
      });
      run.send({ type: 'outbox.send', message: message('new') });
      await run.settle();
      // Nothing was written while the stored list was unread.
      expect(storage.read('alice').map((r) => r.message.id)).toEqual(['old']);
      finishLoad(storage.read('alice'));
      await ready(run);
      expect(selectEntries(run.snapshot()).map((e) => e.id)).toEqual(['new', 'old']);
      expect(storage.read('alice').map((r) => r.message.id)).toEqual(['new', 'old']);
    });

    it('carries on when storage cannot be read, without overwriting it until something changes', async () => {
      const storage = memoryStorage();
      storage.data.set('alice', 'kept');
      const run = start({ storage, load: () => Promise.reject(new Error('SecurityError')) });
      await ready(run);
      expect(storage.data.get('alice')).toBe('kept');
      run.send({ type: 'outbox.send', message: message('a') });
      await run.settle();
      expect(run.sent).toEqual(['a']);
      expect(storage.read('alice')).toEqual([]);
    });
  });
});

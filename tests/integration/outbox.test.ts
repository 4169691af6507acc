/**
 * The outbox machine with its real actors (src/lib/actors/outbox-actors.ts) and a real
 * `stream-chat` client against the chat sandbox: sending, a stopped server, a reload, a restart
 * with the same ids, a lost answer, and a refusal.
 */
import type { StreamChat } from 'stream-chat';
import { createActor, waitFor, type Actor } from 'xstate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMachine } from '../../machines/outbox/outbox.machine';
import { selectEntries, selectFailed } from '../../machines/outbox/outbox.selectors';
import type { OutboxMessage, PendingRecord } from '../../machines/outbox/outbox.types';
import { newMessageId } from '../../machines/shared/message-id';
import { createOutboxActors, outboxStorageKey, type KeyValueStorage } from '../../src/lib/actors/outbox-actors';
import { connectClient, serverClient, startChatServer, type ChatServer } from '../support/chat.js';

/** localStorage's behaviour, in memory (node has no localStorage). */
class MemoryStorage implements KeyValueStorage {
  readonly data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
  pending(userId = 'alice'): PendingRecord[] {
    return JSON.parse(this.getItem(outboxStorageKey(userId)) ?? '[]') as PendingRecord[];
  }
}

type OutboxActor = Actor<typeof outboxMachine>;

describe('outbox against the chat sandbox', () => {
  let server: ChatServer;
  let alice: StreamChat;
  const actors: OutboxActor[] = [];

  beforeAll(async () => {
    server = await startChatServer();
    alice = await connectClient(server, 'alice', 'Alice Adams');
    await connectClient(server, 'bob', 'Bob Brown');
    await alice.channel('messaging', 'team', { members: ['alice', 'bob'] }).create();
    const frozen = serverClient(server).channel('messaging', 'frozen', {
      members: ['alice', 'bob'],
      created_by_id: 'bob',
    });
    await frozen.create();
    await frozen.updatePartial({ set: { frozen: true } });
  });
  afterAll(async () => {
    actors.forEach((a) => a.stop());
    await server.close();
  });

  function startOutbox(storage: KeyValueStorage): OutboxActor {
    const machine = outboxMachine.provide({ actors: createOutboxActors(alice, { storage, isOnline: () => true }) });
    const actor = createActor(machine, { input: { userId: 'alice' } }).start();
    actors.push(actor);
    return actor;
  }

  const message = (text: string, cid = 'messaging:team'): OutboxMessage => ({ id: newMessageId('alice'), cid, text });

  /** How many messages with this id the server holds in the channel (read with the secret). */
  async function copiesOnServer(id: string, channelId = 'team'): Promise<number> {
    const [state] = await serverClient(server).queryChannels(
      { cid: `messaging:${channelId}` },
      {},
      { message_limit: 100, user_id: 'alice' },
    );
    return (state?.state.messages ?? []).filter((m) => m.id === id).length;
  }

  const idle = (actor: OutboxActor) => waitFor(actor, (s) => s.matches({ ready: 'idle' }), { timeout: 5000 });

  it('sends a message with its client id: received, gone from the list and from storage', async () => {
    const storage = new MemoryStorage();
    const outbox = startOutbox(storage);
    const sent = message('Kick-off at 7');
    outbox.send({ type: 'outbox.send', message: sent });
    await waitFor(outbox, (s) => s.context.entries.length === 0, { timeout: 5000 });
    await idle(outbox);
    expect(await copiesOnServer(sent.id)).toBe(1);
    expect((await alice.getMessage(sent.id)).message).toMatchObject({ id: sent.id, text: 'Kick-off at 7' });
    expect(storage.pending()).toEqual([]);
  });

  it('a stopped server leaves the message unsent and stored; after a reload it is still listed; the restart sends it once, same id', async () => {
    const storage = new MemoryStorage();
    const outbox = startOutbox(storage);
    await idle(outbox);
    await server.app.close();
    const sent = message('Sent while the server was down');
    outbox.send({ type: 'outbox.send', message: sent });
    await waitFor(outbox, (s) => selectFailed(s).length === 1, { timeout: 10_000 });
    expect(selectFailed(outbox.getSnapshot())[0]).toMatchObject({
      id: sent.id,
      failure: 'unsent',
      label: { key: 'chat.outbox.unsent' },
      lastError: { status: null, code: null },
    });
    await idle(outbox);
    expect(storage.pending()).toEqual([{ message: sent, failure: 'unsent' }]);

    // Reload: a new outbox on the same storage lists the message again.
    outbox.stop();
    const reloaded = startOutbox(storage);
    await waitFor(reloaded, (s) => selectFailed(s).some((e) => e.id === sent.id && e.failure === 'unsent'), {
      timeout: 5000,
    });

    // The server comes back; the client reconnects (connection.recovered) and the outbox resends.
    const restarted = await server.restart();
    server = { ...restarted, clients: server.clients, chatUrl: `${restarted.url}/chat` };
    await waitFor(reloaded, (s) => selectEntries(s).length === 0, { timeout: 25_000 });
    await idle(reloaded);
    expect(await copiesOnServer(sent.id)).toBe(1);
    expect(storage.pending()).toEqual([]);
  }, 40_000);

  it('a retry of a message whose first answer was lost is received, and the server keeps one copy', async () => {
    const sent = message('The answer never came back');
    // The first attempt reached the server; its answer was lost, so the outbox stored it as unsent.
    await serverClient(server)
      .channel('messaging', 'team')
      .sendMessage({ id: sent.id, text: sent.text, user_id: 'alice' });
    const storage = new MemoryStorage();
    storage.setItem(outboxStorageKey('alice'), JSON.stringify([{ message: sent, failure: 'unsent' }]));
    // The connection is healthy, so the reloaded outbox retries at once and meets "already exists".
    const outbox = startOutbox(storage);
    await waitFor(outbox, (s) => !s.matches('loading') && selectEntries(s).length === 0, { timeout: 5000 });
    await idle(outbox);
    expect(await copiesOnServer(sent.id)).toBe(1);
    expect(storage.pending()).toEqual([]);
  });

  it('a refused message (frozen channel: 403, code 17) is unauthorized, kept, and not retried', async () => {
    const storage = new MemoryStorage();
    const outbox = startOutbox(storage);
    const sent = message('Let me post', 'messaging:frozen');
    outbox.send({ type: 'outbox.send', message: sent });
    await waitFor(outbox, (s) => selectFailed(s).length === 1, { timeout: 5000 });
    expect(selectFailed(outbox.getSnapshot())[0]).toMatchObject({
      id: sent.id,
      failure: 'unauthorized',
      label: { key: 'chat.outbox.failedUnauthorized' },
      canRetry: false,
      lastError: { status: 403, code: 17 },
    });
    outbox.send({ type: 'outbox.retry', id: sent.id });
    await idle(outbox);
    expect(selectFailed(outbox.getSnapshot())[0]).toMatchObject({ id: sent.id, failure: 'unauthorized' });
    expect(storage.pending()).toEqual([{ message: sent, failure: 'unauthorized' }]);
    expect(await copiesOnServer(sent.id, 'frozen')).toBe(0);
  });

  it('any other refusal (message too long: 400) is retryable and kept', async () => {
    const storage = new MemoryStorage();
    const outbox = startOutbox(storage);
    const sent = message('x'.repeat(5001));
    outbox.send({ type: 'outbox.send', message: sent });
    await waitFor(outbox, (s) => selectFailed(s).length === 1, { timeout: 5000 });
    const failed = selectFailed(outbox.getSnapshot())[0]!;
    expect(failed).toMatchObject({ id: sent.id, failure: 'retryable', label: { key: 'chat.outbox.failedRetry' } });
    expect(failed.lastError?.status).toBe(400);
    await idle(outbox);
    expect(storage.pending()).toEqual([{ message: sent, failure: 'retryable' }]);
  });
});

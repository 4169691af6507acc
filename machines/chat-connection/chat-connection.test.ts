import { createActor, fromCallback, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { chatConnectionMachine, RECONNECT_CAP_MS, UNHEALTHY_DELAY_MS } from './chat-connection.machine';
import {
  selectClient,
  selectError,
  selectIsHealthy,
  selectIsReady,
  selectStatus,
  selectTransport,
  selectUnreadCount,
} from './chat-connection.selectors';
import {
  MissingChatTokenError,
  type ChatClientHandle,
  type ChatConnected,
  type ChatConnectionInput,
} from './chat-connection.types';

const client: ChatClientHandle = { userID: '7' };
const input: ChatConnectionInput = { userId: '7', name: 'Robin', token: 'jwt', apiKey: 'key' };

interface Options {
  connect?: () => Promise<ChatConnected>;
  /** Outcome of each reconnect attempt in order (the last repeats); 'pending' never settles. */
  reconnects?: ('ok' | 'fail' | 'pending')[];
}

/** A connection actor with fake actors on a simulated clock; `calls` records what they were asked. */
function start({
  connect = () => Promise.resolve({ client, totalUnreadCount: 4, transport: 'websocket' as const }),
  reconnects = ['pending'],
}: Options = {}) {
  const clock = new SimulatedClock();
  const calls = {
    connect: [] as ChatConnectionInput[],
    reconnect: [] as { fresh: boolean; at: number }[],
    disconnect: [] as ChatClientHandle[],
    watching: 0,
  };
  const machine = chatConnectionMachine.provide({
    actors: {
      connectUser: fromPromise<ChatConnected, ChatConnectionInput>(({ input }) => {
        calls.connect.push(input);
        return connect();
      }),
      watchClient: fromCallback(() => {
        calls.watching++;
        return () => calls.watching--;
      }),
      reconnect: fromPromise<void, { client: ChatClientHandle; fresh: boolean }>(({ input }) => {
        const outcome = reconnects[Math.min(calls.reconnect.length, reconnects.length - 1)];
        calls.reconnect.push({ fresh: input.fresh, at: clock.now() });
        if (outcome === 'ok') return Promise.resolve();
        if (outcome === 'fail') return Promise.reject(new Error('still unhealthy'));
        return new Promise<never>(() => undefined);
      }),
      disconnectUser: fromPromise<void, { client: ChatClientHandle }>(({ input }) => {
        calls.disconnect.push(input.client);
        return Promise.resolve();
      }),
    },
  });
  const actor = createActor(machine, { clock, input }).start();
  return { actor, clock, calls };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function connected(options?: Options) {
  const started = start(options);
  await settle();
  expect(started.actor.getSnapshot().matches('ready')).toBe(true);
  return started;
}

describe('chat connection machine', () => {
  it('without a token it never connects: noToken, no client', async () => {
    const { actor, calls } = start({ connect: () => Promise.reject(new MissingChatTokenError()) });
    await settle();
    expect(actor.getSnapshot().value).toBe('noToken');
    expect(selectStatus(actor.getSnapshot())).toBe('noToken');
    expect(selectClient(actor.getSnapshot())).toBeNull();
    expect(selectError(actor.getSnapshot())).toBeNull();
    expect(calls.watching).toBe(0);
  });

  it('exposes the client only after a successful connect, with the initial unread count', async () => {
    let resolve!: (value: ChatConnected) => void;
    const { actor, calls } = start({ connect: () => new Promise((r) => (resolve = r)) });
    expect(selectStatus(actor.getSnapshot())).toBe('connecting');
    expect(selectClient(actor.getSnapshot())).toBeNull();
    expect(selectIsReady(actor.getSnapshot())).toBe(false);
    expect(calls.connect).toEqual([input]);
    resolve({ client, totalUnreadCount: 4, transport: 'websocket' });
    await settle();
    expect(selectStatus(actor.getSnapshot())).toBe('connected');
    expect(selectClient(actor.getSnapshot())).toBe(client);
    expect(selectIsReady(actor.getSnapshot())).toBe(true);
    expect(selectIsHealthy(actor.getSnapshot())).toBe(true);
    expect(selectUnreadCount(actor.getSnapshot())).toBe(4);
    expect(calls.watching).toBe(1);
  });

  it('a failed first connect shows the refresh text; the browser coming online tries again', async () => {
    let attempts = 0;
    const { actor } = start({
      connect: () =>
        ++attempts === 1
          ? Promise.reject(new Error('initial WS connection could not be established'))
          : Promise.resolve({ client, totalUnreadCount: 0, transport: 'websocket' as const }),
    });
    await settle();
    expect(selectStatus(actor.getSnapshot())).toBe('failed');
    expect(selectError(actor.getSnapshot())).toEqual({ key: 'chat.connection.connectFailed' });
    expect(actor.getSnapshot().context.failureReason).toBe('initial WS connection could not be established');
    expect(selectClient(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'network.online' });
    await settle();
    expect(selectStatus(actor.getSnapshot())).toBe('connected');
    expect(actor.getSnapshot().context.failureReason).toBeNull();
  });

  describe('health', () => {
    it('publishes unhealthy after exactly 5 s of a lost connection, not before', async () => {
      const { actor, clock } = await connected();
      actor.send({ type: 'connection.changed', online: false });
      expect(actor.getSnapshot().matches({ ready: { link: 'waitingToReconnect', health: 'unhealthyPending' } })).toBe(
        true,
      );
      expect(selectStatus(actor.getSnapshot())).toBe('connected');
      expect(selectError(actor.getSnapshot())).toBeNull();
      clock.increment(UNHEALTHY_DELAY_MS - 1);
      expect(selectIsHealthy(actor.getSnapshot())).toBe(true);
      clock.increment(1);
      expect(selectIsHealthy(actor.getSnapshot())).toBe(false);
      expect(selectStatus(actor.getSnapshot())).toBe('reconnecting');
      expect(selectError(actor.getSnapshot())).toEqual({ key: 'chat.connection.reconnecting' });
      // The same text object from snapshot to snapshot: a screen selecting it does not re-render.
      const shown = selectError(actor.getSnapshot());
      clock.increment(1);
      expect(selectError(actor.getSnapshot())).toBe(shown);
      // The client stays available meanwhile (offline reads, queued sends).
      expect(selectClient(actor.getSnapshot())).toBe(client);
    });

    it('coming back within 5 s cancels it', async () => {
      const { actor, clock } = await connected();
      actor.send({ type: 'connection.changed', online: false });
      clock.increment(UNHEALTHY_DELAY_MS - 1);
      actor.send({ type: 'connection.changed', online: true });
      expect(actor.getSnapshot().matches({ ready: { link: 'connected', health: 'healthy' } })).toBe(true);
      clock.increment(UNHEALTHY_DELAY_MS * 2);
      expect(selectIsHealthy(actor.getSnapshot())).toBe(true);
    });

    it('back to healthy after being published unhealthy clears the text', async () => {
      const { actor, clock } = await connected();
      actor.send({ type: 'connection.changed', online: false });
      clock.increment(UNHEALTHY_DELAY_MS);
      expect(selectError(actor.getSnapshot())).not.toBeNull();
      actor.send({ type: 'connection.changed', online: true });
      expect(selectStatus(actor.getSnapshot())).toBe('connected');
      expect(selectError(actor.getSnapshot())).toBeNull();
    });
  });

  describe('reconnection', () => {
    it('tries again with backoff 1, 2, 4, 8, 16 s, then every 25 s (the cap)', async () => {
      const { actor, clock, calls } = await connected({ reconnects: ['fail'] });
      actor.send({ type: 'connection.changed', online: false });
      const expected = [1000, 2000, 4000, 8000, 16000, RECONNECT_CAP_MS, RECONNECT_CAP_MS, RECONNECT_CAP_MS];
      const waits: number[] = [];
      let last = clock.now();
      for (const delay of expected) {
        clock.increment(delay - 1);
        await settle();
        const before = calls.reconnect.length;
        clock.increment(1);
        await settle();
        expect(calls.reconnect.length).toBe(before + 1);
        waits.push(calls.reconnect.at(-1)!.at - last);
        last = clock.now();
      }
      expect(waits).toEqual(expected);
      expect(actor.getSnapshot().context.failures).toBe(expected.length);
      expect(actor.getSnapshot().matches({ ready: { link: 'waitingToReconnect' } })).toBe(true);
    });

    it('a successful attempt reconnects and resets the backoff', async () => {
      const { actor, clock, calls } = await connected({ reconnects: ['fail', 'ok', 'fail'] });
      actor.send({ type: 'connection.changed', online: false });
      clock.increment(1000);
      await settle();
      clock.increment(2000);
      await settle();
      expect(calls.reconnect).toHaveLength(2);
      expect(selectStatus(actor.getSnapshot())).toBe('connected');
      expect(actor.getSnapshot().context.failures).toBe(0);
      actor.send({ type: 'connection.changed', online: false });
      clock.increment(999);
      await settle();
      expect(calls.reconnect).toHaveLength(2);
      clock.increment(1);
      await settle();
      expect(calls.reconnect).toHaveLength(3);
    });

    it('the client reconnecting by itself ends the wait', async () => {
      const { actor, clock, calls } = await connected();
      actor.send({ type: 'connection.changed', online: false });
      clock.increment(500);
      actor.send({ type: 'connection.changed', online: true });
      clock.increment(RECONNECT_CAP_MS);
      await settle();
      expect(calls.reconnect).toHaveLength(0);
      expect(selectStatus(actor.getSnapshot())).toBe('connected');
    });

    it('a connection-id error (code 46) reconnects at once without the id', async () => {
      const { actor, calls } = await connected({ reconnects: ['fail', 'ok'] });
      actor.send({ type: 'connection.idNotFound' });
      expect(actor.getSnapshot().matches({ ready: { link: 'reconnecting' } })).toBe(true);
      expect(calls.reconnect).toEqual([{ fresh: true, at: 0 }]);
      await settle();
      // Still without the id on the next attempt, until one succeeds.
      actor.send({ type: 'network.online' });
      expect(actor.getSnapshot().context.freshConnect).toBe(true);
    });

    it('offline closes the connection; online reconnects at once', async () => {
      const { actor, clock, calls } = await connected({ reconnects: ['ok'] });
      actor.send({ type: 'network.offline' });
      expect(actor.getSnapshot().matches({ ready: { link: 'offline' } })).toBe(true);
      clock.increment(RECONNECT_CAP_MS * 4);
      await settle();
      expect(calls.reconnect).toHaveLength(0);
      expect(selectStatus(actor.getSnapshot())).toBe('offline');
      expect(selectError(actor.getSnapshot())).toEqual({ key: 'chat.connection.reconnecting' });
      actor.send({ type: 'network.online' });
      expect(calls.reconnect).toEqual([{ fresh: false, at: clock.now() }]);
      await settle();
      expect(selectStatus(actor.getSnapshot())).toBe('connected');
    });
  });

  it('recomputes the total unread count on the four unread events', async () => {
    const { actor } = await connected();
    actor.send({ type: 'message.new', totalUnreadCount: 5 });
    expect(selectUnreadCount(actor.getSnapshot())).toBe(5);
    actor.send({ type: 'notification.message_new', totalUnreadCount: 6 });
    expect(selectUnreadCount(actor.getSnapshot())).toBe(6);
    // Someone else's read carries no total: the count stays.
    actor.send({ type: 'message.read' });
    expect(selectUnreadCount(actor.getSnapshot())).toBe(6);
    actor.send({ type: 'message.read', totalUnreadCount: 2 });
    expect(selectUnreadCount(actor.getSnapshot())).toBe(2);
    actor.send({ type: 'notification.mark_read', totalUnreadCount: 0 });
    expect(selectUnreadCount(actor.getSnapshot())).toBe(0);
  });

  it('follows the transport (long-poll fallback)', async () => {
    const { actor } = await connected();
    expect(selectTransport(actor.getSnapshot())).toBe('websocket');
    actor.send({ type: 'transport.changed', mode: 'longpoll' });
    expect(selectTransport(actor.getSnapshot())).toBe('longpoll');
  });

  it('takes the transport the connect ended up on (already on long poll when the websocket failed)', async () => {
    const { actor } = start({ connect: () => Promise.resolve({ client, totalUnreadCount: 0, transport: 'longpoll' }) });
    await waitFor(actor, selectIsReady);
    expect(selectTransport(actor.getSnapshot())).toBe('longpoll');
  });

  it('close disconnects the user and ends; the client is no longer exposed', async () => {
    const { actor, calls } = await connected();
    actor.send({ type: 'connection.close' });
    expect(selectStatus(actor.getSnapshot())).toBe('disconnecting');
    expect(selectClient(actor.getSnapshot())).toBeNull();
    await settle();
    expect(calls.disconnect).toEqual([client]);
    expect(calls.watching).toBe(0);
    expect(actor.getSnapshot().status).toBe('done');
    expect(selectStatus(actor.getSnapshot())).toBe('disconnected');
    expect(actor.getSnapshot().context.client).toBeNull();
  });

  it('close while connecting ends without a client', async () => {
    const { actor, calls } = start({ connect: () => new Promise<never>(() => undefined) });
    actor.send({ type: 'connection.close' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(calls.disconnect).toEqual([]);
  });
});

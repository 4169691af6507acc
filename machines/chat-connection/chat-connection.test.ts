import { fromCallback, fromPromise, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import { machineTest } from '../shared/machine-test';
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
  return { run: machineTest(machine, { clock, input }), clock, calls };
}

async function connected(options?: Options) {
  const started = start(options);
  (await started.run.settle()).expectPaths('ready.link.connected', 'ready.health.healthy');
  return started;
}

describe('chat connection machine', () => {
  it('without a token it never connects: noToken, no client', async () => {
    const { run, calls } = start({ connect: () => Promise.reject(new MissingChatTokenError()) });
    (await run.settle())
      .expectPaths('noToken')
      .expectSelected(selectStatus, 'noToken')
      .expectSelected(selectClient, null)
      .expectSelected(selectError, null);
    expect(calls.watching).toBe(0);
  });

  it('exposes the client only after a successful connect, with the initial unread count', async () => {
    let resolve!: (value: ChatConnected) => void;
    const { run, calls } = start({ connect: () => new Promise((r) => (resolve = r)) });
    run
      .expectSelected(selectStatus, 'connecting')
      .expectSelected(selectClient, null)
      .expectSelected(selectIsReady, false);
    expect(calls.connect).toEqual([input]);
    resolve({ client, totalUnreadCount: 4, transport: 'websocket' });
    (await run.settle()).expectSelected(selectStatus, 'connected');
    expect(selectClient(run.snapshot())).toBe(client);
    run.expectSelected(selectIsReady, true).expectSelected(selectIsHealthy, true).expectSelected(selectUnreadCount, 4);
    expect(calls.watching).toBe(1);
  });

  it('a failed first connect shows the refresh text; the browser coming online tries again', async () => {
    let attempts = 0;
    const { run } = start({
      connect: () =>
        ++attempts === 1
          ? Promise.reject(new Error('initial WS connection could not be established'))
          : Promise.resolve({ client, totalUnreadCount: 0, transport: 'websocket' as const }),
    });
    (await run.settle())
      .expectSelected(selectStatus, 'failed')
      .expectSelected(selectError, { key: 'chat.connection.connectFailed' });
    expect(run.snapshot().context.failureReason).toBe('initial WS connection could not be established');
    run.expectSelected(selectClient, null).send({ type: 'network.online' });
    (await run.settle()).expectSelected(selectStatus, 'connected');
    expect(run.snapshot().context.failureReason).toBeNull();
  });

  describe('health', () => {
    it('publishes unhealthy after exactly 5 s of a lost connection, not before', async () => {
      const { run } = await connected();
      run
        .send({ type: 'connection.changed', online: false })
        .expectPaths('ready.link.waitingToReconnect', 'ready.health.unhealthyPending')
        .expectSelected(selectStatus, 'connected')
        .expectSelected(selectError, null)
        .advance(UNHEALTHY_DELAY_MS - 1)
        .expectSelected(selectIsHealthy, true)
        .advance(1)
        .expectSelected(selectIsHealthy, false)
        .expectSelected(selectStatus, 'reconnecting')
        .expectSelected(selectError, { key: 'chat.connection.reconnecting' });
      // The same text object from snapshot to snapshot: a screen selecting it does not re-render.
      const shown = selectError(run.snapshot());
      run.advance(1);
      expect(selectError(run.snapshot())).toBe(shown);
      // The client stays available meanwhile (offline reads, queued sends).
      expect(selectClient(run.snapshot())).toBe(client);
    });

    it('coming back within 5 s cancels it', async () => {
      const { run } = await connected();
      run
        .send({ type: 'connection.changed', online: false })
        .advance(UNHEALTHY_DELAY_MS - 1)
        .send({ type: 'connection.changed', online: true })
        .expectPaths('ready.link.connected', 'ready.health.healthy')
        .advance(UNHEALTHY_DELAY_MS * 2)
        .expectSelected(selectIsHealthy, true);
    });

    it('back to healthy after being published unhealthy clears the text', async () => {
      const { run } = await connected();
      run.send({ type: 'connection.changed', online: false }).advance(UNHEALTHY_DELAY_MS);
      expect(selectError(run.snapshot())).not.toBeNull();
      run
        .send({ type: 'connection.changed', online: true })
        .expectSelected(selectStatus, 'connected')
        .expectSelected(selectError, null);
    });
  });

  describe('reconnection', () => {
    it('tries again with backoff 1, 2, 4, 8, 16 s, then every 25 s (the cap)', async () => {
      const { run, clock, calls } = await connected({ reconnects: ['fail'] });
      run.send({ type: 'connection.changed', online: false });
      const expected = [1000, 2000, 4000, 8000, 16000, RECONNECT_CAP_MS, RECONNECT_CAP_MS, RECONNECT_CAP_MS];
      const waits: number[] = [];
      let last = clock.now();
      for (const delay of expected) {
        run.advance(delay - 1);
        await run.settle();
        const before = calls.reconnect.length;
        run.advance(1);
        await run.settle();
        expect(calls.reconnect.length).toBe(before + 1);
        waits.push(calls.reconnect.at(-1)!.at - last);
        last = clock.now();
      }
      expect(waits).toEqual(expected);
      expect(run.snapshot().context.failures).toBe(expected.length);
      run.expectPaths('ready.link.waitingToReconnect', 'ready.health.unhealthy');
    });

    it('a successful attempt reconnects and resets the backoff', async () => {
      const { run, calls } = await connected({ reconnects: ['fail', 'ok', 'fail'] });
      run.send({ type: 'connection.changed', online: false }).advance(1000);
      (await run.settle()).advance(2000);
      await run.settle();
      expect(calls.reconnect).toHaveLength(2);
      run.expectSelected(selectStatus, 'connected');
      expect(run.snapshot().context.failures).toBe(0);
      run.send({ type: 'connection.changed', online: false }).advance(999);
      await run.settle();
      expect(calls.reconnect).toHaveLength(2);
      run.advance(1);
      await run.settle();
      expect(calls.reconnect).toHaveLength(3);
    });

    it('the client reconnecting by itself ends the wait', async () => {
      const { run, calls } = await connected();
      run
        .send({ type: 'connection.changed', online: false })
        .advance(500)
        .send({ type: 'connection.changed', online: true })
        .advance(RECONNECT_CAP_MS);
      await run.settle();
      expect(calls.reconnect).toHaveLength(0);
      run.expectSelected(selectStatus, 'connected');
    });

    it('a connection-id error (code 46) reconnects at once without the id', async () => {
      const { run, calls } = await connected({ reconnects: ['fail', 'ok'] });
      run
        .send({ type: 'connection.idNotFound' })
        .expectPaths('ready.link.reconnecting', 'ready.health.unhealthyPending');
      expect(calls.reconnect).toEqual([{ fresh: true, at: 0 }]);
      await run.settle();
      // Still without the id on the next attempt, until one succeeds.
      run.send({ type: 'network.online' });
      expect(run.snapshot().context.freshConnect).toBe(true);
    });

    it('offline closes the connection; online reconnects at once', async () => {
      const { run, clock, calls } = await connected({ reconnects: ['ok'] });
      run
        .send({ type: 'network.offline' })
        .expectPaths('ready.link.offline', 'ready.health.unhealthyPending')
        .advance(RECONNECT_CAP_MS * 4);
      await run.settle();
      expect(calls.reconnect).toHaveLength(0);
      run
        .expectSelected(selectStatus, 'offline')
        .expectSelected(selectError, { key: 'chat.connection.reconnecting' })
        .send({ type: 'network.online' });
      expect(calls.reconnect).toEqual([{ fresh: false, at: clock.now() }]);
      (await run.settle()).expectSelected(selectStatus, 'connected');
    });
  });

  it('recomputes the total unread count on the four unread events', async () => {
    const { run } = await connected();
    run
      .send({ type: 'message.new', totalUnreadCount: 5 })
      .expectSelected(selectUnreadCount, 5)
      .send({ type: 'notification.message_new', totalUnreadCount: 6 })
      .expectSelected(selectUnreadCount, 6);
    // Someone else's read carries no total: the count stays.
    run
      .send({ type: 'message.read' })
      .expectSelected(selectUnreadCount, 6)
      .send({ type: 'message.read', totalUnreadCount: 2 })
      .expectSelected(selectUnreadCount, 2)
      .send({ type: 'notification.mark_read', totalUnreadCount: 0 })
      .expectSelected(selectUnreadCount, 0);
  });

  it('follows the transport (long-poll fallback)', async () => {
    const { run } = await connected();
    run
      .expectSelected(selectTransport, 'websocket')
      .send({ type: 'transport.changed', mode: 'longpoll' })
      .expectSelected(selectTransport, 'longpoll');
  });

  it('takes the transport the connect ended up on (already on long poll when the websocket failed)', async () => {
    const { run } = start({ connect: () => Promise.resolve({ client, totalUnreadCount: 0, transport: 'longpoll' }) });
    (await run.settle())
      .expectPaths('ready.link.connected', 'ready.health.healthy')
      .expectSelected(selectIsReady, true)
      .expectSelected(selectTransport, 'longpoll');
  });

  it('close disconnects the user and ends; the client is no longer exposed', async () => {
    const { run, calls } = await connected();
    run
      .send({ type: 'connection.close' })
      .expectSelected(selectStatus, 'disconnecting')
      .expectSelected(selectClient, null);
    // Closing again while closing waits for the same disconnect.
    run.send({ type: 'connection.close' }).expectSelected(selectStatus, 'disconnecting');
    await run.settle();
    expect(calls.disconnect).toEqual([client]);
    expect(calls.watching).toBe(0);
    run.expectStatus('done');
    run.expectSelected(selectStatus, 'disconnected');
    expect(run.snapshot().context.client).toBeNull();
  });

  it('close while connecting ends without a client', async () => {
    const { run, calls } = start({ connect: () => new Promise<never>(() => undefined) });
    run.send({ type: 'connection.close' });
    run.expectStatus('done');
    expect(calls.disconnect).toEqual([]);
  });
});

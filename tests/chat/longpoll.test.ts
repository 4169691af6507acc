import { StreamChat, type Channel, type Event } from 'stream-chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LongPollConnection } from '../../server/chat-sandbox/longpoll.js';
import { ENGINES } from '../support/engines.js';
import { startWsRefusingProxy } from '../support/ws-refusing-proxy.js';
import {
  connectClient,
  nextEvent,
  recordEvents,
  settle,
  startChatServer,
  userToken,
  type ChatServer,
} from '../support/chat.js';

describe.each(ENGINES)('chat long-poll fallback on $name', (engine) => {
  let server: ChatServer;
  let proxy: Awaited<ReturnType<typeof startWsRefusingProxy>>;
  let alice: StreamChat;
  let bob: StreamChat;
  let aliceRoom: Channel;
  let bobRoom: Channel;
  const transports: Event[] = [];

  const sandbox = () => server.app.chatSandbox!;
  const longpoll = (query: Record<string, string>, userId = 'alice') =>
    fetch(`${server.chatUrl}/longpoll?${new URLSearchParams({ api_key: server.config.chatApiKey, ...query })}`, {
      headers: { authorization: userToken(server, userId), 'stream-auth-type': 'jwt' },
    });

  beforeAll(async () => {
    server = await startChatServer(engine);
    proxy = await startWsRefusingProxy(server.url);
    bob = await connectClient(server, 'bob', 'Bob Brown');
    alice = new StreamChat(server.config.chatApiKey, {
      baseURL: `${proxy.url}/chat`,
      allowServerSideConnect: true,
      enableWSFallback: true,
      timeout: 5000,
    });
    server.clients.push(alice);
    alice.on('transport.changed', (event) => transports.push(event));
    await alice.connectUser({ id: 'alice', name: 'Alice Adams' }, userToken(server, 'alice'));
    aliceRoom = alice.channel('messaging', 'fallback', { members: ['alice', 'bob'] });
    await aliceRoom.watch();
    bobRoom = bob.channel('messaging', 'fallback');
    await bobRoom.watch();
  }, 60_000);
  afterAll(async () => {
    await server.close();
    await proxy.close();
  });

  it('connects over long-poll when WebSockets are refused', () => {
    expect(proxy.upgrades()).toBeGreaterThan(0);
    expect(transports.map((e) => e.mode)).toEqual(['longpoll']);
    expect(alice.wsFallback?.state).toBe('CONNECTED');
    expect(alice.wsConnection?.isHealthy).toBe(false);
    expect(alice.user).toMatchObject({ id: 'alice', name: 'Alice Adams', mutes: [], channel_mutes: [] });
    const id = alice.wsFallback!.connectionID!;
    expect(id).toEqual(expect.any(String));
    expect(alice._getConnectionID()).toBe(id);
    const connection = sandbox().gateway.get(id);
    expect(connection).toBeInstanceOf(LongPollConnection);
    expect(connection?.userId).toBe('alice');
    // The watch went through with the long-poll connection id.
    expect(connection?.watching.has('messaging:fallback')).toBe(true);
    expect(sandbox().gateway.isOnline('alice')).toBe(true);
  });

  it("delivers another user's messages as message.new, in order, and the client state follows", async () => {
    const seen = recordEvents(alice, 'message.new');
    const texts = ['one', 'two', 'three', 'four', 'five'];
    const last = nextEvent(alice, 'message.new', 5000, (e) => e.message?.text === 'five');
    for (const text of texts) await bobRoom.sendMessage({ text });
    await last;
    await settle();
    expect(seen.map((e) => e.message?.text)).toEqual(texts);
    expect(seen[0]).toMatchObject({ cid: 'messaging:fallback', channel_type: 'messaging', user: { id: 'bob' } });
    expect(aliceRoom.state.messages.map((m) => m.text)).toEqual(texts);
    expect(aliceRoom.countUnread()).toBe(5);
  });

  it('answers a held poll as soon as an event arrives', async () => {
    await settle(1500); // the client's poll is now held by the server
    const arrived = nextEvent(alice, 'message.new', 5000, (e) => e.message?.text === 'after a pause');
    const sentAt = Date.now();
    await bobRoom.sendMessage({ text: 'after a pause' });
    await arrived;
    expect(Date.now() - sentAt).toBeLessThan(1000);
  });

  it('sends from the long-poll client reach the WebSocket client; other events flow too', async () => {
    const bobSees = nextEvent(bob, 'message.new', 3000, (e) => e.message?.text === 'hello from long-poll');
    const { message } = await aliceRoom.sendMessage({ text: 'hello from long-poll' });
    expect((await bobSees).message?.id).toBe(message.id);

    const reaction = nextEvent(alice, 'reaction.new', 5000);
    await bobRoom.sendReaction(message.id, { type: 'love' });
    expect((await reaction).reaction).toMatchObject({ type: 'love', user_id: 'bob' });

    const read = nextEvent(alice, 'message.read', 5000, (e) => e.user?.id === 'bob');
    await bobRoom.markRead();
    expect((await read).cid).toBe('messaging:fallback');
  });

  it('answers code 46 for an unknown connection id, and for a connection of another user', async () => {
    const unknown = await longpoll({ connection_id: 'no-such-connection', user_id: 'alice' });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ code: 46, StatusCode: 400, message: expect.any(String) });

    const foreign = await longpoll({ connection_id: alice.wsFallback!.connectionID! }, 'bob');
    expect(foreign.status).toBe(400);
    expect(((await foreign.json()) as { code: number }).code).toBe(46);

    const noKey = await fetch(`${server.chatUrl}/longpoll?connection_id=x`);
    expect(((await noKey.json()) as { code: number }).code).toBe(2);
  });

  it('a raw connect answers a health check with connection_id and me; a poll with queued events; close removes it', async () => {
    const json = JSON.stringify({ user_id: 'carol', user_details: { id: 'carol', name: 'Carol Chen' } });
    const opened = await longpoll({ json, user_id: 'carol' }, 'carol');
    expect(opened.status).toBe(200);
    const { event } = (await opened.json()) as { event: Record<string, unknown> };
    expect(event).toMatchObject({ type: 'health.check', cid: '*', me: { id: 'carol', name: 'Carol Chen' } });
    const id = event.connection_id as string;
    expect(sandbox().gateway.get(id)?.userId).toBe('carol');

    const badToken = await fetch(
      `${server.chatUrl}/longpoll?${new URLSearchParams({ api_key: server.config.chatApiKey, json, user_id: 'carol' })}`,
      { headers: { authorization: userToken(server, 'bob'), 'stream-auth-type': 'jwt' } },
    );
    expect(badToken.status).toBe(401);
    expect(((await badToken.json()) as { code: number }).code).toBe(5);

    const connection = sandbox().gateway.get(id)!;
    connection.send({ type: 'custom.first' });
    connection.send({ type: 'custom.second' });
    const polled = await longpoll({ connection_id: id, user_id: 'carol' }, 'carol');
    const body = (await polled.json()) as { events: { type: string }[]; duration: string };
    expect(body.events.map((e) => e.type)).toEqual(['custom.first', 'custom.second']);
    expect(body.duration).toEqual(expect.any(String));

    const closed = await longpoll({ connection_id: id, close: 'true' }, 'carol');
    expect(closed.status).toBe(200);
    expect(sandbox().gateway.get(id)).toBeUndefined();
    const after = await longpoll({ connection_id: id }, 'carol');
    expect(((await after.json()) as { code: number }).code).toBe(46);
  });

  it.each<[string, Record<string, string | string[]>, string]>([
    ['a close flag that is not true or false', { connection_id: 'x', close: 'yes' }, 'close'],
    ['a repeated json payload', { json: ['{}', '{}'] }, 'json'],
    ['a numeric user id in the payload', { json: '{"user_id":42}' }, 'json.user_id'],
    ['user details that are a list', { json: '{"user_id":"erin","user_details":[]}' }, 'json.user_details'],
  ])('refuses %s with code 4 naming the field, and opens no connection', async (_label, query, field) => {
    const params = new URLSearchParams({ api_key: server.config.chatApiKey });
    for (const [key, value] of Object.entries(query)) for (const item of [value].flat()) params.append(key, item);
    const connections = sandbox().gateway.all().length;
    const answer = await fetch(`${server.chatUrl}/longpoll?${params}`, {
      headers: { authorization: userToken(server, 'erin'), 'stream-auth-type': 'jwt' },
    });
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as { code: number; message: string };
    expect(body.code).toBe(4);
    expect(body.message).toContain(`field "${field}"`);
    expect(sandbox().gateway.all()).toHaveLength(connections);
    expect(sandbox().store.users.has('erin')).toBe(false);
  });

  it('removes a connection nobody polls for more than a minute', async () => {
    const json = JSON.stringify({ user_id: 'dave', user_details: { id: 'dave' } });
    const opened = await longpoll({ json, user_id: 'dave' }, 'dave');
    const { event } = (await opened.json()) as { event: { connection_id: string } };
    const connection = sandbox().gateway.get(event.connection_id) as LongPollConnection;
    expect(sandbox().gateway.isOnline('dave')).toBe(true);
    connection.idleSince = Date.now() - 61_000;
    await expect
      .poll(() => sandbox().gateway.get(event.connection_id), { timeout: 8000, interval: 200 })
      .toBeUndefined();
    expect(sandbox().gateway.isOnline('dave')).toBe(false);
  });

  it('reconnects with a new connection id after code 46, and recovers its channels', async () => {
    const before = alice.wsFallback!.connectionID!;
    const recovered = nextEvent(alice, 'connection.recovered', 10_000);
    sandbox().gateway.get(before)!.close(1001, 'test');
    await recovered;
    const after = alice.wsFallback!.connectionID!;
    expect(after).not.toBe(before);
    expect(alice.wsFallback?.state).toBe('CONNECTED');
    expect(sandbox().gateway.get(after)?.watching.has('messaging:fallback')).toBe(true);
    const arrived = nextEvent(alice, 'message.new', 5000, (e) => e.message?.text === 'after the reconnect');
    await bobRoom.sendMessage({ text: 'after the reconnect' });
    expect((await arrived).message?.user?.id).toBe('bob');
  });

  it('closes the connection on disconnectUser (the user goes offline)', async () => {
    const id = alice.wsFallback!.connectionID!;
    const offline = nextEvent(bob, 'user.presence.changed', 5000, (e) => e.user?.id === 'alice' && !e.user.online);
    await alice.disconnectUser();
    expect(sandbox().gateway.get(id)).toBeUndefined();
    expect(sandbox().gateway.isOnline('alice')).toBe(false);
    expect((await offline).user?.online).toBe(false);
  });
});

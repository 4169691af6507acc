/**
 * The chat connection statechart with its REAL actors (src/lib/actors/chat-connection-actors.ts)
 * against the chat sandbox: real `stream-chat` clients over real WebSockets, tokens from the
 * product API.
 */
import type { StreamChat } from 'stream-chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor, type ActorRefFrom } from 'xstate';
import { chatConnectionMachine } from '../../machines/chat-connection/chat-connection.machine';
import {
  selectClient,
  selectIsReady,
  selectStatus,
  selectTransport,
  selectUnreadCount,
} from '../../machines/chat-connection/chat-connection.selectors';
import { createChatConnectionActors, isClientHealthy } from '../../src/lib/actors/chat-connection-actors';
import { connectClient, serverClient, startChatServer, userToken, type ChatServer } from '../support/chat.js';
import { Visitor } from '../support/http-client.js';
import { startWsRefusingProxy } from '../support/ws-refusing-proxy.js';

type Connection = ActorRefFrom<typeof chatConnectionMachine>;

const WAIT = { timeout: 20_000 };

describe('chat connection machine with the real actors', () => {
  let server: ChatServer;
  const running: Connection[] = [];

  beforeAll(async () => {
    server = await startChatServer();
  });
  afterAll(async () => {
    const active = running.filter((actor) => actor.getSnapshot().status === 'active');
    for (const actor of active) actor.send({ type: 'connection.close' });
    await Promise.all(active.map((actor) => waitFor(actor, (s) => s.status === 'done', WAIT)));
    await server.close();
  });

  function start(
    userId: string,
    token: string | null,
    fetchToken: () => Promise<string>,
    baseURL = server.chatUrl,
  ): Connection {
    const actors = createChatConnectionActors({
      baseURL,
      fetchToken,
      clientOptions: { allowServerSideConnect: true, timeout: 5000 },
    });
    const actor = createActor(chatConnectionMachine.provide({ actors }), {
      input: { userId, name: userId, token, apiKey: server.config.chatApiKey },
    });
    running.push(actor);
    return actor.start();
  }

  const clientOf = (actor: Connection) => selectClient(actor.getSnapshot()) as StreamChat | null;
  const ready = (actor: Connection) => waitFor(actor, selectIsReady, WAIT);

  it('a member signed in to the product API connects with their token; the client shows only once connected', async () => {
    const visitor = new Visitor(server.url);
    expect((await visitor.register('robin@league.example', 'Robin Vale')).status).toBe(201);
    const me = await visitor.send<{ id: number; token: string }>('GET', '/api/auth/me');
    const fetchToken = async () => (await visitor.send<{ token: string }>('GET', '/api/auth/me')).body.token;

    const actor = start(String(me.body.id), me.body.token, fetchToken);
    expect(selectStatus(actor.getSnapshot())).toBe('connecting');
    expect(clientOf(actor)).toBeNull();
    await ready(actor);
    const client = clientOf(actor)!;
    expect(client.userID).toBe(String(me.body.id));
    expect(isClientHealthy(client)).toBe(true);
    expect(client.options.enableWSFallback).toBe(true);
    expect(selectStatus(actor.getSnapshot())).toBe('connected');
  });

  it('keeps the total unread count as another member posts and the user reads', async () => {
    const actor = start('jamie', userToken(server, 'jamie'), () => Promise.resolve(userToken(server, 'jamie')));
    await ready(actor);
    expect(selectUnreadCount(actor.getSnapshot())).toBe(0);
    const coach = await connectClient(server, 'coach', 'Coach');
    await serverClient(server)
      .channel('messaging', 'team-talk', { members: ['jamie', 'coach'], created_by_id: 'coach' })
      .create();

    // Not watching: the service sends notification.message_new with the recounted total.
    await coach.channel('messaging', 'team-talk').sendMessage({ text: 'Training moved to 6 pm' });
    await waitFor(actor, (s) => selectUnreadCount(s) === 1, WAIT);

    // Watching: message.new carries it.
    const channel = clientOf(actor)!.channel('messaging', 'team-talk');
    await channel.watch();
    await coach.channel('messaging', 'team-talk').sendMessage({ text: 'Bring both kits' });
    await waitFor(actor, (s) => selectUnreadCount(s) === 2, WAIT);

    // Reading: notification.mark_read brings it back to zero.
    await channel.markRead();
    await waitFor(actor, (s) => selectUnreadCount(s) === 0, WAIT);
  });

  it('starts from the unread count the connect answer carries', async () => {
    const coach = await connectClient(server, 'coach2', 'Coach Two');
    await serverClient(server).upsertUser({ id: 'sam' });
    await coach.channel('messaging', 'unread-before', { members: ['coach2', 'sam'] }).create();
    await coach.channel('messaging', 'unread-before').sendMessage({ text: 'one' });
    await coach.channel('messaging', 'unread-before').sendMessage({ text: 'two' });
    const actor = start('sam', userToken(server, 'sam'), () => Promise.resolve(userToken(server, 'sam')));
    await ready(actor);
    expect(selectUnreadCount(actor.getSnapshot())).toBe(2);
  });

  it('an expired token is reloaded through the provider at connect, and the user gets connected', async () => {
    let fetched = 0;
    const fetchToken = () => {
      fetched++;
      return Promise.resolve(userToken(server, 'erin'));
    };
    const actor = start('erin', userToken(server, 'erin', -60), fetchToken);
    await ready(actor);
    expect(fetched).toBeGreaterThanOrEqual(1);
    const client = clientOf(actor)!;
    expect(isClientHealthy(client)).toBe(true);
    expect(await client.queryChannels({ members: { $in: ['erin'] } })).toEqual([]);
  });

  it('a token that expires while connected is reloaded on the next call', async () => {
    let fetched = 0;
    const fetchToken = () => {
      fetched++;
      return Promise.resolve(userToken(server, 'frankie'));
    };
    const actor = start('frankie', userToken(server, 'frankie', 2), fetchToken);
    await ready(actor);
    expect(fetched).toBe(0);
    const client = clientOf(actor)!;
    // Let the first token run out (the service answers code 40 from then on).
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await client.channel('messaging', 'frankie-notes', { members: ['frankie'] }).create();
    expect(fetched).toBeGreaterThanOrEqual(1);
    expect(selectIsReady(actor.getSnapshot())).toBe(true);
    expect(isClientHealthy(client)).toBe(true);
  });

  it('a dropped socket is noticed at once and the connection comes back', async () => {
    const actor = start('dana', userToken(server, 'dana'), () => Promise.resolve(userToken(server, 'dana')));
    await ready(actor);
    const client = clientOf(actor)!;
    const firstId = client._getConnectionID();
    const lost = waitFor(actor, (s) => !s.matches({ ready: { link: 'connected' } }), WAIT);
    // A network failure, not a clean 1000 close.
    client.wsConnection!.ws!.close(4001, 'network dropped');
    await lost;
    expect(selectIsReady(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => s.matches({ ready: { link: 'connected', health: 'healthy' } }), WAIT);
    expect(isClientHealthy(client)).toBe(true);
    expect(client._getConnectionID()).not.toBe(firstId);
    expect(selectClient(actor.getSnapshot())).toBe(client);
  });

  it('survives a server restart: reconnecting, then connected again', async () => {
    const actor = start('lee', userToken(server, 'lee'), () => Promise.resolve(userToken(server, 'lee')));
    await ready(actor);
    const client = clientOf(actor)!;
    const lost = waitFor(actor, (s) => !s.matches({ ready: { link: 'connected' } }), WAIT);
    const restarted = await server.restart();
    server = { ...restarted, clients: server.clients, chatUrl: `${restarted.url}/chat` };
    await lost;
    await waitFor(actor, (s) => s.matches({ ready: { link: 'connected', health: 'healthy' } }), { timeout: 40_000 });
    expect(isClientHealthy(client)).toBe(true);
    await client.channel('messaging', 'after-restart', { members: ['lee'] }).create();
  }, 60_000);

  it('a connection-id error (code 46) reconnects without the old id', async () => {
    const actor = start('ivy', userToken(server, 'ivy'), () => Promise.resolve(userToken(server, 'ivy')));
    await ready(actor);
    const client = clientOf(actor)!;
    const channel = client.channel('messaging', 'ivy-notes', { members: ['ivy'] });
    await channel.watch();
    const firstId = client._getConnectionID();
    // What the watcher sends when a REST or long-poll answer carries code 46.
    actor.send({ type: 'connection.idNotFound' });
    expect(actor.getSnapshot().matches({ ready: { link: 'reconnecting' } })).toBe(true);
    expect(actor.getSnapshot().context.freshConnect).toBe(true);
    await waitFor(actor, (s) => s.matches({ ready: { link: 'connected' } }), WAIT);
    expect(actor.getSnapshot().context.freshConnect).toBe(false);
    expect(isClientHealthy(client)).toBe(true);
    expect(client._getConnectionID()).not.toBe(firstId);
    // The channel is watched again on the new connection: its events still arrive.
    const coach = await connectClient(server, 'coach3');
    await serverClient(server).channel('messaging', 'ivy-notes').addMembers(['coach3']);
    const arrived = new Promise((resolve) => channel.on('message.new', resolve));
    await coach.channel('messaging', 'ivy-notes').sendMessage({ text: 'still here?' });
    await arrived;
  });

  it('offline closes, online reconnects through the machine', async () => {
    const actor = start('ola', userToken(server, 'ola'), () => Promise.resolve(userToken(server, 'ola')));
    await ready(actor);
    const client = clientOf(actor)!;
    actor.send({ type: 'network.offline' });
    expect(actor.getSnapshot().matches({ ready: { link: 'offline' } })).toBe(true);
    client.wsConnection!.ws!.close(4001, 'network gone');
    await waitFor(actor, () => !isClientHealthy(client), WAIT).catch(() => undefined);
    actor.send({ type: 'network.online' });
    expect(actor.getSnapshot().matches({ ready: { link: 'reconnecting' } })).toBe(true);
    await waitFor(actor, (s) => s.matches({ ready: { link: 'connected' } }), WAIT);
    expect(isClientHealthy(client)).toBe(true);
  });

  it('close disconnects the user; the client is no longer exposed', async () => {
    const actor = start('kim', userToken(server, 'kim'), () => Promise.resolve(userToken(server, 'kim')));
    await ready(actor);
    const client = clientOf(actor)!;
    actor.send({ type: 'connection.close' });
    expect(selectClient(actor.getSnapshot())).toBeNull();
    await waitFor(actor, (s) => s.status === 'done', WAIT);
    expect(selectStatus(actor.getSnapshot())).toBe('disconnected');
    expect(client.userID).toBeUndefined();
    expect(isClientHealthy(client)).toBe(false);
  });

  it('stopping the actor while connected disconnects the user too', async () => {
    const actor = start('max', userToken(server, 'max'), () => Promise.resolve(userToken(server, 'max')));
    await ready(actor);
    const client = clientOf(actor)!;
    actor.stop();
    await Promise.resolve();
    expect(client.userID).toBeUndefined();
  });

  it('where WebSockets are refused, it falls back to long polling and still gets events', async () => {
    const proxy = await startWsRefusingProxy(server.url);
    try {
      const token = userToken(server, 'casey');
      const actor = start('casey', token, () => Promise.resolve(token), `${proxy.url}/chat`);
      await ready(actor);
      expect(proxy.upgrades()).toBeGreaterThan(0);
      await waitFor(actor, (s) => selectTransport(s) === 'longpoll', WAIT);
      const before = selectUnreadCount(actor.getSnapshot());
      await serverClient(server)
        .channel('messaging', 'poll-room', { members: ['casey', 'coach'], created_by_id: 'coach' })
        .create();
      await serverClient(server).channel('messaging', 'poll-room').sendMessage({ text: 'Bus at 8', user_id: 'coach' });
      await waitFor(actor, (s) => selectUnreadCount(s) === before + 1, WAIT);
      actor.send({ type: 'connection.close' });
      await waitFor(actor, (s) => s.status === 'done', WAIT);
    } finally {
      await proxy.close();
    }
  });

  it('without a token nothing connects', async () => {
    const actor = start('nora', null, () => Promise.reject(new Error('no token')));
    await waitFor(actor, (s) => s.matches('noToken'), WAIT);
    expect(clientOf(actor)).toBeNull();
  });
});

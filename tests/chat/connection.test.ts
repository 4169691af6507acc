import { StreamChat } from 'stream-chat';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatToken } from '../../server/api/auth/chat-token.js';
import { ENGINES } from '../support/engines.js';
import {
  connectClient,
  nextEvent,
  serverClient,
  startChatServer,
  userToken,
  type ChatServer,
} from '../support/chat.js';

/** Opens a raw socket and returns the first frame and the close code. */
function rawConnect(
  server: ChatServer,
  /** A list repeats the parameter. */
  query: Record<string, string | string[]>,
): Promise<{ first: Record<string, unknown>; code: number }> {
  const url = new URL(`${server.chatUrl.replace('http', 'ws')}/connect`);
  for (const [k, v] of Object.entries(query)) for (const item of [v].flat()) url.searchParams.append(k, item);
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    let first: Record<string, unknown> | null = null;
    socket.on('message', (data) => {
      first ??= JSON.parse((data as Buffer).toString('utf8')) as Record<string, unknown>;
      if (!('error' in first)) socket.close(4000);
    });
    socket.on('close', (code) => resolve({ first: first ?? {}, code }));
    socket.on('error', reject);
  });
}

describe.each(ENGINES)('chat connection on $name', (engine) => {
  let server: ChatServer;
  beforeAll(async () => {
    server = await startChatServer(engine);
  });
  afterAll(() => server.close());

  it('answers the handshake with health.check, a connection id and a complete me', async () => {
    const client = await connectClient(server, 'alice', 'Alice');
    expect(client.wsConnection?.connectionID).toMatch(/^[\w-]{8,36}$/);
    expect(client.user).toMatchObject({
      id: 'alice',
      name: 'Alice',
      mutes: [],
      channel_mutes: [],
      devices: [],
      total_unread_count: 0,
      unread_channels: 0,
    });
    expect(client.mutedUsers).toEqual([]);
    expect(client.mutedChannels).toEqual([]);
  });

  it('tells other members when a user comes online', async () => {
    const carol = await connectClient(server, 'carol');
    // Members must exist as users; dave exists but is not online yet.
    await serverClient(server).upsertUser({ id: 'dave' });
    await carol.channel('messaging', 'presence-room', { members: ['carol', 'dave'] }).watch({ presence: true });
    const online = nextEvent(carol, 'user.presence.changed', 3000, (e) => e.user?.id === 'dave');
    await connectClient(server, 'dave');
    expect((await online).user).toMatchObject({ id: 'dave', online: true });
  });

  it.each([
    ['a wrong API key', { api_key: 'nope' }, 2],
    ['a forged token', { authorization: createChatToken('mallory', 'x'.repeat(40), 60) }, 43],
    ['an expired token', { authorization: createChatToken('mallory', 'z'.repeat(40), -60) }, 40],
    ['a malformed token', { authorization: 'not-a-jwt' }, 5],
    ['a token for someone else', {}, 5],
  ])('refuses %s with connection.error and close 1000', async (_label, override, code) => {
    const json = JSON.stringify({ user_id: 'mallory', user_details: { id: 'mallory' } });
    const query: Record<string, string> = {
      json,
      api_key: server.config.chatApiKey,
      authorization: userToken(server, 'someone-else'),
      'stream-auth-type': 'jwt',
      ...override,
    };
    if (code === 40) query.authorization = createChatToken('mallory', server.config.chatApiSecret, -60);
    const { first, code: closeCode } = await rawConnect(server, query);
    expect(first.type).toBe('connection.error');
    expect((first.error as { code: number }).code).toBe(code);
    expect(closeCode).toBe(1000);
  });

  it.each([
    ['a json payload that is not JSON', { json: '{"user_id":' }, 'json query parameter is not valid JSON'],
    ['a json payload that is a list', { json: '["victor"]' }, 'must be a JSON object'],
    ['a numeric user id', { json: '{"user_id":42}' }, 'field "json.user_id" must be string'],
    ['user details that are text', { json: '{"user_id":"victor","user_details":"victor"}' }, 'json.user_details'],
    [
      'user details nested too deep',
      { json: `{"user_id":"victor","user_details":{"x":${'['.repeat(20)}${']'.repeat(20)}}}` },
      'deeper',
    ],
    ['an authorization that is a list', { authorization: ['a', 'b'] }, 'field "authorization" must be string'],
  ])('refuses %s with connection.error code 4 and close 1000, storing no user', async (_label, override, text) => {
    const { first, code } = await rawConnect(server, {
      json: JSON.stringify({ user_id: 'victor', user_details: { id: 'victor' } }),
      api_key: server.config.chatApiKey,
      authorization: userToken(server, 'victor'),
      'stream-auth-type': 'jwt',
      ...override,
    });
    expect(first.type).toBe('connection.error');
    expect(first.error).toMatchObject({ code: 4, StatusCode: 400, message: expect.stringContaining(text) });
    expect(code).toBe(1000);
    expect(server.app.chatSandbox!.store.users.has('victor')).toBe(false);
  });

  it('rejects connectUser in the client with the error code', async () => {
    const client = new StreamChat(server.config.chatApiKey, {
      baseURL: server.chatUrl,
      allowServerSideConnect: true,
      timeout: 3000,
    });
    const expired = createChatToken('erin', server.config.chatApiSecret, -10);
    await expect(client.connectUser({ id: 'erin' }, expired)).rejects.toThrow(/"code":40/);
  });

  it('answers every ping with a health check', async () => {
    const client = await connectClient(server, 'frank');
    const reply = nextEvent(client, 'health.check');
    // Exactly what the client sends 25 s after each health check.
    client.wsConnection?.ws?.send(JSON.stringify([{ type: 'health.check', client_id: client.clientID }]));
    const event = await reply;
    expect(event.connection_id).toBe(client.wsConnection?.connectionID);
  });

  it('refuses REST calls with a wrong key or token using the error envelope', async () => {
    const bad = await fetch(`${server.chatUrl}/channels?api_key=wrong`, {
      method: 'POST',
      headers: {
        authorization: userToken(server, 'alice'),
        'stream-auth-type': 'jwt',
        'content-type': 'application/json',
      },
      body: '{}',
    });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({ code: 2, StatusCode: 401, more_info: expect.any(String), details: [] });

    const forged = await fetch(`${server.chatUrl}/channels?api_key=${server.config.chatApiKey}`, {
      method: 'POST',
      headers: {
        authorization: createChatToken('alice', 'y'.repeat(40), 60),
        'stream-auth-type': 'jwt',
        'content-type': 'application/json',
      },
      body: '{}',
    });
    expect(forged.status).toBe(401);
    expect(((await forged.json()) as { code: number }).code).toBe(43);
  });

  it('answers malformed JSON, unknown routes and CORS pre-flight', async () => {
    const headers = {
      authorization: userToken(server, 'alice'),
      'stream-auth-type': 'jwt',
      'content-type': 'application/json',
    };
    const malformed = await fetch(`${server.chatUrl}/channels?api_key=${server.config.chatApiKey}`, {
      method: 'POST',
      headers,
      body: '{"x":',
    });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { code: number }).code).toBe(4);
    const unknown = await fetch(`${server.chatUrl}/nothing?api_key=${server.config.chatApiKey}`, { headers });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { code: number }).code).toBe(16);
    const preflight = await fetch(`${server.chatUrl}/channels`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,stream-auth-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/stream-auth-type/);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  });
});

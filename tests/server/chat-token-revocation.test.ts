/**
 * Chat tokens die with the session (issue #12, item 1) on each engine: after sign-out or session
 * expiry a token handed out before is refused by the chat service with its token-expired code 40
 * on REST and on the socket, and a socket opened with it is closed (1008, so clients reconnect); a member's other device gets
 * a fresh token through its token provider while its own session lives. Claims of the wrong type
 * are refused as a malformed token.
 */
import { createHmac } from 'node:crypto';
import { StreamChat } from 'stream-chat';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../support/engines.js';
import { Visitor } from '../support/http-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

interface Me {
  id: number;
  token: string;
}

/** A chat REST call with a user's token: the status and the chat error code, if any. */
async function chatCall(server: TestServer, token: string): Promise<{ status: number; code?: number }> {
  const response = await fetch(`${server.url}/chat/users?api_key=${server.config.chatApiKey}`, {
    method: 'GET',
    headers: { authorization: token, 'stream-auth-type': 'jwt' },
  });
  const body = (await response.json()) as { code?: number };
  return { status: response.status, code: body.code };
}

/** Opens a raw chat socket; resolves with the first frame, and `closed` with the close code. */
function openSocket(server: TestServer, userId: string, token: string) {
  const url = new URL(`${server.url.replace('http', 'ws')}/chat/connect`);
  url.searchParams.set('json', JSON.stringify({ user_id: userId, user_details: { id: userId } }));
  url.searchParams.set('api_key', server.config.chatApiKey);
  url.searchParams.set('authorization', token);
  url.searchParams.set('stream-auth-type', 'jwt');
  const socket = new WebSocket(url);
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  const first = new Promise<Record<string, unknown>>((resolve, reject) => {
    socket.once('message', (data) => resolve(JSON.parse((data as Buffer).toString('utf8')) as Record<string, unknown>));
    socket.once('error', reject);
  });
  return { socket, first, closed };
}

function signed(payload: Record<string, unknown>, secret: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

const waitForNextSecond = () => new Promise((resolve) => setTimeout(resolve, 1100 - (Date.now() % 1000)));

describe.each(ENGINES)('chat tokens and the session on $name', (engine) => {
  let server: TestServer;
  let counter = 0;

  /** A member signed in in a fresh browser, with the chat token /api/auth/me hands out. */
  async function member(existing?: { email: string }) {
    const visitor = new Visitor(server.url);
    const email = existing?.email ?? `token-${engine.name}-${++counter}-${Date.now()}@revoke.example`;
    const answer = existing
      ? await visitor.signIn(email, 'correct horse battery')
      : await visitor.register(email, 'Token Tester');
    expect([200, 201]).toContain(answer.status);
    const me = (await visitor.send<Me>('GET', '/api/auth/me')).body;
    return { visitor, email, me };
  }

  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server?.close());

  it('refuses a token captured before sign-out, on REST and on the socket, and closes its socket', async () => {
    const { visitor, me } = await member();
    expect(await chatCall(server, me.token)).toEqual({ status: 200, code: undefined });
    const open = openSocket(server, String(me.id), me.token);
    expect((await open.first).type).toBe('health.check');

    await waitForNextSecond();
    expect((await visitor.send('POST', '/api/auth/logout')).status).toBe(204);

    expect(await open.closed).toBe(1008);
    expect(await chatCall(server, me.token)).toEqual({ status: 401, code: 40 });
    const again = openSocket(server, String(me.id), me.token);
    const frame = await again.first;
    expect(frame.type).toBe('connection.error');
    expect(frame.error).toMatchObject({ code: 40, message: 'JWTAuth error: token has been revoked' });
    expect(await again.closed).toBe(1000);
  });

  it('gives another device of the member a fresh token through its token provider', async () => {
    const first = await member();
    const second = await member({ email: first.email });
    const client = new StreamChat(server.config.chatApiKey, { baseURL: `${server.url}/chat`, timeout: 5000 });
    let provided = 0;
    const provider = async () => {
      provided++;
      return (await second.visitor.send<Me>('GET', '/api/auth/me')).body.token;
    };
    await client.connectUser({ id: String(second.me.id) }, provider);
    const before = client._getToken();
    try {
      await waitForNextSecond();
      expect((await first.visitor.send('POST', '/api/auth/logout')).status).toBe(204);
      expect(await chatCall(server, before!)).toMatchObject({ code: 40 });
      // The client's socket was closed; it reconnects with a token from its (still signed-in) session.
      await expect
        .poll(() => client._getToken() !== before && client.wsConnection?.isHealthy, { timeout: 15000 })
        .toBe(true);
      expect(provided).toBeGreaterThanOrEqual(2);
      expect(await chatCall(server, client._getToken()!)).toEqual({ status: 200, code: undefined });
    } finally {
      await client.disconnectUser();
    }
  });

  it('revokes the tokens of members whose sessions expired, at the purge', async () => {
    const { me } = await member();
    await waitForNextSecond();
    await server.database.db
      .updateTable('sessions')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('user_id', '=', me.id)
      .execute();
    // Expired sessions are purged when the server starts and every hour after.
    server = await server.restart();
    await expect.poll(async () => (await chatCall(server, me.token)).code, { timeout: 5000 }).toBe(40);
  });

  it('hands out tokens that expire within the configured lifetime', async () => {
    const { me } = await member();
    const claims = JSON.parse(Buffer.from(me.token.split('.')[1]!, 'base64url').toString('utf8')) as Record<
      string,
      number
    >;
    expect(claims.exp! - claims.iat!).toBe(server.config.chatTokenTtlSeconds);
    expect(server.config.chatTokenTtlSeconds).toBe(3600);
  });

  it.each([
    ['exp as text', { exp: '9999999999' }],
    ['exp null', { exp: null }],
    ['iat as text', { iat: 'yesterday' }],
    ['nbf null', { nbf: null }],
    ['user_id as a number', { user_id: 7 }],
    ['server as text', { server: 'true' }],
  ])('refuses a token with %s as malformed (code 5)', async (_label, claims) => {
    const token = signed({ user_id: 'claims-check', ...claims }, server.config.chatApiSecret);
    expect(await chatCall(server, token)).toEqual({ status: 401, code: 5 });
  });
});

/**
 * The WebSocket endpoint `/chat/connect` (chat-protocol.md §1): authenticates from the query
 * string, upserts the user from `user_details`, sends `health.check` with `connection_id` and a
 * complete `me` first, answers every client ping, and sends a health check at least every 20 s.
 * Auth failures get a `connection.error` frame and close 1000; shutdown closes 1001.
 */
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { nextTimestamp } from './clock.js';
import { ChatError } from './errors.js';
import type { Connection } from './gateway.js';
import { refuseRevoked, verifyToken } from './jwt.js';
import type { Sandbox } from './sandbox.js';

export const HEALTH_INTERVAL_MS = 20_000;
const PRIVILEGED = new Set([
  'id',
  'role',
  'created_at',
  'updated_at',
  'last_active',
  'online',
  'banned',
  'teams',
  'deleted_at',
]);

interface ConnectJson {
  user_id?: string;
  user_details?: Record<string, unknown>;
}

export function openConnection(
  sandbox: Sandbox,
  query: Record<string, string | undefined>,
): { userId: string; issuedAt: number | undefined } {
  const { settings, store } = sandbox;
  if (query.api_key !== settings.apiKey) throw new ChatError(2, `api_key not valid ${query.api_key ?? ''}`.trim(), 401);
  let json: ConnectJson;
  try {
    json = JSON.parse(query.json ?? '{}') as ConnectJson;
  } catch {
    throw new ChatError(4, 'json query parameter is not valid JSON', 400);
  }
  const userId = json.user_id ?? (json.user_details?.id as string | undefined);
  if (!userId) throw new ChatError(4, 'The "id" field on the user is missing', 400);
  const token = query.authorization;
  if (!token || token === 'undefined' || query['stream-auth-type'] === 'anonymous') {
    throw new ChatError(5, 'Authentication failed: a user token is required', 401);
  }
  const claims = verifyToken(token, settings.secret);
  if (!claims.server && claims.user_id !== userId) {
    throw new ChatError(5, `JWTAuth error: token user_id ${claims.user_id ?? ''} does not match ${userId}`, 401);
  }
  if (!claims.server) refuseRevoked(claims, store.users.get(userId)?.revoke_tokens_issued_before);
  const user = store.ensureUser(userId);
  const details = json.user_details ?? {};
  for (const [key, value] of Object.entries(details)) {
    if (PRIVILEGED.has(key)) continue;
    if (key === 'name' && typeof value === 'string') user.name = value;
    else if (key === 'image' && typeof value === 'string') user.image = value;
    else if (key === 'language' && typeof value === 'string') user.language = value;
    else user.custom[key] = value;
  }
  user.last_active = nextTimestamp();
  store.saveUser(user);
  return { userId, issuedAt: claims.iat };
}

export function healthCheck(sandbox: Sandbox, connectionId: string, userId?: string) {
  const user = userId ? sandbox.store.users.get(userId) : undefined;
  return {
    type: 'health.check',
    connection_id: connectionId,
    cid: '*',
    created_at: nextTimestamp(),
    ...(user ? { me: sandbox.serialize.ownUser(user) } : {}),
  };
}

export async function wsConnectRoute(app: FastifyInstance, sandbox: Sandbox): Promise<void> {
  app.get('/connect', { websocket: true }, (socket: WebSocket, request) => {
    const query = request.query as Record<string, string | undefined>;
    let userId: string;
    let issuedAt: number | undefined;
    try {
      ({ userId, issuedAt } = openConnection(sandbox, query));
    } catch (error) {
      const chat = error instanceof ChatError ? error : new ChatError(-1, 'internal system error', 500);
      socket.send(
        JSON.stringify({
          type: 'connection.error',
          connection_id: '',
          created_at: nextTimestamp(),
          error: {
            code: chat.code,
            message: chat.message,
            StatusCode: chat.status,
            duration: '',
            more_info: '',
            details: [],
          },
        }),
      );
      socket.close(1000, chat.message.slice(0, 120));
      return;
    }
    const connection: Connection = {
      id: sandbox.gateway.newConnectionId(),
      userId,
      issuedAt,
      watching: new Set(),
      presenceOf: new Set(),
      send: (event) => connection.sendText(JSON.stringify(event)),
      sendText: (text) => {
        if (socket.readyState === socket.OPEN) socket.send(text);
      },
      close: (code, reason) => socket.close(code, reason),
    };
    sandbox.store.flushInBackground();
    connection.send(healthCheck(sandbox, connection.id, userId));
    sandbox.gateway.add(connection);
    const timer = setInterval(() => connection.send(healthCheck(sandbox, connection.id)), HEALTH_INTERVAL_MS);
    timer.unref();
    socket.on('message', (data) => {
      // The only thing the client sends: `[{"type":"health.check","client_id":…}]`.
      let parsed: unknown;
      try {
        parsed = JSON.parse(
          Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8'),
        );
      } catch {
        return;
      }
      const frames = Array.isArray(parsed) ? parsed : [parsed];
      if (frames.some((f) => (f as { type?: string })?.type === 'health.check')) {
        connection.send(healthCheck(sandbox, connection.id, userId));
      }
    });
    socket.on('close', () => {
      clearInterval(timer);
      sandbox.gateway.remove(connection.id);
    });
    socket.on('error', () => socket.terminate());
  });
}

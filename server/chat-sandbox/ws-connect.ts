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
import { WS_CONNECT } from './schema/connection.js';
import { refuseDeep } from './schema/validation.js';

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

/** The handshake's query string, as its schema (schema/connection.ts) lets it through. */
export interface ConnectQuery {
  api_key?: string;
  json?: string;
  authorization?: string;
  'stream-auth-type'?: string;
}

/**
 * The `json` connect payload: the user's id and details. Anything unreadable is code 4, which
 * the client reports from connectUser (and never retries).
 */
function connectPayload(
  text: string | undefined,
  maxDepth: number,
): { userId: string; details: Record<string, unknown> } {
  let json: unknown;
  try {
    json = JSON.parse(text ?? '{}');
  } catch {
    throw new ChatError(4, 'json query parameter is not valid JSON', 400);
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    throw new ChatError(4, 'json query parameter must be a JSON object', 400);
  }
  refuseDeep(json, maxDepth, 'the json query parameter');
  const { user_id: named, user_details: details = {} } = json as { user_id?: unknown; user_details?: unknown };
  if (details === null || typeof details !== 'object' || Array.isArray(details)) {
    throw new ChatError(4, 'field "json.user_details" must be object', 400);
  }
  const userId = named ?? (details as Record<string, unknown>).id;
  if (userId !== undefined && typeof userId !== 'string') {
    throw new ChatError(4, `field "json.${named === undefined ? 'user_details.id' : 'user_id'}" must be string`, 400);
  }
  if (!userId) throw new ChatError(4, 'The "id" field on the user is missing', 400);
  return { userId, details: details as Record<string, unknown> };
}

/** A close reason fits in 123 bytes (ws throws otherwise). */
function closeReason(text: string): string {
  let reason = text.slice(0, 120);
  while (Buffer.byteLength(reason) > 123) reason = reason.slice(0, -1);
  return reason;
}

export async function openConnection(
  sandbox: Sandbox,
  query: ConnectQuery,
): Promise<{ userId: string; issuedAt: number | undefined }> {
  const { settings, store } = sandbox;
  if (query.api_key !== settings.apiKey) throw new ChatError(2, `api_key not valid ${query.api_key ?? ''}`.trim(), 401);
  const { userId, details } = connectPayload(query.json, settings.requestMaxDepth);
  const token = query.authorization;
  if (!token || token === 'undefined' || query['stream-auth-type'] === 'anonymous') {
    throw new ChatError(5, 'Authentication failed: a user token is required', 401);
  }
  const claims = await verifyToken(token, settings.secret);
  if (!claims.server && claims.user_id !== userId) {
    throw new ChatError(5, `JWTAuth error: token user_id ${claims.user_id ?? ''} does not match ${userId}`, 401);
  }
  if (!claims.server) refuseRevoked(claims, store.users.get(userId)?.revoke_tokens_issued_before);
  const user = store.ensureUser(userId);
  for (const [key, value] of Object.entries(details)) {
    if (PRIVILEGED.has(key)) continue;
    // Without client user updates (permissions.ts) a connect fills in a missing name or picture, never replaces one.
    if ((key === 'name' || key === 'image') && !settings.clientUserUpdates && !claims.server && user[key]) continue;
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
  // A query the schema refuses still upgrades, to answer with a connection.error the client reads.
  const options = { websocket: true, attachValidation: true, schema: WS_CONNECT } as const;
  app.get('/connect', options, async (socket: WebSocket, request) => {
    let userId: string;
    let issuedAt: number | undefined;
    try {
      if (request.validationError) throw request.validationError;
      ({ userId, issuedAt } = await openConnection(sandbox, request.query as ConnectQuery));
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
      socket.close(1000, closeReason(chat.message));
      return;
    }
    // The client may have gone while its token was checked.
    if (socket.readyState !== socket.OPEN) return;
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

/**
 * Who is acting on a REST call (chat-protocol.md §0 and §1.6): the API key must match (code 2);
 * a user token names the user; a server token (`{"server": true}`) acts for the user named in
 * the request, with full rights.
 */
import type { FastifyRequest } from 'fastify';
import { ChatError } from './errors.js';
import { refuseRevoked, verifyToken } from './jwt.js';
import type { ChatStore } from './store/chat-store.js';

export interface Actor {
  /** The acting user (null: the server itself, with no user named). */
  userId: string | null;
  server: boolean;
  connectionId?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    chatActor: Actor;
  }
}

/** When a user's tokens were revoked (their `revoke_tokens_issued_before`), if ever. */
export type RevokedBefore = (userId: string) => string | undefined;

export const revocationsOf =
  (store: ChatStore): RevokedBefore =>
  (userId) =>
    store.users.get(userId)?.revoke_tokens_issued_before;

export async function authenticate(
  request: FastifyRequest,
  apiKey: string,
  secret: string,
  revokedBefore: RevokedBefore,
): Promise<Actor> {
  const query = request.query as Record<string, string | undefined>;
  if (query.api_key !== apiKey) throw new ChatError(2, `api_key not valid ${query.api_key ?? ''}`.trim(), 401);
  const authType = request.headers['stream-auth-type'];
  const header = request.headers.authorization;
  if (authType === 'anonymous' || !header) {
    throw new ChatError(5, 'Authentication failed: the Authorization header with a token is required', 401);
  }
  const token = header.replace(/^Bearer\s+/i, '');
  const claims = await verifyToken(token, secret);
  if (claims.server) return { userId: query.user_id ?? null, server: true, connectionId: query.connection_id };
  if (!claims.user_id) throw new ChatError(5, 'JWTAuth error: token has no user_id claim', 401);
  refuseRevoked(claims, revokedBefore(claims.user_id));
  if (query.user_id && query.user_id !== claims.user_id) {
    throw new ChatError(5, `user_id ${query.user_id} does not match the token's user ${claims.user_id}`, 401);
  }
  return { userId: claims.user_id, server: false, connectionId: query.connection_id };
}

/** The acting user id, required (server calls must name a user in the request). */
export function actingUserId(actor: Actor, fromBody?: unknown): string {
  if (!actor.server && actor.userId) return actor.userId;
  const named = typeof fromBody === 'string' && fromBody ? fromBody : actor.userId;
  if (!named) throw new ChatError(4, 'either user or user_id must be provided when using server side auth', 400);
  return named;
}

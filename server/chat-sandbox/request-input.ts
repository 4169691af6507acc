/**
 * What a route reads from the request besides its schema-checked body: the acting user (a server
 * call names one in `user_id` or `user.id`, in the body or the query) and the parsed `payload`
 * query parameter. Services never see the request; routes pass them what these answer.
 */
import type { FastifyRequest } from 'fastify';
import { actingUserId } from './auth-context.js';
import { inputError } from './errors.js';

/** The acting user's id; server calls must name one (`user_id` in body or query, or `user.id`). */
export function actorUserId(
  request: FastifyRequest,
  body?: { user_id?: unknown; user?: { id?: unknown } } | null,
): string {
  const query = request.query as Record<string, string | undefined>;
  const named = body?.user_id ?? body?.user?.id ?? query.user_id;
  return actingUserId(request.chatActor, typeof named === 'string' ? named : undefined);
}

/** The acting user; null when the server acts without naming one (`user_id` in body or query). */
export function optionalUserId(request: FastifyRequest, body?: { user_id?: unknown } | null): string | null {
  const actor = request.chatActor;
  if (!actor.server) return actor.userId;
  const named = body?.user_id ?? (request.query as Record<string, unknown>).user_id;
  return typeof named === 'string' && named ? named : actor.userId;
}

/**
 * The `payload` query parameter some GET endpoints use (chat-protocol.md §0), already parsed and
 * depth-checked by the validation hook (schema/validation.ts) and checked by the route's schema.
 */
export function payloadOf<T>(request: FastifyRequest): T {
  const payload = (request.query as Record<string, unknown>).payload;
  if (payload === undefined) return {} as T;
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload))
    throw inputError('payload must be a JSON object');
  return payload as T;
}

/**
 * Request validation for the chat sandbox (issue #15): every route declares JSON schemas for its
 * body, query string and path parameters, checked by Fastify with the app's validators (bodies
 * strictly, without coercion: a wrong type is refused, never converted or stored). Refusals are
 * the chat error envelope with code 4, naming the field and what is wrong, as the hosted service
 * does in `exception_fields`.
 *
 * The `payload` query parameter (the client's JSON for GET queries, chat-protocol.md §0) is parsed
 * before validation, so routes describe it as the object it is. Bodies and payloads nested deeper
 * than the configured depth are refused before any route reads them.
 */
import type { FastifyInstance, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { ChatError, inputError } from '../errors.js';

/** `/message/pinned_at` of `body` → `message.pinned_at`; a missing or extra property is named too. */
function fieldOf(error: FastifySchemaValidationError, dataVar: string): string {
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  const path = error.instancePath.split('/').filter(Boolean);
  const extra = params.missingProperty ?? params.additionalProperty;
  if (extra) path.push(extra);
  const field = path.join('.');
  return field || (dataVar === 'body' ? 'body' : dataVar);
}

function whatIsWrong(error: FastifySchemaValidationError): string {
  const params = error.params as { additionalProperty?: string; missingProperty?: string };
  if (params.missingProperty) return 'is required';
  if (params.additionalProperty) return 'is not a known field';
  if (error.keyword === 'anyOf') return 'has a value of a type it cannot take';
  return error.message ?? 'is not valid';
}

export function formatValidation(errors: FastifySchemaValidationError[], dataVar: string): ChatError {
  const fields: Record<string, string> = {};
  for (const error of errors) fields[fieldOf(error, dataVar)] ??= whatIsWrong(error);
  const [field, problem] = Object.entries(fields)[0] ?? [dataVar, 'is not valid'];
  return new ChatError(4, `field "${field}" ${problem}`, 400, fields);
}

/** How many levels of arrays and objects a JSON value has (a scalar has none). */
export function depthOf(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    const here = depth + 1;
    if (here > deepest) deepest = here;
    if (deepest > limit) return deepest;
    for (const child of Array.isArray(node) ? node : Object.values(node)) stack.push([child, here]);
  }
  return deepest;
}

export function refuseDeep(value: unknown, limit: number, what: string): void {
  if (depthOf(value, limit) > limit) throw inputError(`${what} is nested deeper than ${limit} levels`);
}

/** Parses `?payload=` into the object the route's query schema describes. */
function parsePayload(request: FastifyRequest, maxDepth: number): void {
  const query = request.query as Record<string, unknown> | undefined;
  if (!query || typeof query.payload !== 'string') return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(query.payload);
  } catch {
    throw inputError('payload is not valid JSON');
  }
  refuseDeep(parsed, maxDepth, 'payload');
  query.payload = parsed;
}

export function registerChatValidation(app: FastifyInstance, maxDepth: number): void {
  app.setSchemaErrorFormatter(formatValidation);
  app.addHook('preValidation', async (request) => {
    parsePayload(request, maxDepth);
    if (request.body !== undefined) refuseDeep(request.body, maxDepth, 'the request body');
  });
}

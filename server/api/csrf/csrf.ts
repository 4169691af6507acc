/**
 * CSRF protection for the product API. `GET /api/csrf` hands out the token of the visitor's
 * session (creating a visitor session when there is none); every other method under /api must
 * send it back in `X-CSRF-Token`, or gets a 403 whose message names csrf (the browser client
 * then fetches a fresh token and retries once).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors.js';
import { ensureSession } from '../sessions/session-plugin.js';

export const CSRF_HEADER = 'x-csrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function hasValidToken(request: FastifyRequest): boolean {
  const sent = request.headers[CSRF_HEADER];
  if (typeof sent !== 'string' || !request.session) return false;
  const expected = Buffer.from(request.server.sessions.csrfToken(request.session.token));
  const given = Buffer.from(sent);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Adds the check to every route registered on `app` after this call (and in its children). */
export function registerCsrfGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || hasValidToken(request)) return;
    throw new HttpError(
      403,
      'Missing or invalid csrf token: fetch one from GET /api/csrf and send it in the X-CSRF-Token header',
    );
  });
}

export async function csrfRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/csrf',
    {
      schema: {
        response: {
          200: { type: 'object', required: ['csrfToken'], properties: { csrfToken: { type: 'string' } } },
        },
      },
    },
    async (request, reply) => {
      const session = await ensureSession(request, reply);
      reply.header('Cache-Control', 'no-store');
      return { csrfToken: request.server.sessions.csrfToken(session.token) };
    },
  );
}

/**
 * Loads the visitor's session for every /api request and gives routes three verbs:
 * `ensureSession` (a visitor session before sign-in), `startSession` (sign-in: always a new id)
 * and `endSession` (sign-out). The cookie is HttpOnly, SameSite=Lax and Secure over HTTPS.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../../http/errors.js';
import type { ActiveSession, SessionStore } from './session-store.js';

export const SESSION_COOKIE = 'sideline_sid';
const PURGE_EVERY_MS = 3600 * 1000;

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionStore;
  }
  interface FastifyRequest {
    session: ActiveSession | null;
  }
  interface FastifyContextConfig {
    /**
     * The route looks the session up itself, in the same query as its own first rows, and hands
     * it to `adoptSession` (league/read-gate.ts); the hook below leaves `request.session` null.
     */
    sessionInRoute?: boolean;
  }
}

export interface SessionPluginOptions {
  store: SessionStore;
}

function setCookie(request: FastifyRequest, reply: FastifyReply, session: ActiveSession): void {
  reply.setCookie(SESSION_COOKIE, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    expires: new Date(session.row.expires_at),
  });
}

export async function ensureSession(request: FastifyRequest, reply: FastifyReply): Promise<ActiveSession> {
  if (request.session) return request.session;
  const session = await request.server.sessions.create(null);
  request.session = session;
  setCookie(request, reply, session);
  return session;
}

/** Sign-in: the old session (and with it its CSRF token) is dropped and a new id issued. */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<ActiveSession> {
  if (request.session) await request.server.sessions.destroy(request.session.token);
  const session = await request.server.sessions.create(userId);
  request.session = session;
  setCookie(request, reply, session);
  return session;
}

export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.session) await request.server.sessions.destroy(request.session.token);
  request.session = null;
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}

/** A session a route looked up itself (`sessionInRoute`): kept on the request, slid like any other. */
export async function adoptSession(
  request: FastifyRequest,
  reply: FastifyReply,
  session: ActiveSession,
): Promise<void> {
  request.session = session;
  if (await request.server.sessions.touch(session)) setCookie(request, reply, session);
}

/** The signed-in user's id, or a 401. */
export function requireUserId(request: FastifyRequest): number {
  const userId = request.session?.row.user_id;
  if (userId === null || userId === undefined) throw new HttpError(401, 'You are not signed in');
  return userId;
}

async function sessionPlugin(app: FastifyInstance, options: SessionPluginOptions): Promise<void> {
  app.decorate('sessions', options.store);
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config.sessionInRoute) return;
    const session = await options.store.find(request.cookies[SESSION_COOKIE]);
    if (session) await adoptSession(request, reply, session);
  });

  const purge = () =>
    options.store.purgeExpired().catch((err: unknown) => app.log.warn({ err }, 'session purge failed'));
  const timer = setInterval(() => void purge(), PURGE_EVERY_MS);
  timer.unref();
  // Once listening, not at ready: revoking expired members' chat tokens goes through the chat
  // service, which with the sandbox is this very server.
  app.addHook('onListen', async () => {
    await purge();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

export default fp(sessionPlugin, { name: 'sessions', dependencies: ['@fastify/cookie'] });

/**
 * buildApp(config, database) → the Fastify instance, with every part registered explicitly in
 * load order. main.ts listens; tests call buildApp directly and talk to it over real HTTP.
 */
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifySchema,
} from 'fastify';
import { ChatOutbox } from './api/chat/chat-outbox.js';
import { ChatDirectory, sandboxUrlOf } from './api/chat/chat-users.js';
import { syncLeagueChat } from './api/chat/league-sync.js';
import { productApi } from './api/index.js';
import { envelope } from './chat-sandbox/errors.js';
import { chatSandbox, createSandbox } from './chat-sandbox/index.js';
import type { Sandbox } from './chat-sandbox/sandbox.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { clientErrorHandler, errorBody, registerErrorHandler } from './http/errors.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerValidation } from './http/validation.js';
import { webApp } from './http/web-app.js';

export interface RouteEntry {
  method: string;
  url: string;
  /** The route's JSON schemas (body, querystring, params, response), when it has any. */
  schema: FastifySchema | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered; tests use it to prove rules that must hold for all routes. */
    routeTable: RouteEntry[];
    /** The product's link to the chat service (server-side client); main.ts seeds the demo chat with it. */
    chatDirectory: ChatDirectory;
    /** The local chat sandbox's state (null with CHAT_PROVIDER=stream); tests inspect it. */
    chatSandbox: Sandbox | null;
    /**
     * Applies the chat changes league changes enqueue (chat-outbox.ts), from when the server
     * listens until it closes; `wake()` after a commit applies them without waiting for the poll.
     */
    chatOutbox: ChatOutbox;
  }
}

/** The longest path parameter the router accepts (ids, names); longer ones are refused before any route runs. */
const MAX_PARAM_LENGTH = 256;

/**
 * Errors the router raises before any route (and its plugin's error handler) is chosen: a broken
 * %-escape or an over-long path parameter. They answer in the shape of the API that was asked:
 * the chat error envelope under /chat/ when the sandbox serves it, the product's error otherwise.
 */
function routingError(chatSandboxOn: boolean) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const message =
      error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? `A part of the address is longer than ${MAX_PARAM_LENGTH} characters`
        : 'The address is not valid: it has a broken %-escape';
    if (chatSandboxOn && request.url.startsWith('/chat/')) {
      void reply.code(400).send(envelope(4, message, 400));
      return;
    }
    const status = error.statusCode ?? 400;
    void reply.code(status).send(errorBody(status, message));
  };
}

export async function buildApp(config: Config, database: Database): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    clientErrorHandler,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: routingError(config.chatProvider === 'sandbox'),
  });

  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routeTable.push({ method, url: route.url, schema: route.schema ?? null });
  });

  registerValidation(app);
  registerErrorHandler(app);
  registerSecurityHeaders(app, config);

  await app.register(fastifyCookie);
  await app.register(fastifyMultipart);
  // The sandbox's address is known only once the server listens; it is read on first use.
  const chat = new ChatDirectory(config, () => sandboxUrlOf(app.server.address()));
  app.decorate('chatDirectory', chat);
  // Started once the server listens: the sandbox is reachable only then.
  const outbox = new ChatOutbox(
    database,
    (change) => syncLeagueChat(chat, database.db, change.leagueId),
    config,
    app.log,
  );
  app.decorate('chatOutbox', outbox);
  app.addHook('onListen', async () => outbox.start());
  app.addHook('preClose', async () => outbox.stop());
  await app.register(productApi, { prefix: '/api', config, database, chat });
  const sandbox = config.chatProvider === 'sandbox' ? await createSandbox(config, database) : null;
  app.decorate('chatSandbox', sandbox);
  if (sandbox) await app.register(chatSandbox, { prefix: '/chat', sandbox });
  await app.register(webApp, { root: config.webRoot });
  return app;
}

/**
 * buildApp(config, database) → the Fastify instance, with every part registered explicitly in
 * load order. main.ts listens; tests call buildApp directly and talk to it over real HTTP.
 */
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { ChatDirectory, sandboxUrlOf } from './api/chat/chat-users.js';
import { productApi } from './api/index.js';
import { chatSandbox, createSandbox } from './chat-sandbox/index.js';
import type { Sandbox } from './chat-sandbox/sandbox.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { clientErrorHandler, registerErrorHandler } from './http/errors.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerValidation } from './http/validation.js';
import { webApp } from './http/web-app.js';

export interface RouteEntry {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered; tests use it to prove rules that must hold for all routes. */
    routeTable: RouteEntry[];
    /** The product's link to the chat service (server-side client); main.ts seeds the demo chat with it. */
    chatDirectory: ChatDirectory;
    /** The local chat sandbox's state (null with CHAT_PROVIDER=stream); tests inspect it. */
    chatSandbox: Sandbox | null;
  }
}

export async function buildApp(config: Config, database: Database): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    clientErrorHandler,
  });

  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routeTable.push({ method, url: route.url });
  });

  registerValidation(app);
  registerErrorHandler(app);
  registerSecurityHeaders(app, config);

  await app.register(fastifyCookie);
  await app.register(fastifyMultipart);
  // The sandbox's address is known only once the server listens; it is read on first use.
  const chat = new ChatDirectory(config, () => sandboxUrlOf(app.server.address()));
  app.decorate('chatDirectory', chat);
  await app.register(productApi, { prefix: '/api', config, database, chat });
  const sandbox = config.chatProvider === 'sandbox' ? await createSandbox(config, database) : null;
  app.decorate('chatSandbox', sandbox);
  if (sandbox) await app.register(chatSandbox, { prefix: '/chat', sandbox });
  await app.register(webApp, { root: config.webRoot });
  return app;
}

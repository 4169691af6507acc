/**
 * Serves the built web app with a client-side routing fallback: any GET that is not a file and
 * not under /api gets index.html, so deep links like /roster/7 work on reload.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { errorBody } from './errors.js';

// The chat screen, the member's threads and the channel and thread deep links share the chat
// service's prefix. Static segments win in the router, so the sandbox's own GET routes
// (/chat/messages/:id …) stay its own; it has no GET /chat/threads (only POST) nor /chat/reminders.
export const SCREENS_UNDER_SERVICE_PREFIXES = [
  '/chat',
  '/chat/threads',
  '/chat/reminders',
  '/chat/:channelType/:channelId',
  '/chat/:channelType/:channelId/thread/:threadId',
];

export async function webApp(app: FastifyInstance, options: { root: string }): Promise<void> {
  const hasBuild = existsSync(join(options.root, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: options.root,
      wildcard: false,
      index: false,
      setHeaders: (res, path) => {
        // Hashed assets never change; index.html must always be fresh.
        res.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const sendPage = (reply: FastifyReply) =>
    hasBuild
      ? reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html')
      : reply.code(503).send(errorBody(503, 'The web app has not been built; start the server with npm start'));

  // Screens whose path is also a service prefix (the chat page at /chat, the chat service below it).
  for (const path of SCREENS_UNDER_SERVICE_PREFIXES) app.get(path, (_request, reply) => sendPage(reply));

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' && !/\.[a-z0-9]+$/i.test(path);
    if (!wantsPage) return reply.code(404).send(errorBody(404, `There is no ${request.method} ${path}`));
    return sendPage(reply);
  });
}

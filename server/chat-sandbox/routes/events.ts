/** Typing and custom events (chat-protocol.md §4.2 `POST …/event`); the rules are in services/events.ts. */
import type { FastifyInstance } from 'fastify';
import { ok, type Sandbox } from '../sandbox.js';
import { actorUserId } from '../request-input.js';
import * as schemas from '../schema/events.js';
import { loadChannel } from '../services/common.js';
import { sendChannelEvent, type EventInput } from '../services/events.js';

export async function eventRoutes(app: FastifyInstance, sandbox: Sandbox): Promise<void> {
  app.post<{ Params: { type: string; id: string }; Body: { event: EventInput } }>(
    '/channels/:type/:id/event',
    { schema: schemas.SEND_EVENT },
    async (request) => {
      const channel = loadChannel(sandbox, request.params.type, request.params.id);
      const input = request.body.event;
      const userId = actorUserId(request, input);
      return ok({ event: sendChannelEvent(sandbox, channel, { ...request.chatActor, userId }, input) });
    },
  );
}

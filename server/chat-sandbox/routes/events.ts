/**
 * Typing and custom events (chat-protocol.md §4.2 `POST …/event`): the server adds the user,
 * the channel fields and the time, and sends the event to the channel's watchers.
 */
import type { FastifyInstance } from 'fastify';
import { channelConfig } from '../channel-types.js';
import { nextTimestamp } from '../clock.js';
import { ChatError } from '../errors.js';
import { ok, type Sandbox } from '../sandbox.js';
import * as schemas from '../schema/events.js';
import { actorUserId, channelEventBase, loadChannel, requireCapability } from '../services/common.js';

const RESERVED_TYPES =
  /^(message|reaction|member|channel|notification|health|connection|user|poll|draft|reminder|thread)\./;

/** The event as the schema guarantees it (schema/events.ts): a type, and custom fields passed on. */
interface EventInput extends Record<string, unknown> {
  type: string;
  user_id?: string | null;
  user?: { id?: string };
}

export async function eventRoutes(app: FastifyInstance, sandbox: Sandbox): Promise<void> {
  app.post<{ Params: { type: string; id: string }; Body: { event: EventInput } }>(
    '/channels/:type/:id/event',
    { schema: schemas.SEND_EVENT },
    async (request) => {
      const channel = loadChannel(sandbox, request.params.type, request.params.id);
      const input = request.body.event;
      const userId = actorUserId(request, input);
      const actor = { ...request.chatActor, userId };
      const config = channelConfig(channel);
      const typing = input.type === 'typing.start' || input.type === 'typing.stop';
      if (typing) {
        if (!config.typing_events)
          throw new ChatError(18, `typing events are disabled for channel type ${channel.type}`, 400);
        requireCapability(sandbox, channel, actor, 'send-typing-events', 'SendTypingEvent');
      } else {
        if (RESERVED_TYPES.test(input.type) && !input.type.startsWith('ai_indicator.')) {
          throw new ChatError(18, `event type ${input.type} is reserved and cannot be sent`, 400);
        }
        if (!config.custom_events)
          throw new ChatError(18, `custom events are disabled for channel type ${channel.type}`, 400);
        requireCapability(sandbox, channel, actor, 'send-custom-events', 'SendCustomEvent');
      }
      const event = {
        ...input,
        ...channelEventBase(channel),
        user: sandbox.serialize.user(userId),
        created_at: nextTimestamp(),
        type: input.type,
      };
      delete (event as Record<string, unknown>).user_id;
      sandbox.gateway.toWatchers(channel.cid, () => event);
      return ok({ event });
    },
  );
}

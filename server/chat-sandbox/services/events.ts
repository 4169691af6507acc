/**
 * Typing and custom events (chat-protocol.md §4.2 `POST …/event`): checked against the channel
 * type's config and the actor's capabilities; the server adds the user, the channel fields and
 * the time, and sends the event to the channel's watchers.
 */
import type { Actor } from '../auth-context.js';
import { channelConfig } from '../channel-types.js';
import { nextTimestamp } from '../clock.js';
import { ChatError } from '../errors.js';
import type { Sandbox } from '../sandbox.js';
import type { ChannelRec } from '../store/model.js';
import { channelEventBase, requireCapability } from './common.js';

const RESERVED_TYPES =
  /^(message|reaction|member|channel|notification|health|connection|user|poll|draft|reminder|thread)\./;

/** An event a client sends: a type, and custom fields passed on. */
export interface EventInput extends Record<string, unknown> {
  type: string;
  user_id?: string | null;
  user?: { id?: string };
}

/** Sends `input` as `actor` (whose user is set) to the watchers of `channel`; answers the event as sent. */
export function sendChannelEvent(
  sandbox: Sandbox,
  channel: ChannelRec,
  actor: Actor & { userId: string },
  input: EventInput,
): Record<string, unknown> {
  const config = channelConfig(channel);
  if (input.type === 'typing.start' || input.type === 'typing.stop') {
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
  const { user_id: _ignored, ...fields } = input;
  const event = {
    ...fields,
    ...channelEventBase(channel),
    user: sandbox.serialize.user(actor.userId),
    created_at: nextTimestamp(),
    type: input.type,
  };
  sandbox.gateway.toWatchers(channel.cid, () => event);
  return event;
}

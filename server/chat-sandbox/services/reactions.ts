/**
 * Reacting to messages (chat-protocol.md §4.4): add or update a reaction (`enforce_unique`
 * replaces the user's others) and delete one. Reactions live inside their message record;
 * `reaction.new` / `reaction.updated` / `reaction.deleted` go to the channel's watchers with the
 * message as everyone sees it (`own_reactions: []`), the client patching in its own.
 */
import type { Actor } from '../auth-context.js';
import { channelConfig } from '../channel-types.js';
import { nextTimestamp } from '../clock.js';
import { ChatError, inputError, notAllowed, notFound } from '../errors.js';
import type { Sandbox } from '../sandbox.js';
import type { ChannelRec, Custom, MessageRec, ReactionRec } from '../store/model.js';
import { channelEventBase, requireCapability } from './common.js';

/** Reacting needs the channel's reactions feature and, for a user, no ban and the capability. */
function requireReact(sandbox: Sandbox, channel: ChannelRec, actor: Actor, userId: string, resource: string): void {
  const { store } = sandbox;
  if (!channelConfig(channel).reactions) {
    throw new ChatError(19, `Reactions are disabled for channel type ${channel.type}`, 400);
  }
  if (actor.server) return;
  const now = nextTimestamp();
  const banned =
    store.users.get(userId)?.banned ||
    store.bans.some(
      (b) => b.user_id === userId && (b.cid === '' || b.cid === channel.cid) && (!b.expires || b.expires > now),
    );
  if (banned) throw notAllowed(`User '${userId}' is banned and cannot react to messages`);
  requireCapability(sandbox, channel, actor, 'send-reaction', resource);
}

/** Sends `type` to the channel's watchers; a shadowed message's events reach only its author. */
function announce(sandbox: Sandbox, type: string, channel: ChannelRec, message: MessageRec, reaction: ReactionRec) {
  const { gateway, serialize } = sandbox;
  const payload = serialize.message(message);
  const event = {
    type,
    ...channelEventBase(channel),
    message_id: message.id,
    message: payload,
    reaction: serialize.reaction(reaction),
    user: serialize.user(reaction.user_id),
    created_at: nextTimestamp(),
  };
  gateway.toWatchers(
    channel.cid,
    () => event,
    (connection) => message.shadowed && connection.userId !== message.user_id,
  );
}

/** A reaction as the request gives it, already checked. */
export interface ReactionChange {
  type: string;
  score: number;
  custom: Custom;
  /** Replaces the user's reactions of other types. */
  enforceUnique: boolean;
}

/**
 * Adds `userId`'s reaction to the message, or updates the one of the same type (a server call
 * creates the user if needed). Refuses banned users, deleted, ephemeral and error messages.
 * Saves the message and sends `reaction.new`, or `reaction.updated` when `enforceUnique`
 * replaced others. Answers the reaction.
 */
export function sendReaction(
  sandbox: Sandbox,
  channel: ChannelRec,
  message: MessageRec,
  actor: Actor,
  userId: string,
  change: ReactionChange,
): ReactionRec {
  const { type, score, custom, enforceUnique } = change;
  if (actor.server) sandbox.store.ensureUser(userId);
  requireReact(sandbox, channel, actor, userId, 'CreateReaction');
  if (message.deleted_at || message.type === 'deleted')
    throw inputError(`Cannot react to deleted message ${message.id}`);
  if (message.type === 'ephemeral' || message.type === 'error') {
    throw inputError(`Cannot react to ${message.type} message ${message.id}`);
  }

  const now = nextTimestamp();
  const others = message.reactions.filter((r) => r.user_id === userId && r.type !== type);
  const replaced = enforceUnique && others.length > 0;
  if (enforceUnique) message.reactions = message.reactions.filter((r) => !others.includes(r));
  let reaction = message.reactions.find((r) => r.user_id === userId && r.type === type);
  if (reaction) {
    reaction.score = score;
    reaction.custom = custom;
    reaction.updated_at = now;
  } else {
    reaction = { message_id: message.id, user_id: userId, type, score, custom, created_at: now, updated_at: now };
    message.reactions.push(reaction);
  }
  sandbox.store.saveMessage(message);
  announce(sandbox, replaced ? 'reaction.updated' : 'reaction.new', channel, message, reaction);
  return reaction;
}

/**
 * Removes `userId`'s reaction of `type` (16 when there is none), saves the message and sends
 * `reaction.deleted`. Answers the removed reaction.
 */
export function deleteReaction(
  sandbox: Sandbox,
  channel: ChannelRec,
  message: MessageRec,
  actor: Actor,
  userId: string,
  type: string,
): ReactionRec {
  requireReact(sandbox, channel, actor, userId, 'DeleteReaction');
  const reaction = message.reactions.find((r) => r.user_id === userId && r.type === type);
  if (!reaction) {
    throw notFound(`Reaction of type "${type}" by user "${userId}" does not exist on message ${message.id}`);
  }
  message.reactions = message.reactions.filter((r) => r !== reaction);
  sandbox.store.saveMessage(message);
  announce(sandbox, 'reaction.deleted', channel, message, reaction);
  return reaction;
}

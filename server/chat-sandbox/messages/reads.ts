/**
 * Reads of a message record on someone's behalf: a message by id (one, or several of a channel),
 * the parent of a reply, the message a message quotes, and the poll a message carries. Each one
 * checks that the reader may read it — its channel readable to them (channel-access.ts), and a
 * shadow-banned sender's message existing only for that sender — and refuses before anything is
 * stored, with the service's codes (API errors: 4 input, 16 not found, 17 not allowed, 21 a reply
 * to a reply).
 */
import type { Actor } from '../auth-context.js';
import { canRead, requireRead } from '../channel-access.js';
import { ChatError, inputError, notAllowed, notFound } from '../errors.js';
import type { Sandbox } from '../sandbox.js';
import type { ChannelRec, MessageRec } from '../store/model.js';

/** Whether the actor sees the message at all (the server sees everything). */
function exists(message: MessageRec, actor: Actor): boolean {
  return actor.server || !message.shadowed || message.user_id === actor.userId;
}

/** A message by id with its channel: 16 when unknown or hidden from the actor, 17 when they cannot read the channel. */
export function readableMessage(
  sandbox: Sandbox,
  actor: Actor,
  id: string,
): { message: MessageRec; channel: ChannelRec } {
  const message = sandbox.store.messages.get(id);
  const channel = message ? sandbox.store.channels.get(message.cid) : undefined;
  if (!message || !channel || channel.deleted_at || !exists(message, actor))
    throw notFound(`Message "${id}" does not exist`);
  requireRead(sandbox, channel, actor);
  return { message, channel };
}

/** The messages of `channel` among `ids` that the actor sees (17 when they cannot read the channel). */
export function readableMessagesOf(sandbox: Sandbox, channel: ChannelRec, actor: Actor, ids: string[]): MessageRec[] {
  requireRead(sandbox, channel, actor);
  return ids
    .map((id) => sandbox.store.messages.get(id))
    .filter((m): m is MessageRec => m?.cid === channel.cid && exists(m, actor));
}

/**
 * The parent of a reply sent to `channel`: a message of that channel the sender sees (else 16),
 * not itself a reply (21: threads are one level deep).
 */
export function replyParent(
  sandbox: Sandbox,
  channel: ChannelRec,
  sender: Actor,
  parentId: unknown,
): MessageRec | undefined {
  if (parentId === undefined || parentId === null || parentId === '') return undefined;
  if (typeof parentId !== 'string') throw inputError('message.parent_id must be a string');
  const parent = sandbox.store.messages.get(parentId);
  if (!parent || parent.cid !== channel.cid || !exists(parent, sender) || !canRead(sandbox, channel, sender))
    throw notFound(`parent message ${parentId} does not exist in ${channel.cid}`);
  if (parent.parent_id) throw new ChatError(21, 'a reply cannot be a parent: replies are only one level deep', 400);
  return parent;
}

/**
 * The message a new or edited message quotes: one of the same channel (the service quotes only
 * within a channel) that the sender sees, else code 4. `current` is the quote the message already
 * has: keeping it needs no new read, so an edit survives the quoted message's hard deletion.
 */
export function quotedMessageId(
  sandbox: Sandbox,
  channel: ChannelRec,
  sender: Actor,
  quotedId: unknown,
  current?: string,
): string | undefined {
  if (quotedId === undefined || quotedId === null || quotedId === '') return undefined;
  if (typeof quotedId !== 'string') throw inputError('message.quoted_message_id must be a string');
  if (quotedId === current) return quotedId;
  const quoted = sandbox.store.messages.get(quotedId);
  if (!quoted || quoted.cid !== channel.cid || !exists(quoted, sender) || !canRead(sandbox, channel, sender))
    throw inputError(`quoted message ${quotedId} does not exist in ${channel.cid}`);
  return quotedId;
}

/**
 * The poll a new message carries. Only its creator may send it (the server acting for a user
 * may send any), and only once: a poll already carried by a message is refused, so its votes
 * are seen and cast only in the channel where its creator sent it. A poll the sender cannot
 * see (not theirs, not in a channel they read) is reported as missing.
 */
export function attachablePollId(sandbox: Sandbox, sender: Actor, pollId: unknown): string | undefined {
  if (pollId === undefined || pollId === null) return undefined;
  if (typeof pollId !== 'string') throw inputError('message.poll_id must be a string');
  const poll = sandbox.store.polls.get(pollId);
  if (!poll) throw inputError(`poll ${pollId} does not exist`);
  let carrier: MessageRec | undefined;
  for (const message of sandbox.store.messages.values()) if (message.poll_id === poll.id) carrier = message;
  if (!sender.server && poll.created_by_id !== sender.userId) {
    const channel = carrier ? sandbox.store.channels.get(carrier.cid) : undefined;
    const visible =
      carrier && channel && !channel.deleted_at && exists(carrier, sender) && canRead(sandbox, channel, sender);
    if (!visible) throw inputError(`poll ${poll.id} does not exist`);
    throw notAllowed(
      `User '${sender.userId ?? ''}' is not allowed to send poll ${poll.id}: only the poll's creator can`,
    );
  }
  if (carrier) throw inputError(`poll ${poll.id} is already attached to a message`);
  return poll.id;
}

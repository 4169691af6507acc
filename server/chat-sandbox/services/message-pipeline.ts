/**
 * Creating a message (chat-protocol.md §4.3): validation with the protocol's codes, storage,
 * the channel's and parent's bookkeeping, and the events — `message.new` to watchers with
 * per-recipient unread counters, `notification.message_new` to members not watching,
 * `message.updated` for a thread parent, `channel.visible` for members who had hidden it.
 */
import { channelConfig } from '../channel-types.js';
import { activeBans } from '../moderation.js';
import { nextTimestamp } from '../clock.js';
import { ChatError, inputError, notAllowed } from '../errors.js';
import type { Sandbox } from '../sandbox.js';
import type { ChannelRec, Custom, MessageRec } from '../store/model.js';
import { unreadTotals, channelUnread } from '../unread.js';
import { channelEventBase, requireCapability } from './common.js';
import type { Actor } from '../auth-context.js';
import { randomUUID } from 'node:crypto';
import { removeDraft } from '../drafts.js';
import { sharedLocationFor } from '../locations.js';
import { recordThreadReply } from '../threads/replies.js';
import { requireSendRights } from '../permissions.js';
import { attachablePollId, quotedMessageId, replyParent } from '../messages/reads.js';

export interface MessageInput extends Custom {
  id?: string;
  text?: string;
  attachments?: Custom[];
  mentioned_users?: (string | { id: string })[];
  parent_id?: string;
  show_in_channel?: boolean;
  quoted_message_id?: string;
  silent?: boolean;
  pinned?: boolean;
  pin_expires?: string | null;
  poll_id?: string;
  shared_location?: Custom;
  type?: string;
}

const KNOWN = new Set([
  'id',
  'text',
  'attachments',
  'mentioned_users',
  'parent_id',
  'show_in_channel',
  'quoted_message_id',
  'silent',
  'pinned',
  'pin_expires',
  'poll_id',
  'shared_location',
  'type',
  'user',
  'user_id',
  'cid',
  'html',
  'created_at',
  'updated_at',
  'deleted_at',
  'pinned_at',
  'pinned_by',
  'command',
  'args',
  'latest_reactions',
  'own_reactions',
  'reaction_counts',
  'reaction_scores',
  'reaction_groups',
  'reply_count',
  'deleted_reply_count',
  'mentioned_channel',
  'mentioned_here',
  'restricted_visibility',
  'quoted_message',
  'thread_participants',
  'i18n',
  'status',
  'shadowed',
  'member',
  'mml',
  'poll',
  'reminder',
  'draft',
  'channel',
  'message_text_updated_at',
  'error',
]);

export function customFields(input: Custom): Custom {
  const custom: Custom = {};
  for (const [key, value] of Object.entries(input)) if (!KNOWN.has(key)) custom[key] = value;
  return custom;
}

export function mentionIds(sandbox: Sandbox, raw: MessageInput['mentioned_users']): string[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) throw inputError('mentioned_users must be an array of user ids');
  const ids = raw.map((m) => (typeof m === 'string' ? m : m?.id)).filter((id): id is string => typeof id === 'string');
  return [...new Set(ids)].filter((id) => sandbox.store.users.has(id));
}

export function validateText(channel: ChannelRec, text: string): void {
  const max = Number(channelConfig(channel).max_message_length ?? 5000);
  if (text.length > max)
    throw new ChatError(20, `message is too long: ${text.length} characters, the maximum is ${max}`, 400);
}

function validateAttachments(attachments: unknown): Custom[] {
  if (attachments === undefined) return [];
  if (!Array.isArray(attachments) || attachments.some((a) => !a || typeof a !== 'object')) {
    throw inputError('attachments must be an array of objects');
  }
  return attachments as Custom[];
}

/** Checks who may post and whether slow mode allows it now. */
export function checkCanPost(
  sandbox: Sandbox,
  channel: ChannelRec,
  actor: Actor,
  userId: string,
  isReply: boolean,
): void {
  const member = sandbox.store.member(channel.cid, userId);
  const asUser: Actor = { ...actor, userId, server: false };
  if (!actor.server) {
    // Shadow bans let the member post; their messages are marked shadowed instead.
    if (activeBans(sandbox, userId, channel.cid).some((ban) => !ban.shadow)) {
      throw notAllowed(`User '${userId}' is banned${member?.banned ? ` from ${channel.cid}` : ''}`);
    }
    if (channel.frozen && !sandbox.serialize.isModerator(channel.cid, userId))
      throw notAllowed(`Channel ${channel.cid} is frozen`);
    requireCapability(sandbox, channel, asUser, isReply ? 'send-reply' : 'send-message', 'CreateMessage');
  }
  if (channel.cooldown && !actor.server && !sandbox.serialize.isModerator(channel.cid, userId)) {
    const last = [...sandbox.store.messagesOf(channel.cid)]
      .reverse()
      .find((m) => m.user_id === userId && !m.deleted_at);
    if (last) {
      const wait = channel.cooldown * 1000 - (Date.now() - Date.parse(last.created_at));
      if (wait > 0)
        throw new ChatError(
          60,
          `Slow mode is on: wait ${Math.ceil(wait / 1000)} seconds before sending another message`,
          403,
        );
    }
  }
}

/** Stores a new message and sends its events. Returns the stored record. */
export function createMessage(
  sandbox: Sandbox,
  channel: ChannelRec,
  userId: string,
  input: MessageInput,
  options: { attachments?: Custom[]; server?: boolean } = {},
): MessageRec {
  const { store } = sandbox;
  // A user's own request (not the server's, not a channel update's note) needs the rights for its kind.
  if (options.server === false) requireSendRights(sandbox, { userId, server: false }, channel, input);
  const id = input.id ?? randomUUID();
  if (typeof id !== 'string' || !/^[A-Za-z0-9_\-:.!@]{1,255}$/.test(id))
    throw inputError('message.id may use letters, numbers and -_:.!@ (up to 255)');
  if (store.messages.has(id)) throw inputError(`a message with ID ${id} already exists`);
  const text = input.text ?? '';
  if (typeof text !== 'string') throw inputError('message.text must be a string');
  validateText(channel, text);
  const attachments = options.attachments ?? validateAttachments(input.attachments);
  // Every record the message points to must be one the sender may read (messages/reads.ts).
  const sender: Actor = { userId, server: options.server !== false };
  const parent = replyParent(sandbox, channel, sender, input.parent_id);
  const quotedId = quotedMessageId(sandbox, channel, sender, input.quoted_message_id);
  const pollId = attachablePollId(sandbox, sender, input.poll_id);
  if (!text.trim() && attachments.length === 0 && !pollId && !input.shared_location) {
    throw inputError('message must have text, attachments, a poll or a location');
  }
  const now = nextTimestamp();
  const location = sharedLocationFor(sandbox, channel, userId, id, input.shared_location, now, options.server);
  const message: MessageRec = {
    id,
    cid: channel.cid,
    user_id: userId,
    type: input.type === 'system' ? 'system' : parent ? (input.show_in_channel ? 'regular' : 'reply') : 'regular',
    text,
    attachments,
    mentioned_user_ids: mentionIds(sandbox, input.mentioned_users),
    parent_id: parent?.id,
    show_in_channel: parent ? Boolean(input.show_in_channel) : undefined,
    quoted_message_id: quotedId,
    custom: customFields(input),
    created_at: now,
    updated_at: now,
    pinned: Boolean(input.pinned),
    pinned_at: input.pinned ? now : undefined,
    pinned_by_id: input.pinned ? userId : undefined,
    pin_expires: input.pinned ? (input.pin_expires ?? undefined) : undefined,
    reply_count: 0,
    deleted_reply_count: 0,
    thread_participant_ids: [],
    silent: Boolean(input.silent),
    // A shadow-banned member's messages are stored but reach only themself.
    shadowed: activeBans(sandbox, userId, channel.cid).some((ban) => ban.shadow),
    poll_id: pollId,
    shared_location: location ? { ...location } : undefined,
    reactions: [],
  };
  insertSentMessage(sandbox, channel, message, parent);
  // Sending clears the sender's draft of this channel (or of this thread).
  if (message.type !== 'system') removeDraft(sandbox, channel, userId, parent?.id);
  return message;
}

/** Stores a complete message record (new, or a sent giphy) and does the bookkeeping and events. */
export function insertSentMessage(
  sandbox: Sandbox,
  channel: ChannelRec,
  message: MessageRec,
  parentRec?: MessageRec,
): void {
  const { store } = sandbox;
  const parent = parentRec ?? (message.parent_id ? store.messages.get(message.parent_id) : undefined);
  const userId = message.user_id;
  const now = message.created_at;
  store.insertMessage(message);
  if (parent) {
    parent.reply_count += 1;
    if (!parent.thread_participant_ids.includes(parent.user_id)) parent.thread_participant_ids.push(parent.user_id);
    if (!parent.thread_participant_ids.includes(userId)) parent.thread_participant_ids.push(userId);
    store.saveMessage(parent);
  }
  const systemSkip = message.type === 'system' && channelConfig(channel).skip_last_msg_update_for_system_msgs;
  if (!systemSkip && (!parent || message.show_in_channel)) {
    channel.last_message_at = now;
    store.saveChannel(channel);
  }
  const sender = store.member(channel.cid, userId);
  if (sender) {
    sender.last_read = now;
    sender.last_read_message_id = message.id;
    store.saveMember(sender);
  }
  broadcastNewMessage(sandbox, channel, message, parent);
  if (parent) recordThreadReply(sandbox, channel, parent, message);
}

export function broadcastNewMessage(
  sandbox: Sandbox,
  channel: ChannelRec,
  message: MessageRec,
  parent?: MessageRec,
): void {
  const { store, gateway, serialize } = sandbox;
  const base = channelEventBase(channel);
  // Members who had hidden the channel see it again.
  for (const member of store.membersOf(channel.cid)) {
    if (!member.hidden || (parent && !message.show_in_channel)) continue;
    member.hidden = false;
    store.saveMember(member);
    gateway.toUser(member.user_id, {
      type: 'channel.visible',
      ...base,
      channel: serialize.channel(channel, { userId: member.user_id, server: false }),
      user: serialize.user(member.user_id),
    });
  }
  const payload = serialize.message(message);
  const watcherCount = gateway.watcherUserIds(channel.cid).length;
  const memberCount = store.membersOf(channel.cid).length;
  const recipients = gateway.toWatchers(
    channel.cid,
    (uid) => {
      const totals = unreadTotals(uid, store);
      return {
        type: 'message.new',
        ...base,
        message_id: message.id,
        message: payload,
        user: payload.user,
        watcher_count: watcherCount,
        channel_member_count: memberCount,
        channel_custom: channel.custom,
        unread_count: channelUnread(channel.cid, uid, store),
        total_unread_count: totals.total_unread_count,
        unread_channels: totals.unread_channels,
        ...(parent ? { thread_participants: parent.thread_participant_ids.map((id) => serialize.user(id)) } : {}),
      };
    },
    // A shadow-banned member's messages reach only themself.
    (connection) => message.shadowed && connection.userId !== message.user_id,
  );
  if (!parent || message.show_in_channel) {
    for (const member of store.membersOf(channel.cid)) {
      if (recipients.has(member.user_id) || member.user_id === message.user_id || message.shadowed) continue;
      const totals = unreadTotals(member.user_id, store);
      gateway.toUser(member.user_id, {
        type: 'notification.message_new',
        ...base,
        channel: serialize.channel(channel, { userId: member.user_id, server: false }),
        message: payload,
        message_id: message.id,
        watcher_count: watcherCount,
        unread_count: channelUnread(channel.cid, member.user_id, store),
        total_unread_count: totals.total_unread_count,
        unread_channels: totals.unread_channels,
      });
    }
  }
  if (parent) {
    gateway.toWatchers(channel.cid, () => ({
      type: 'message.updated',
      ...base,
      message_id: parent.id,
      message: serialize.message(parent),
      user: serialize.user(parent.user_id),
    }));
  }
}

/** A system message (channel update, truncate), stored and announced like any other. */
export function createSystemMessage(
  sandbox: Sandbox,
  channel: ChannelRec,
  userId: string,
  text: string,
): Record<string, unknown> {
  if (!text.trim()) throw inputError('message.text is required');
  const message = createMessage(sandbox, channel, userId, { text, type: 'system' });
  return sandbox.serialize.message(message);
}

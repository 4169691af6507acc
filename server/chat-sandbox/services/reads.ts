/**
 * Channel read state (chat-protocol.md §4.2): mark a channel read up to a message or its end, mark
 * it unread from a message (only within the newest 100 channel messages), mark all channels read.
 * Each saves the member's read position and tells the watchers (`message.read`) and the user
 * (`notification.mark_read` / `notification.mark_unread`, with the user's unread totals).
 */
import { nextTimestamp } from '../clock.js';
import { inputError, notFound } from '../errors.js';
import type { Sandbox } from '../sandbox.js';
import type { ChannelRec, MemberRec } from '../store/model.js';
import { channelUnread, UNREAD_WINDOW, unreadTotals } from '../unread.js';
import { channelEventBase, channelMessagesFor } from './common.js';

/** Marks `channel` read for `member` up to `messageId` (or its newest message); answers the `message.read` event. */
export function markChannelRead(sandbox: Sandbox, channel: ChannelRec, member: MemberRec, messageId?: string) {
  const { store, gateway, serialize } = sandbox;
  const messages = channelMessagesFor(sandbox, channel, member.user_id);
  let target = messages[messages.length - 1];
  if (messageId) {
    target = messages.find((m) => m.id === messageId);
    if (!target) throw notFound(`message ${messageId} does not exist in ${channel.cid}`);
  }
  const now = nextTimestamp();
  member.last_read = messageId && target ? target.created_at : now;
  member.last_read_message_id = target?.id;
  store.saveMember(member);
  const user = serialize.user(member.user_id);
  const event = {
    type: 'message.read',
    ...channelEventBase(channel),
    user,
    created_at: now,
    last_read_message_id: target?.id,
  };
  gateway.toWatchers(channel.cid, () => event);
  gateway.toUser(member.user_id, {
    type: 'notification.mark_read',
    ...channelEventBase(channel),
    user,
    created_at: now,
    last_read_message_id: target?.id,
    ...unreadTotals(member.user_id, store),
  });
  return event;
}

/** Where a channel becomes unread from: a message id, or the first message at or after a time. */
export interface UnreadFrom {
  message_id?: string;
  message_timestamp?: string;
}

/** The index in `newest` of the first message to mark unread, refusing what lies outside the window. */
function firstUnreadIndex(cid: string, messages: { id: string; created_at: string }[], from: UnreadFrom): number {
  const newest = messages.slice(-UNREAD_WINDOW);
  const tooOld = () =>
    inputError(`cannot mark messages older than the newest ${UNREAD_WINDOW} channel messages as unread`);
  if (from.message_id) {
    const index = newest.findIndex((m) => m.id === from.message_id);
    if (index < 0 && messages.some((m) => m.id === from.message_id)) throw tooOld();
    if (index < 0) throw notFound(`message ${from.message_id} does not exist in ${cid}`);
    return index;
  }
  const at = new Date(from.message_timestamp!);
  if (Number.isNaN(at.getTime())) throw inputError('message_timestamp must be a date');
  const index = newest.findIndex((m) => m.created_at >= at.toISOString());
  if (index < 0) throw inputError('no message at or after message_timestamp');
  if (index === 0 && messages.length > newest.length) throw tooOld();
  return index;
}

/** Rewinds `member`'s read position to just before the first unread message; `notification.mark_unread` to them. */
export function markChannelUnread(sandbox: Sandbox, channel: ChannelRec, member: MemberRec, from: UnreadFrom): void {
  const { store, gateway, serialize } = sandbox;
  const userId = member.user_id;
  if (!from.message_id && !from.message_timestamp) throw inputError('message_id or message_timestamp is required');
  const messages = channelMessagesFor(sandbox, channel, userId).filter((m) => !m.parent_id || m.show_in_channel);
  const newest = messages.slice(-UNREAD_WINDOW);
  const index = firstUnreadIndex(channel.cid, messages, from);
  const first = newest[index]!;
  const previous = newest[index - 1] ?? messages[messages.length - newest.length - 1];
  // Just before the first unread message.
  member.last_read = previous ? previous.created_at : new Date(Date.parse(first.created_at) - 1).toISOString();
  member.last_read_message_id = previous?.id;
  store.saveMember(member);
  gateway.toUser(userId, {
    type: 'notification.mark_unread',
    ...channelEventBase(channel),
    user: serialize.user(userId),
    created_at: nextTimestamp(),
    first_unread_message_id: first.id,
    last_read_message_id: previous?.id,
    last_read_at: member.last_read,
    unread_messages: channelUnread(channel.cid, userId, store),
    ...unreadTotals(userId, store),
  });
}

/** Marks every channel of `userId` read (or only those keyed in `only`). */
export function markAllRead(sandbox: Sandbox, userId: string, only?: Record<string, string>): void {
  const { store, gateway, serialize } = sandbox;
  const now = nextTimestamp();
  for (const [cid, members] of store.members) {
    const member = members.get(userId);
    const channel = store.channels.get(cid);
    if (!member || !channel || channel.deleted_at || (only && !Object.hasOwn(only, cid))) continue;
    member.last_read = now;
    member.last_read_message_id = store.messagesOf(cid).at(-1)?.id;
    store.saveMember(member);
    gateway.toWatchers(cid, () => ({
      type: 'message.read',
      ...channelEventBase(channel),
      user: serialize.user(userId),
      created_at: now,
      last_read_message_id: member.last_read_message_id,
    }));
  }
  gateway.toUser(userId, {
    type: 'notification.mark_read',
    user: serialize.user(userId),
    created_at: now,
    ...unreadTotals(userId, store),
  });
}

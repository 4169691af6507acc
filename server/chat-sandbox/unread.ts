/**
 * Unread counting as the hosted service does it (spec section 4): after the member's last read,
 * skipping own, thread-only, silent, shadowed and deleted messages, messages from muted users,
 * muted channels and channels without read events.
 */
import { channelConfig } from './channel-types.js';
import type { ChatStore } from './store/chat-store.js';
import type { MessageRec } from './store/model.js';
import { threadUnreadTotals } from './threads/unread.js';

export const UNREAD_WINDOW = 100;

function expired(expires: string | undefined): boolean {
  return expires !== undefined && Date.parse(expires) < Date.now();
}

export function countsAsUnreadFor(message: MessageRec, userId: string, store: ChatStore): boolean {
  if (message.user_id === userId || message.silent || message.shadowed || message.deleted_at) return false;
  if (message.type !== 'regular' && message.type !== 'reply' && message.type !== 'system') return false;
  if (message.parent_id && !message.show_in_channel) return false;
  const user = store.users.get(userId);
  return !user?.mutes.some((m) => m.target_id === message.user_id && !expired(m.expires));
}

export function channelUnread(cid: string, userId: string, store: ChatStore): number {
  const channel = store.channels.get(cid);
  const member = store.member(cid, userId);
  if (!channel || !member || !channelConfig(channel).read_events) return 0;
  const user = store.users.get(userId);
  if (user?.channel_mutes.some((m) => m.cid === cid && !expired(m.expires))) return 0;
  const messages = store.messagesOf(cid);
  let count = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.created_at <= member.last_read) break;
    if (countsAsUnreadFor(message, userId, store)) count++;
  }
  return count;
}

export interface UnreadTotals {
  total_unread_count: number;
  unread_count: number;
  unread_channels: number;
  unread_threads: number;
  unread_thread_messages: number;
}

export function unreadTotals(userId: string, store: ChatStore): UnreadTotals {
  let total = 0;
  let channels = 0;
  for (const [cid, members] of store.members) {
    if (!members.has(userId) || !store.channels.get(cid) || store.channels.get(cid)!.deleted_at) continue;
    const count = channelUnread(cid, userId, store);
    total += count;
    if (count > 0) channels++;
  }
  return {
    total_unread_count: total,
    unread_count: total,
    unread_channels: channels,
    ...threadUnreadTotals(userId, store),
  };
}

/**
 * Unread thread counting: replies after the reader's last read in the thread, skipping their
 * own, deleted, shadowed and silent replies and replies from users they muted. Only threads the
 * user takes part in (thread_participant_ids), in channels they are a member of, count.
 */
import type { ChatStore } from '../store/chat-store.js';
import type { MessageRec } from '../store/model.js';
import { threadReadOf, threadRecOf } from './records.js';

export interface ThreadUnreadTotals {
  unread_threads: number;
  unread_thread_messages: number;
}

function mutedByUser(store: ChatStore, userId: string, authorId: string): boolean {
  const user = store.users.get(userId);
  return Boolean(
    user?.mutes.some((m) => m.target_id === authorId && !(m.expires && Date.parse(m.expires) < Date.now())),
  );
}

/** Unread replies of the thread for `userId`. */
export function threadUnread(store: ChatStore, parent: MessageRec, userId: string): number {
  const { last_read } = threadReadOf(threadRecOf(store, parent), parent, userId);
  const messages = store.messagesOf(parent.cid);
  let count = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.created_at <= last_read) break;
    if (message.parent_id !== parent.id || message.user_id === userId) continue;
    if (message.deleted_at || message.shadowed || message.silent) continue;
    if (mutedByUser(store, userId, message.user_id)) continue;
    count++;
  }
  return count;
}

/** A thread with unread replies, as GET /unread lists it. */
export interface UnreadThread {
  parent_message_id: string;
  last_read: string;
  last_read_message_id?: string;
  unread_count: number;
}

/** The threads `userId` takes part in, in live channels they are a member of, with unread replies. */
export function unreadThreadsOf(userId: string, store: ChatStore): UnreadThread[] {
  const unread: UnreadThread[] = [];
  for (const thread of store.threads.values()) {
    const parent = store.messages.get(thread.parent_message_id);
    const channel = store.channels.get(thread.cid);
    if (!parent || parent.deleted_at || thread.deleted_at || !channel || channel.deleted_at) continue;
    if (!parent.thread_participant_ids.includes(userId) || !store.member(thread.cid, userId)) continue;
    const count = threadUnread(store, parent, userId);
    if (count === 0) continue;
    const read = threadReadOf(thread, parent, userId);
    unread.push({
      parent_message_id: parent.id,
      last_read: read.last_read,
      ...(read.last_read_message_id ? { last_read_message_id: read.last_read_message_id } : {}),
      unread_count: count,
    });
  }
  return unread;
}

/** How many threads have unread replies for `userId`, and how many unread replies in all. */
export function threadUnreadTotals(userId: string, store: ChatStore): ThreadUnreadTotals {
  const unread = unreadThreadsOf(userId, store);
  return {
    unread_threads: unread.length,
    unread_thread_messages: unread.reduce((sum, thread) => sum + thread.unread_count, 0),
  };
}

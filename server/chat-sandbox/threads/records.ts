/**
 * Thread records (chat-protocol.md §3.9 and §4.7): a thread is a parent message with replies;
 * its ThreadRec holds what the parent message does not — title, custom fields and each reader's
 * position. Replies and participants are read from the messages themselves.
 */
import type { ChatStore } from '../store/chat-store.js';
import type { MessageRec, ThreadRec } from '../store/model.js';

const TITLE_LENGTH = 100;

/** The default title: the parent's text, on one line and truncated. */
export function defaultTitle(parent: MessageRec): string {
  const text = parent.text.replace(/\s+/g, ' ').trim();
  return text.length > TITLE_LENGTH ? `${text.slice(0, TITLE_LENGTH - 1)}…` : text;
}

/** Whether the message heads a thread (it has, or had, replies). */
export function isThreadParent(store: ChatStore, message: MessageRec): boolean {
  if (message.parent_id) return false;
  return store.threads.has(message.id) || message.reply_count > 0 || message.deleted_reply_count > 0;
}

/** The thread's record; for a parent with replies but no record yet, a fresh unsaved one. */
export function threadRecOf(store: ChatStore, parent: MessageRec): ThreadRec {
  const existing = store.threads.get(parent.id);
  if (existing) return existing;
  const firstReply = repliesOf(store, parent)[0];
  const createdAt = firstReply?.created_at ?? parent.created_at;
  return {
    parent_message_id: parent.id,
    cid: parent.cid,
    title: defaultTitle(parent),
    custom: {},
    created_at: createdAt,
    updated_at: createdAt,
    reads: {},
  };
}

/** The thread's replies, oldest first (deleted ones included). */
export function repliesOf(store: ChatStore, parent: MessageRec): MessageRec[] {
  return store.messagesOf(parent.cid).filter((m) => m.parent_id === parent.id);
}

/** Where `userId` has read the thread up to; a participant who never read it starts at the parent. */
export function threadReadOf(thread: ThreadRec, parent: MessageRec, userId: string) {
  return thread.reads[userId] ?? { last_read: parent.created_at, last_read_message_id: undefined };
}

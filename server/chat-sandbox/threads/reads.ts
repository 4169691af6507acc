/**
 * Thread read state (chat-protocol.md §4.7): `POST /channels/{t}/{id}/read {thread_id}` marks the
 * thread read for the user (`message.read` with `thread` to the channel's watchers and
 * `notification.mark_read` with `thread_id` to the user); `POST …/unread {thread_id, message_id?}`
 * rewinds to just before the message (the latest reply when none is named) and sends
 * `notification.mark_unread` with `thread_id`.
 */
import { nextTimestamp } from '../clock.js';
import { inputError, notFound } from '../errors.js';
import { channelEventBase } from '../services/common.js';
import type { Sandbox } from '../sandbox.js';
import type { ChannelRec, MessageRec } from '../store/model.js';
import { unreadTotals } from '../unread.js';
import { isThreadParent, repliesOf, threadRecOf } from './records.js';
import { threadEventPayload } from './state.js';
import { threadUnread } from './unread.js';

function loadThreadParent(sandbox: Sandbox, channel: ChannelRec, threadId: unknown): MessageRec {
  if (typeof threadId !== 'string' || threadId === '') throw inputError('thread_id must be a message id');
  const parent = sandbox.store.messages.get(threadId);
  if (!parent || parent.cid !== channel.cid || !isThreadParent(sandbox.store, parent))
    throw notFound(`thread ${threadId} does not exist in ${channel.cid}`);
  return parent;
}

function readableReplies(sandbox: Sandbox, parent: MessageRec, userId: string): MessageRec[] {
  return repliesOf(sandbox.store, parent).filter((m) => !m.deleted_at && (!m.shadowed || m.user_id === userId));
}

export function markThreadRead(
  sandbox: Sandbox,
  channel: ChannelRec,
  userId: string,
  threadId: unknown,
): Record<string, unknown> {
  const { store, gateway, serialize } = sandbox;
  const parent = loadThreadParent(sandbox, channel, threadId);
  const thread = threadRecOf(store, parent);
  const last = readableReplies(sandbox, parent, userId).at(-1);
  const now = nextTimestamp();
  thread.reads[userId] = { last_read: now, last_read_message_id: last?.id };
  store.saveThread(thread);
  const user = serialize.user(userId);
  const event = {
    type: 'message.read',
    ...channelEventBase(channel),
    user,
    created_at: now,
    last_read_message_id: last?.id,
    thread: threadEventPayload(thread),
  };
  gateway.toWatchers(channel.cid, () => event);
  gateway.toUser(userId, {
    type: 'notification.mark_read',
    ...channelEventBase(channel),
    user,
    created_at: now,
    last_read_message_id: last?.id,
    thread_id: parent.id,
    ...unreadTotals(userId, store),
  });
  return event;
}

export function markThreadUnread(
  sandbox: Sandbox,
  channel: ChannelRec,
  userId: string,
  body: { thread_id?: unknown; message_id?: unknown },
): void {
  const { store, gateway, serialize } = sandbox;
  const parent = loadThreadParent(sandbox, channel, body.thread_id);
  const replies = readableReplies(sandbox, parent, userId);
  let index = replies.length - 1;
  if (body.message_id !== undefined) {
    if (typeof body.message_id !== 'string' || body.message_id === '')
      throw inputError('message_id must be a message id');
    index = replies.findIndex((m) => m.id === body.message_id);
    if (index < 0) {
      if (store.messages.has(body.message_id))
        throw inputError(`message ${body.message_id} is not a reply in thread ${parent.id}`);
      throw notFound(`message ${body.message_id} does not exist`);
    }
  }
  const first = replies[index];
  if (!first) throw inputError(`thread ${parent.id} has no replies to mark unread`);
  const previous = replies[index - 1];
  const thread = threadRecOf(store, parent);
  const lastRead = previous?.created_at ?? parent.created_at;
  thread.reads[userId] = { last_read: lastRead, last_read_message_id: previous?.id };
  store.saveThread(thread);
  gateway.toUser(userId, {
    type: 'notification.mark_unread',
    ...channelEventBase(channel),
    user: serialize.user(userId),
    created_at: nextTimestamp(),
    thread_id: parent.id,
    first_unread_message_id: first.id,
    last_read_message_id: previous?.id,
    last_read_at: lastRead,
    unread_messages: threadUnread(store, parent, userId),
    ...unreadTotals(userId, store),
  });
}

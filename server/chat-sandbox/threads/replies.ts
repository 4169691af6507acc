/**
 * A new thread reply (thread-only or shown in the channel): the thread's record is created with
 * the first reply, the sender has read the thread up to their reply, and the other participants
 * get `notification.thread_message_new` on all their connections.
 */
import { channelEventBase } from '../services/common.js';
import type { Sandbox } from '../sandbox.js';
import type { ChannelRec, MessageRec } from '../store/model.js';
import { defaultTitle } from './records.js';
import { threadUnreadTotals } from './unread.js';

export function recordThreadReply(sandbox: Sandbox, channel: ChannelRec, parent: MessageRec, reply: MessageRec): void {
  const { store, gateway, serialize } = sandbox;
  const thread = store.threads.get(parent.id) ?? {
    parent_message_id: parent.id,
    cid: parent.cid,
    title: defaultTitle(parent),
    custom: {},
    created_at: reply.created_at,
    updated_at: reply.created_at,
    reads: {},
  };
  thread.updated_at = reply.created_at;
  thread.reads[reply.user_id] = { last_read: reply.created_at, last_read_message_id: reply.id };
  store.saveThread(thread);
  // A shadow-banned member's replies reach only themself.
  if (reply.shadowed) return;
  const payload = serialize.message(reply);
  const watcherCount = gateway.watcherUserIds(channel.cid).length;
  for (const userId of parent.thread_participant_ids) {
    if (userId === reply.user_id || !store.member(channel.cid, userId)) continue;
    gateway.toUser(userId, {
      type: 'notification.thread_message_new',
      ...channelEventBase(channel),
      channel: serialize.channel(channel, { userId, server: false }),
      message: payload,
      message_id: reply.id,
      parent_id: parent.id,
      thread_id: parent.id,
      watcher_count: watcherCount,
      created_at: reply.created_at,
      ...threadUnreadTotals(userId, store),
    });
  }
}

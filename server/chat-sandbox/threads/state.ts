/**
 * ThreadStateResponse (chat-protocol.md §3.9) as one viewer sees it: the parent, the channel,
 * the latest replies (oldest first), participants, each participant's read state, custom fields
 * flattened.
 */
import { channelDraft } from '../drafts.js';
import type { Sandbox } from '../sandbox.js';
import type { Viewer } from '../serialize.js';
import type { MessageRec, ThreadRec } from '../store/model.js';
import { repliesOf, threadReadOf, threadRecOf } from './records.js';
import { threadUnread } from './unread.js';

export interface ThreadStateOptions {
  replyLimit: number;
  participantLimit: number;
  memberLimit: number;
}

export const DEFAULT_THREAD_STATE: ThreadStateOptions = { replyLimit: 3, participantLimit: 100, memberLimit: 100 };

/** The fields queryThreads filters and sorts on. */
export function threadView(sandbox: Sandbox, parent: MessageRec): Record<string, unknown> {
  const thread = threadRecOf(sandbox.store, parent);
  return {
    ...thread.custom,
    parent_message_id: parent.id,
    channel_cid: parent.cid,
    created_by_user_id: parent.user_id,
    title: thread.title,
    created_at: thread.created_at,
    updated_at: thread.updated_at,
    last_message_at: lastReplyAt(sandbox, parent),
    reply_count: parent.reply_count,
    participant_count: parent.thread_participant_ids.length,
    active_participant_count: parent.thread_participant_ids.length,
    deleted_at: thread.deleted_at ?? parent.deleted_at,
  };
}

function visibleReplies(sandbox: Sandbox, parent: MessageRec, viewerId: string | null): MessageRec[] {
  return repliesOf(sandbox.store, parent).filter((m) => !m.shadowed || m.user_id === viewerId);
}

function lastReplyAt(sandbox: Sandbox, parent: MessageRec): string | undefined {
  return repliesOf(sandbox.store, parent)
    .filter((m) => !m.deleted_at && !m.shadowed)
    .at(-1)?.created_at;
}

/** The `thread` object of `thread.updated` and of thread `message.read` events. */
export function threadEventPayload(thread: ThreadRec): Record<string, unknown> {
  return {
    ...thread.custom,
    parent_message_id: thread.parent_message_id,
    channel_cid: thread.cid,
    title: thread.title,
    created_at: thread.created_at,
    updated_at: thread.updated_at,
    deleted_at: thread.deleted_at,
  };
}

export function threadState(
  sandbox: Sandbox,
  parent: MessageRec,
  viewer: Viewer,
  options: ThreadStateOptions = DEFAULT_THREAD_STATE,
): Record<string, unknown> {
  const { store, serialize } = sandbox;
  const thread = threadRecOf(store, parent);
  const channel = store.channels.get(parent.cid)!;
  const replies = visibleReplies(sandbox, parent, viewer.userId);
  const latest = options.replyLimit > 0 ? replies.slice(-options.replyLimit) : [];
  const participants = parent.thread_participant_ids.map((userId) => {
    const own = replies.filter((m) => m.user_id === userId && !m.shadowed);
    const joinedAt = userId === parent.user_id ? parent.created_at : (own[0]?.created_at ?? thread.created_at);
    return {
      channel_cid: parent.cid,
      thread_id: parent.id,
      user_id: userId,
      user: serialize.user(userId),
      created_at: joinedAt,
      last_read_at: threadReadOf(thread, parent, userId).last_read,
      last_thread_message_at: own.at(-1)?.created_at,
    };
  });
  const readers = [...new Set([...parent.thread_participant_ids, ...Object.keys(thread.reads)])];
  const members = store.membersOf(parent.cid).sort((a, b) => a.created_at.localeCompare(b.created_at));
  return {
    ...thread.custom,
    parent_message_id: parent.id,
    parent_message: serialize.message(parent, viewer.userId),
    channel_cid: parent.cid,
    channel: {
      ...serialize.channel(channel, viewer),
      members: members.slice(0, options.memberLimit).map((m) => serialize.member(m)),
    },
    created_by_user_id: parent.user_id,
    created_by: serialize.user(parent.user_id),
    reply_count: parent.reply_count,
    participant_count: participants.length,
    active_participant_count: participants.length,
    title: thread.title,
    created_at: thread.created_at,
    updated_at: thread.updated_at,
    last_message_at: lastReplyAt(sandbox, parent),
    deleted_at: thread.deleted_at ?? parent.deleted_at,
    latest_replies: latest.map((m) => serialize.message(m, viewer.userId)),
    read: readers.map((userId) => {
      const read = threadReadOf(thread, parent, userId);
      return {
        user: serialize.user(userId),
        last_read: read.last_read,
        last_read_message_id: read.last_read_message_id,
        unread_messages: threadUnread(store, parent, userId),
      };
    }),
    thread_participants: participants.slice(0, options.participantLimit),
    draft: channelDraft(sandbox, parent.cid, viewer.userId, parent.id),
  };
}

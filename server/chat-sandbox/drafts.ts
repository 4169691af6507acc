/**
 * Drafts (chat-protocol.md §3.9 DraftResponse, §4.9): a user's unsent message per channel, or per
 * thread when `parent_id` is set. Drafts belong to the user, so their events (`draft.updated`,
 * `draft.deleted`) go to all of the user's connections, whatever they watch.
 */
import { nextTimestamp, ZERO_TIME } from './clock.js';
import type { Sandbox } from './sandbox.js';
import { draftKey } from './store/chat-store.js';
import type { ChannelRec, DraftRec } from './store/model.js';

/** The draft as its owner sees it: the message, the channel, the parent and the quoted message. */
export function draftResponse(sandbox: Sandbox, draft: DraftRec): Record<string, unknown> {
  const { store, serialize } = sandbox;
  const channel = store.channels.get(draft.cid);
  const message = draft.message;
  const mentioned = Array.isArray(message.mentioned_users) ? (message.mentioned_users as string[]) : undefined;
  const quotedId = typeof message.quoted_message_id === 'string' ? message.quoted_message_id : undefined;
  const quoted = quotedId ? store.messages.get(quotedId) : undefined;
  const parent = draft.parent_id ? store.messages.get(draft.parent_id) : undefined;
  return {
    message: { ...message, ...(mentioned ? { mentioned_users: mentioned.map((id) => serialize.user(id)) } : {}) },
    channel_cid: draft.cid,
    channel: channel ? serialize.channel(channel, { userId: draft.user_id, server: false }) : undefined,
    parent_id: draft.parent_id,
    parent_message: parent ? serialize.message(parent, draft.user_id) : undefined,
    quoted_message: quoted ? serialize.message(quoted, draft.user_id) : undefined,
    created_at: draft.created_at,
  };
}

/** The viewer's draft for channel state (`draft`), or for a thread's state when `parentId` is given. */
export function channelDraft(
  sandbox: Sandbox,
  cid: string,
  userId: string | null,
  parentId?: string,
): Record<string, unknown> | undefined {
  if (!userId) return undefined;
  const draft = sandbox.store.drafts.get(draftKey(cid, userId, parentId));
  return draft ? draftResponse(sandbox, draft) : undefined;
}

/** Deletes the user's draft of the channel (or of the thread) and sends `draft.deleted`; false when there was none. */
export function removeDraft(sandbox: Sandbox, channel: ChannelRec, userId: string, parentId?: string): boolean {
  const { store, gateway } = sandbox;
  if (!store.drafts.has(draftKey(channel.cid, userId, parentId))) return false;
  store.deleteDraft(channel.cid, userId, parentId);
  gateway.toUser(userId, {
    type: 'draft.deleted',
    cid: channel.cid,
    channel_id: channel.id,
    channel_type: channel.type,
    draft: {
      channel_cid: channel.cid,
      ...(parentId ? { parent_id: parentId } : {}),
      message: { id: '', text: '' },
      created_at: ZERO_TIME,
    },
    created_at: nextTimestamp(),
  });
  return true;
}

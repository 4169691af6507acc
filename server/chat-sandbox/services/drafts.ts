/**
 * Saving drafts (chat-protocol.md §4.9): who may have a draft in a channel (members who can read
 * it), and the checked draft message. A saved draft replaces the user's draft of the channel or
 * thread and `draft.updated` goes to all of the user's connections. Deleting is in drafts.ts.
 */
import { randomUUID } from 'node:crypto';
import { nextTimestamp } from '../clock.js';
import { draftResponse } from '../drafts.js';
import { ChatError, inputError, notAllowed, notFound } from '../errors.js';
import type { Sandbox } from '../sandbox.js';
import { draftKey } from '../store/chat-store.js';
import type { ChannelRec, Custom, DraftRec } from '../store/model.js';
import { canRead } from './common.js';
import { customFields, mentionIds, validateText } from './message-pipeline.js';

/** A draft message as the route schema guarantees it (schema/drafts.ts). */
export interface DraftInput extends Custom {
  id?: string | null;
  text?: string | null;
  attachments?: Custom[] | null;
  mentioned_users?: (string | { id: string })[];
  parent_id?: string | null;
  quoted_message_id?: string | null;
  poll_id?: string | null;
  show_in_channel?: boolean | null;
  silent?: boolean | null;
  custom?: Custom | null;
  user_id?: string | null;
  user?: { id?: string };
}

const ID_PATTERN = /^[A-Za-z0-9_\-:.!@]{1,255}$/;

/** Drafts belong to members who can read the channel (17 for others, `resource` naming the endpoint). */
export function requireDraftAccess(sandbox: Sandbox, channel: ChannelRec, userId: string, resource: string): void {
  const { store } = sandbox;
  const reader = { userId, server: false };
  if (!store.member(channel.cid, userId) || !canRead(sandbox, channel, reader)) {
    const role = store.users.get(userId)?.role ?? 'user';
    throw notAllowed(
      `User '${userId}' with role '${role}' is not allowed to access Resource ${resource} on channel type ${channel.type}`,
    );
  }
}

/** The checked and normalised draft message (ids for mentions, custom fields flattened). */
function draftMessage(
  sandbox: Sandbox,
  channel: ChannelRec,
  input: DraftInput,
  existing: DraftRec | undefined,
): Custom {
  const { store } = sandbox;
  const id = input.id ?? (existing?.message.id as string | undefined) ?? randomUUID();
  if (!ID_PATTERN.test(id)) throw inputError('message.id may use letters, numbers and -_:.!@ (up to 255)');
  const text = input.text ?? '';
  validateText(channel, text);
  const attachments = input.attachments ?? undefined;
  const parentId = input.parent_id ?? undefined;
  if (parentId) {
    const parent = store.messages.get(parentId);
    if (!parent || parent.cid !== channel.cid)
      throw notFound(`parent message ${parentId} does not exist in ${channel.cid}`);
    if (parent.parent_id) throw new ChatError(21, 'a reply cannot be a parent: replies are only one level deep', 400);
  }
  const quotedId = input.quoted_message_id ?? undefined;
  if (quotedId) {
    const quoted = store.messages.get(quotedId);
    if (!quoted || quoted.cid !== channel.cid)
      throw inputError(`quoted message ${quotedId} does not exist in ${channel.cid}`);
  }
  const pollId = input.poll_id ?? undefined;
  if (pollId && !store.polls.has(pollId)) throw inputError(`poll ${pollId} does not exist`);
  const showInChannel = input.show_in_channel ?? undefined;
  const silent = input.silent ?? undefined;
  const flat = customFields(input);
  delete flat.custom;
  const mentioned = mentionIds(sandbox, input.mentioned_users);
  return {
    ...flat,
    // Custom data cannot stand in for the draft's own fields.
    ...customFields(input.custom ?? {}),
    id,
    text,
    ...(attachments ? { attachments } : {}),
    ...(mentioned.length ? { mentioned_users: mentioned } : {}),
    ...(parentId ? { parent_id: parentId } : {}),
    ...(quotedId ? { quoted_message_id: quotedId } : {}),
    ...(pollId ? { poll_id: pollId } : {}),
    ...(showInChannel !== undefined ? { show_in_channel: showInChannel } : {}),
    ...(silent !== undefined ? { silent } : {}),
  };
}

/**
 * Saves `userId`'s draft of the channel, or of the thread its `parent_id` names (access checked
 * first, then the message; a redraft keeps the message id). Sends `draft.updated` to the user's
 * connections and answers the draft response.
 */
export function saveDraft(
  sandbox: Sandbox,
  channel: ChannelRec,
  userId: string,
  message: DraftInput,
): Record<string, unknown> {
  const { store, gateway } = sandbox;
  requireDraftAccess(sandbox, channel, userId, 'CreateDraft');
  const parentId = message.parent_id ?? undefined;
  const existing = store.drafts.get(draftKey(channel.cid, userId, parentId));
  const draft: DraftRec = {
    cid: channel.cid,
    user_id: userId,
    ...(parentId ? { parent_id: parentId } : {}),
    message: draftMessage(sandbox, channel, message, existing),
    created_at: nextTimestamp(),
  };
  store.saveDraft(draft);
  const response = draftResponse(sandbox, draft);
  gateway.toUser(userId, {
    type: 'draft.updated',
    cid: channel.cid,
    channel_id: channel.id,
    channel_type: channel.type,
    draft: response,
    created_at: draft.created_at,
  });
  return response;
}

/**
 * Changing a stored message (chat-protocol.md §4.3): full and partial update (pin/unpin), soft
 * and hard delete, delete for me, undelete. The author, a moderator or the server may change a
 * message; each change is saved and announced to the channel's watchers (`message.updated`,
 * `message.deleted`, `message.undeleted`).
 */
import type { Actor } from '../auth-context.js';
import { nextTimestamp } from '../clock.js';
import { inputError } from '../errors.js';
import { quotedMessageId } from '../messages/reads.js';
import { requirePinChange } from '../permissions.js';
import type { Sandbox } from '../sandbox.js';
import type { ChannelRec, Custom, MessageRec } from '../store/model.js';
import { channelEventBase, requireCapability } from './common.js';
import { setPinned, UPDATABLE_RESERVED } from './message-fields.js';
import { customFields, mentionIds, validateText, type MessageInput } from './message-pipeline.js';

/** Sends `type` (`message.updated` by default) with the message to the channel's watchers (a shadow-banned sender's: to them only). */
export function announceMessageUpdate(sandbox: Sandbox, message: MessageRec, type = 'message.updated'): void {
  const channel = sandbox.store.channels.get(message.cid);
  if (!channel) return;
  const payload = sandbox.serialize.message(message);
  sandbox.gateway.toWatchers(
    message.cid,
    () => ({ type, ...channelEventBase(channel), message_id: message.id, message: payload, user: payload.user }),
    // A shadow-banned sender's message exists only for them.
    (connection) => Boolean(message.shadowed) && connection.userId !== message.user_id,
  );
}

/** Who changes a message: the request's actor, acting as `userId` (the user a server call names). */
export type Editor = Actor & { userId: string };

/** Author (`own`), moderator (`any`) or the server; throws 17 otherwise. Answers the message's channel. */
function requireEdit(
  sandbox: Sandbox,
  message: MessageRec,
  editor: Editor,
  any: string,
  own: string,
  resource: string,
): ChannelRec {
  const channel = sandbox.store.channels.get(message.cid)!;
  requireCapability(sandbox, channel, editor, message.user_id === editor.userId ? own : any, resource);
  return channel;
}

/** A changed text gets a new `message_text_updated_at`. */
function setText(message: MessageRec, text: string): void {
  if (text !== message.text) message.message_text_updated_at = nextTimestamp();
  message.text = text;
}

/**
 * Replaces the message's text, attachments, mentions and custom fields (POST /messages/{id});
 * `pinned` pins or unpins. Refuses deleted messages and pin changes without the right; saves
 * and sends `message.updated`.
 */
export function updateMessage(sandbox: Sandbox, message: MessageRec, editor: Editor, input: MessageInput): void {
  const userId = editor.userId;
  const channel = requireEdit(sandbox, message, editor, 'update-any-message', 'update-own-message', 'UpdateMessage');
  if (message.deleted_at) throw inputError('a deleted message cannot be updated');
  requirePinChange(sandbox, editor, message, input.pinned);
  const quoted = quotedMessageId(sandbox, channel, editor, input.quoted_message_id, message.quoted_message_id);
  const text = input.text ?? '';
  if (typeof text !== 'string') throw inputError('message.text must be a string');
  validateText(channel, text);
  setText(message, text);
  message.attachments = Array.isArray(input.attachments) ? input.attachments : [];
  message.mentioned_user_ids = mentionIds(sandbox, input.mentioned_users);
  message.custom = customFields(input);
  message.quoted_message_id = quoted ?? message.quoted_message_id;
  if (input.pinned !== undefined) setPinned(message, Boolean(input.pinned), userId, input.pin_expires ?? undefined);
  message.updated_at = nextTimestamp();
  sandbox.store.saveMessage(message);
  announceMessageUpdate(sandbox, message);
}

/** The `set` and `unset` of a partial message update (PUT /messages/{id}). */
export interface MessagePatch {
  set: Custom;
  unset: string[];
}

/**
 * Sets and unsets single fields (PUT /messages/{id}). Changing only the pin needs `pin-message`
 * and not the edit right; reserved fields are refused (code 4). Saves and sends `message.updated`.
 */
export function partialUpdateMessage(sandbox: Sandbox, message: MessageRec, editor: Editor, patch: MessagePatch) {
  const { set, unset } = patch;
  const userId = editor.userId;
  const onlyPin =
    Object.keys(set).every((k) => ['pinned', 'pin_expires', 'pinned_at'].includes(k)) && unset.length === 0;
  const channel = onlyPin
    ? sandbox.store.channels.get(message.cid)!
    : requireEdit(sandbox, message, editor, 'update-any-message', 'update-own-message', 'UpdateMessage');
  if (onlyPin || 'pinned' in set || unset.includes('pinned'))
    requireCapability(sandbox, channel, editor, 'pin-message', 'UpdateMessagePartial');
  if (message.deleted_at) throw inputError('a deleted message cannot be updated');
  for (const [key, value] of Object.entries(set)) {
    if (key === 'pinned')
      setPinned(
        message,
        Boolean(value),
        userId,
        set.pin_expires as string | null | undefined,
        set.pinned_at as string | null | undefined,
      );
    else if (key === 'pin_expires' || key === 'pinned_at') continue;
    else if (key === 'text') {
      if (typeof value !== 'string') throw inputError('text must be a string');
      validateText(channel, value);
      setText(message, value);
    } else if (key === 'attachments') message.attachments = Array.isArray(value) ? (value as Custom[]) : [];
    else if (key === 'mentioned_users')
      message.mentioned_user_ids = mentionIds(sandbox, value as MessageInput['mentioned_users']);
    else if (key === 'silent') message.silent = Boolean(value);
    else if (UPDATABLE_RESERVED.has(key)) throw inputError(`field ${key} cannot be set`);
    else message.custom[key] = value;
  }
  for (const key of unset) {
    if (key === 'pinned') setPinned(message, false, userId);
    else delete message.custom[key];
  }
  message.updated_at = nextTimestamp();
  sandbox.store.saveMessage(message);
  announceMessageUpdate(sandbox, message);
}

/** A reply leaving (`deleted`) or rejoining its thread moves one count of its parent between live and deleted replies. */
function moveReplyCount(sandbox: Sandbox, message: MessageRec, deleted: boolean): void {
  const parent = message.parent_id ? sandbox.store.messages.get(message.parent_id) : undefined;
  if (!parent) return;
  const step = deleted ? 1 : -1;
  parent.reply_count = Math.max(0, parent.reply_count - step);
  parent.deleted_reply_count = Math.max(0, parent.deleted_reply_count + step);
  sandbox.store.saveMessage(parent);
}

/** How DELETE /messages/{id} deletes. */
export interface DeleteOptions {
  /** Removes the record (its answer and event keep only the message's frame). */
  hard: boolean;
  /** Hides the message from `userId` only: nothing is stored, `message.deleted` goes to that user. */
  forMe: boolean;
}

/**
 * Deletes the message (soft: kept as type `deleted`; hard: the record removed; a hard delete of
 * a soft-deleted message is allowed) and counts it out of its parent's replies; sends
 * `message.deleted` to the watchers. Answers the deleted message as the response carries it.
 */
export function deleteMessage(sandbox: Sandbox, message: MessageRec, editor: Editor, options: DeleteOptions) {
  const { store, gateway, serialize } = sandbox;
  const { hard, forMe } = options;
  const userId = editor.userId;
  const channel = requireEdit(sandbox, message, editor, 'delete-any-message', 'delete-own-message', 'DeleteMessage');
  if (forMe) {
    if (hard) throw inputError('delete_for_me cannot be combined with hard');
    const copy = {
      ...serialize.message(message, userId),
      type: 'deleted',
      deleted_for_me: true,
      deleted_at: nextTimestamp(),
    };
    gateway.toUser(userId, {
      type: 'message.deleted',
      ...channelEventBase(channel),
      message_id: message.id,
      message: copy,
      hard_delete: false,
      deleted_for_me: true,
      user: serialize.user(userId),
    });
    return copy;
  }
  if (message.deleted_at && !hard) throw inputError('the message is already deleted');
  const now = nextTimestamp();
  if (!message.deleted_at) {
    message.type_before_delete = message.type;
    message.deleted_at = now;
    message.type = 'deleted';
    message.updated_at = now;
    moveReplyCount(sandbox, message, true);
  }
  const payload = hard
    ? {
        id: message.id,
        cid: message.cid,
        type: 'deleted',
        deleted_at: message.deleted_at,
        created_at: message.created_at,
        updated_at: message.updated_at,
        user: serialize.user(message.user_id),
        parent_id: message.parent_id,
        text: '',
        attachments: [],
        latest_reactions: [],
        own_reactions: [],
        reaction_counts: {},
        reaction_scores: {},
        reply_count: 0,
        mentioned_users: [],
      }
    : serialize.message(message);
  if (hard) store.deleteMessageRecord(message.id);
  else store.saveMessage(message);
  gateway.toWatchers(channel.cid, () => ({
    type: 'message.deleted',
    ...channelEventBase(channel),
    message_id: message.id,
    message: payload,
    hard_delete: hard,
    user: serialize.user(userId),
  }));
  return payload;
}

/**
 * Restores a soft-deleted message to its type before the delete (needs `delete-any-message`)
 * and counts it back into its parent's replies; saves and sends `message.undeleted`.
 */
export function undeleteMessage(sandbox: Sandbox, message: MessageRec, editor: Editor): void {
  requireEdit(sandbox, message, editor, 'delete-any-message', 'delete-any-message', 'UndeleteMessage');
  if (!message.deleted_at) throw inputError('the message is not deleted');
  message.type = message.type_before_delete ?? 'regular';
  message.deleted_at = undefined;
  message.type_before_delete = undefined;
  message.updated_at = nextTimestamp();
  moveReplyCount(sandbox, message, false);
  sandbox.store.saveMessage(message);
  announceMessageUpdate(sandbox, message, 'message.undeleted');
}

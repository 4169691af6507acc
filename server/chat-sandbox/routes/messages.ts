/**
 * Messages (chat-protocol.md §4.3): send (with slash commands), get one or many, full and
 * partial update (pin/unpin), soft and hard delete, undelete, replies with paging, pinned
 * messages.
 */
import type { FastifyInstance } from 'fastify';
import { nextTimestamp } from '../clock.js';
import { inputError } from '../errors.js';
import { pageMessages, type PageOptions } from '../query/paging.js';
import { parseSort } from '../query/sort.js';
import { requirePinChange } from '../permissions.js';
import { ok, type Sandbox } from '../sandbox.js';
import * as schemas from '../schema/messages.js';
import { setPinned, UPDATABLE_RESERVED } from '../services/message-fields.js';
import type { Custom, MessageRec } from '../store/model.js';
import {
  actorUserId,
  channelEventBase,
  loadChannel,
  loadMessage,
  payloadOf,
  requireCapability,
  requireRead,
} from '../services/common.js';
import { randomUUID } from 'node:crypto';
import { giphyAction, runCommand } from '../commands.js';
import { sandboxBaseUrl } from '../giphy.js';
import { enrichLinks } from '../services/link-enrichment.js';
import {
  checkCanPost,
  createMessage,
  customFields,
  insertSentMessage,
  mentionIds,
  validateText,
  type MessageInput,
} from '../services/message-pipeline.js';
import { quotedMessageId, readableMessage, readableMessagesOf, replyParent } from '../messages/reads.js';

export async function messageRoutes(app: FastifyInstance, sandbox: Sandbox): Promise<void> {
  const { store, gateway, serialize } = sandbox;

  const announceUpdate = (message: MessageRec, type = 'message.updated') => {
    const channel = store.channels.get(message.cid);
    if (!channel) return;
    const payload = serialize.message(message);
    gateway.toWatchers(message.cid, () => ({
      type,
      ...channelEventBase(channel),
      message_id: message.id,
      message: payload,
      user: payload.user,
    }));
  };

  /** Author, moderator (update-any-message) or the server. */
  const requireEdit = (
    message: MessageRec,
    userId: string,
    server: boolean,
    any: string,
    own: string,
    resource: string,
  ) => {
    const channel = store.channels.get(message.cid)!;
    requireCapability(sandbox, channel, { userId, server }, message.user_id === userId ? own : any, resource);
    return channel;
  };

  app.post<{
    Params: { type: string; id: string };
    Body: { message?: MessageInput; skip_enrich_url?: boolean; user_id?: string };
  }>('/channels/:type/:id/message', { schema: schemas.SEND_MESSAGE }, async (request) => {
    const channel = loadChannel(sandbox, request.params.type, request.params.id);
    const input = request.body?.message;
    if (!input || typeof input !== 'object') throw inputError('message is required');
    const actor = request.chatActor;
    const userId = actor.server
      ? actorUserId(request, {
          user_id: input.user_id ?? (input.user as { id?: string } | undefined)?.id ?? request.body?.user_id,
        })
      : actor.userId!;
    if (actor.server) store.ensureUser(userId);
    checkCanPost(sandbox, channel, actor, userId, Boolean(input.parent_id));
    replyParent(sandbox, channel, { userId, server: actor.server }, input.parent_id);
    const text = typeof input.text === 'string' ? input.text : '';
    if (text.startsWith('/')) {
      const command = await runCommand(sandbox, {
        channel,
        userId,
        text,
        messageId: typeof input.id === 'string' ? input.id : randomUUID(),
        baseUrl: sandboxBaseUrl(request),
        mentionedUserIds: mentionIds(sandbox, input.mentioned_users),
        server: actor.server,
        parentId: input.parent_id,
      });
      if (command) return ok({ message: command.message });
    }
    const enriched = request.body?.skip_enrich_url ? [] : await enrichLinks(sandbox, channel, text, input.attachments);
    const withPreviews = enriched.length
      ? { ...input, attachments: [...(input.attachments ?? []), ...enriched] }
      : input;
    const message = createMessage(sandbox, channel, userId, withPreviews, { server: actor.server });
    return ok({ message: serialize.message(message, userId) });
  });

  app.post<{
    Params: { id: string };
    Body: { form_data?: Record<string, unknown>; id?: string; type?: string; user_id?: string };
  }>('/messages/:id/action', { schema: schemas.MESSAGE_ACTION }, async (request) => {
    const body = request.body ?? {};
    const userId = actorUserId(request, body);
    const action = body.form_data?.image_action;
    if (action === 'send') {
      // Check the sender may still post before the pending gif is consumed.
      const pending = sandbox.store.channels.get(body.type && body.id ? `${body.type}:${body.id}` : '');
      if (pending) checkCanPost(sandbox, pending, request.chatActor, userId, false);
    }
    const result = giphyAction(sandbox, {
      messageId: request.params.id,
      userId,
      action,
      cid: body.type && body.id ? `${body.type}:${body.id}` : undefined,
      baseUrl: sandboxBaseUrl(request),
    });
    if (!result) return ok({});
    if (result.kind === 'ephemeral') return ok({ message: result.message });
    const channel = store.channels.get(result.message.cid);
    if (!channel) throw inputError('the channel of this giphy message no longer exists');
    checkCanPost(sandbox, channel, request.chatActor, userId, Boolean(result.message.parent_id));
    insertSentMessage(sandbox, channel, result.message);
    return ok({ message: serialize.message(result.message, userId) });
  });

  app.get<{ Params: { id: string } }>('/messages/:id', { schema: schemas.GET_MESSAGE }, async (request) => {
    const { message } = readableMessage(sandbox, request.chatActor, request.params.id);
    return ok({ message: serialize.message(message, request.chatActor.userId) });
  });

  app.get<{ Params: { type: string; id: string }; Querystring: { ids?: string } }>(
    '/channels/:type/:id/messages',
    { schema: schemas.GET_MANY },
    async (request) => {
      const channel = loadChannel(sandbox, request.params.type, request.params.id);
      const ids = (request.query.ids ?? '').split(',').filter(Boolean);
      if (ids.length === 0 || ids.length > 100) throw inputError('ids must list from 1 to 100 message ids');
      const messages = readableMessagesOf(sandbox, channel, request.chatActor, ids);
      return ok({ messages: messages.map((m) => serialize.message(m, request.chatActor.userId)) });
    },
  );

  app.post<{ Params: { id: string }; Body: { message?: MessageInput & { user_id?: string }; user_id?: string } }>(
    '/messages/:id',
    { schema: schemas.UPDATE_MESSAGE },
    async (request) => {
      const message = loadMessage(sandbox, request.params.id);
      const input = request.body?.message;
      if (!input || typeof input !== 'object') throw inputError('message is required');
      if (input.id && input.id !== message.id) throw inputError('message.id does not match the message being updated');
      const userId = actorUserId(request, { user_id: input.user_id ?? request.body?.user_id });
      const channel = requireEdit(
        message,
        userId,
        request.chatActor.server,
        'update-any-message',
        'update-own-message',
        'UpdateMessage',
      );
      if (message.deleted_at) throw inputError('a deleted message cannot be updated');
      requirePinChange(sandbox, request.chatActor, message, input.pinned);
      const editor = { userId, server: request.chatActor.server };
      const quoted = quotedMessageId(sandbox, channel, editor, input.quoted_message_id, message.quoted_message_id);
      const text = input.text ?? '';
      if (typeof text !== 'string') throw inputError('message.text must be a string');
      validateText(channel, text);
      if (text !== message.text) message.message_text_updated_at = nextTimestamp();
      message.text = text;
      message.attachments = Array.isArray(input.attachments) ? input.attachments : [];
      message.mentioned_user_ids = mentionIds(sandbox, input.mentioned_users);
      message.custom = customFields(input);
      message.quoted_message_id = quoted ?? message.quoted_message_id;
      if (input.pinned !== undefined) setPinned(message, Boolean(input.pinned), userId, input.pin_expires ?? undefined);
      message.updated_at = nextTimestamp();
      store.saveMessage(message);
      announceUpdate(message);
      return ok({ message: serialize.message(message, userId) });
    },
  );

  app.put<{
    Params: { id: string };
    Body: { set?: Custom; unset?: string[]; user?: { id?: string }; user_id?: string };
  }>('/messages/:id', { schema: schemas.PARTIAL_UPDATE }, async (request) => {
    const message = loadMessage(sandbox, request.params.id);
    const { set = {}, unset = [] } = request.body ?? {};
    const userId = actorUserId(request, request.body);
    const onlyPin =
      Object.keys(set).every((k) => ['pinned', 'pin_expires', 'pinned_at'].includes(k)) && unset.length === 0;
    const channel = onlyPin
      ? store.channels.get(message.cid)!
      : requireEdit(
          message,
          userId,
          request.chatActor.server,
          'update-any-message',
          'update-own-message',
          'UpdateMessage',
        );
    if (onlyPin || 'pinned' in set || unset.includes('pinned'))
      requireCapability(sandbox, channel, request.chatActor, 'pin-message', 'UpdateMessagePartial');
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
        if (value !== message.text) message.message_text_updated_at = nextTimestamp();
        message.text = value;
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
    store.saveMessage(message);
    announceUpdate(message);
    return ok({ message: serialize.message(message, userId) });
  });

  app.delete<{ Params: { id: string }; Querystring: { hard?: boolean; delete_for_me?: boolean; deleted_by?: string } }>(
    '/messages/:id',
    { schema: schemas.DELETE_MESSAGE },
    async (request) => {
      const message = loadMessage(sandbox, request.params.id);
      const userId = actorUserId(request, { user_id: request.query.deleted_by });
      const channel = requireEdit(
        message,
        userId,
        request.chatActor.server,
        'delete-any-message',
        'delete-own-message',
        'DeleteMessage',
      );
      const hard = request.query.hard === true;
      if (request.query.delete_for_me === true) {
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
        return ok({ message: copy });
      }
      if (message.deleted_at && !hard) throw inputError('the message is already deleted');
      const now = nextTimestamp();
      if (!message.deleted_at) {
        message.type_before_delete = message.type;
        message.deleted_at = now;
        message.type = 'deleted';
        message.updated_at = now;
        const parent = message.parent_id ? store.messages.get(message.parent_id) : undefined;
        if (parent) {
          parent.reply_count = Math.max(0, parent.reply_count - 1);
          parent.deleted_reply_count += 1;
          store.saveMessage(parent);
        }
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
      return ok({ message: payload });
    },
  );

  app.post<{ Params: { id: string }; Body: { undeleted_by?: string } }>(
    '/messages/:id/undelete',
    { schema: schemas.UNDELETE_MESSAGE },
    async (request) => {
      const message = loadMessage(sandbox, request.params.id);
      const userId = actorUserId(request, { user_id: request.body?.undeleted_by });
      requireEdit(
        message,
        userId,
        request.chatActor.server,
        'delete-any-message',
        'delete-any-message',
        'UndeleteMessage',
      );
      if (!message.deleted_at) throw inputError('the message is not deleted');
      message.type = message.type_before_delete ?? 'regular';
      message.deleted_at = undefined;
      message.type_before_delete = undefined;
      message.updated_at = nextTimestamp();
      const parent = message.parent_id ? store.messages.get(message.parent_id) : undefined;
      if (parent) {
        parent.reply_count += 1;
        parent.deleted_reply_count = Math.max(0, parent.deleted_reply_count - 1);
        store.saveMessage(parent);
      }
      store.saveMessage(message);
      announceUpdate(message, 'message.undeleted');
      return ok({ message: serialize.message(message, userId) });
    },
  );

  app.get<{ Params: { id: string }; Querystring: PageOptions & { sort?: string } }>(
    '/messages/:id/replies',
    { schema: schemas.REPLIES },
    async (request) => {
      const { message: parent } = readableMessage(sandbox, request.chatActor, request.params.id);
      const me = request.chatActor.userId;
      const replies = store
        .messagesOf(parent.cid)
        .filter((m) => m.parent_id === parent.id && (!m.shadowed || m.user_id === me));
      const sort = parseSort(request.query.sort, [{ field: 'created_at', direction: 1 }]);
      const page = pageMessages(replies, request.query, 50);
      const ordered = sort[0]?.direction === -1 ? [...page].reverse() : page;
      return ok({ messages: ordered.map((m) => serialize.message(m, me)) });
    },
  );

  app.get<{ Params: { type: string; id: string } }>(
    '/channels/:type/:id/pinned_messages',
    { schema: schemas.PINNED_MESSAGES },
    async (request) => {
      const channel = loadChannel(sandbox, request.params.type, request.params.id);
      requireRead(sandbox, channel, request.chatActor);
      const payload = payloadOf<{ limit?: number; offset?: number; sort?: unknown }>(request);
      const now = nextTimestamp();
      const pinned = store
        .messagesOf(channel.cid)
        .filter((m) => m.pinned && !m.deleted_at && (!m.pin_expires || m.pin_expires > now));
      const direction = parseSort(payload.sort, [{ field: 'pinned_at', direction: -1 }])[0]!.direction;
      pinned.sort((a, b) => direction * (a.pinned_at ?? '').localeCompare(b.pinned_at ?? ''));
      const offset = Math.max(Number(payload.offset ?? 0), 0);
      const limit = Math.min(Math.max(Number(payload.limit ?? 10), 1), 100);
      return ok({
        messages: pinned.slice(offset, offset + limit).map((m) => serialize.message(m, request.chatActor.userId)),
      });
    },
  );
}

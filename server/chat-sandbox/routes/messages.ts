/**
 * Messages (chat-protocol.md §4.3): send (with slash commands), get one or many, full and
 * partial update (pin/unpin), soft and hard delete, undelete, replies with paging, pinned
 * messages. The writes are services/message-sending.ts and services/message-changes.ts.
 */
import type { FastifyInstance } from 'fastify';
import { nextTimestamp } from '../clock.js';
import { inputError } from '../errors.js';
import { pageMessages, type PageOptions } from '../query/paging.js';
import { parseSort } from '../query/sort.js';
import { ok, type Sandbox } from '../sandbox.js';
import { actorUserId, payloadOf } from '../request-input.js';
import * as schemas from '../schema/messages.js';
import type { Custom } from '../store/model.js';
import { loadChannel, loadMessage, requireRead } from '../services/common.js';
import { sandboxBaseUrl } from '../giphy.js';
import { deleteMessage, partialUpdateMessage, undeleteMessage, updateMessage } from '../services/message-changes.js';
import type { MessageInput } from '../services/message-pipeline.js';
import { pressGiphyButton, sendMessage } from '../services/message-sending.js';
import { readableMessage, readableMessagesOf } from '../messages/reads.js';

export async function messageRoutes(app: FastifyInstance, sandbox: Sandbox): Promise<void> {
  const { store, serialize } = sandbox;

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
    const sent = await sendMessage(sandbox, channel, actor, userId, input, {
      baseUrl: sandboxBaseUrl(request),
      skipEnrichUrl: request.body?.skip_enrich_url,
    });
    return ok({ message: 'command' in sent ? sent.command : serialize.message(sent.message, userId) });
  });

  app.post<{
    Params: { id: string };
    Body: { form_data?: Record<string, unknown>; id?: string; type?: string; user_id?: string };
  }>('/messages/:id/action', { schema: schemas.MESSAGE_ACTION }, async (request) => {
    const body = request.body ?? {};
    const userId = actorUserId(request, body);
    const result = pressGiphyButton(sandbox, request.chatActor, userId, {
      messageId: request.params.id,
      action: body.form_data?.image_action,
      cid: body.type && body.id ? `${body.type}:${body.id}` : undefined,
      baseUrl: sandboxBaseUrl(request),
    });
    if (!result) return ok({});
    if (result.kind === 'ephemeral') return ok({ message: result.message });
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
      updateMessage(sandbox, message, { ...request.chatActor, userId }, input);
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
    partialUpdateMessage(sandbox, message, { ...request.chatActor, userId }, { set, unset });
    return ok({ message: serialize.message(message, userId) });
  });

  app.delete<{ Params: { id: string }; Querystring: { hard?: boolean; delete_for_me?: boolean; deleted_by?: string } }>(
    '/messages/:id',
    { schema: schemas.DELETE_MESSAGE },
    async (request) => {
      const message = loadMessage(sandbox, request.params.id);
      const userId = actorUserId(request, { user_id: request.query.deleted_by });
      const options = { hard: request.query.hard === true, forMe: request.query.delete_for_me === true };
      return ok({ message: deleteMessage(sandbox, message, { ...request.chatActor, userId }, options) });
    },
  );

  app.post<{ Params: { id: string }; Body: { undeleted_by?: string } }>(
    '/messages/:id/undelete',
    { schema: schemas.UNDELETE_MESSAGE },
    async (request) => {
      const message = loadMessage(sandbox, request.params.id);
      const userId = actorUserId(request, { user_id: request.body?.undeleted_by });
      undeleteMessage(sandbox, message, { ...request.chatActor, userId });
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

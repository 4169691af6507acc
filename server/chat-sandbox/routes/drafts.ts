/**
 * Drafts (chat-protocol.md §4.9): save, get and delete the acting user's draft of a channel or a
 * thread (`parent_id`), and query all of their drafts. Only members who can read the channel
 * have drafts there. `draft.updated` / `draft.deleted` go to all of the user's connections, so a
 * draft follows the user across tabs.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { nextTimestamp } from '../clock.js';
import { ChatError, inputError, notAllowed, notFound } from '../errors.js';
import { draftResponse, removeDraft } from '../drafts.js';
import { checkFilterFields, matches, type Filter } from '../query/filter.js';
import { cursorPage, readCursorQuery } from '../query/offset-page.js';
import { sortBy } from '../query/sort.js';
import { ok, type Sandbox } from '../sandbox.js';
import * as schemas from '../schema/drafts.js';
import { draftKey } from '../store/chat-store.js';
import type { ChannelRec, Custom, DraftRec } from '../store/model.js';
import { actorUserId, canRead, loadChannel } from '../services/common.js';
import { customFields, mentionIds, validateText } from '../services/message-pipeline.js';

/** The request shapes below are guaranteed by the route schemas (schema/drafts.ts). */
interface DraftInput extends Custom {
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

interface DraftBody {
  message: DraftInput;
  user_id?: string | null;
}

interface QueryBody {
  filter?: Filter | null;
  sort?: { field: string; direction?: number }[] | null;
  limit?: number | null;
  next?: string | null;
  prev?: string | null;
  user_id?: string | null;
}

const FILTER_FIELDS = new Set(['channel_cid', 'parent_id', 'created_at']);
const SORT_FIELDS = new Set(['created_at']);
const ID_PATTERN = /^[A-Za-z0-9_\-:.!@]{1,255}$/;

export async function draftRoutes(app: FastifyInstance, sandbox: Sandbox): Promise<void> {
  const { store, gateway } = sandbox;

  /** Drafts belong to members who can read the channel. */
  function requireDraftAccess(channel: ChannelRec, userId: string, resource: string): void {
    const reader = { userId, server: false };
    if (!store.member(channel.cid, userId) || !canRead(sandbox, channel, reader)) {
      const role = store.users.get(userId)?.role ?? 'user';
      throw notAllowed(
        `User '${userId}' with role '${role}' is not allowed to access Resource ${resource} on channel type ${channel.type}`,
      );
    }
  }

  /** The checked and normalised draft message (ids for mentions, custom fields flattened). */
  function draftMessage(channel: ChannelRec, input: DraftInput, existing: DraftRec | undefined): Custom {
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

  /** The channel, the acting user and the thread from `?parent_id=`, after the access check. */
  function openDraft(
    request: FastifyRequest<{ Params: { type: string; id: string }; Querystring: { parent_id?: string } }>,
    resource: string,
  ) {
    const channel = loadChannel(sandbox, request.params.type, request.params.id);
    const userId = actorUserId(request);
    requireDraftAccess(channel, userId, resource);
    const parentId = request.query.parent_id ? request.query.parent_id : undefined;
    return { channel, userId, parentId };
  }

  app.post<{ Params: { type: string; id: string }; Body: DraftBody }>(
    '/channels/:type/:id/draft',
    { schema: schemas.CREATE_DRAFT },
    async (request) => {
      const message = request.body.message;
      const channel = loadChannel(sandbox, request.params.type, request.params.id);
      const named = request.body.user_id ?? message.user_id ?? message.user?.id;
      const userId = actorUserId(request, { user_id: named });
      requireDraftAccess(channel, userId, 'CreateDraft');
      const parentId = message.parent_id ?? undefined;
      const existing = store.drafts.get(draftKey(channel.cid, userId, parentId));
      const draft: DraftRec = {
        cid: channel.cid,
        user_id: userId,
        ...(parentId ? { parent_id: parentId } : {}),
        message: draftMessage(channel, message, existing),
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
      return ok({ draft: response });
    },
  );

  type DraftRequest = { Params: { type: string; id: string }; Querystring: { parent_id?: string } };

  app.get<DraftRequest>('/channels/:type/:id/draft', { schema: schemas.DRAFT }, async (request) => {
    const { channel, userId, parentId } = openDraft(request, 'GetDraft');
    const draft = store.drafts.get(draftKey(channel.cid, userId, parentId));
    if (!draft) throw notFound(`Draft for ${parentId ? `thread ${parentId} in ` : ''}channel ${channel.cid} not found`);
    return ok({ draft: draftResponse(sandbox, draft) });
  });

  app.delete<DraftRequest>('/channels/:type/:id/draft', { schema: schemas.DRAFT }, async (request) => {
    const { channel, userId, parentId } = openDraft(request, 'DeleteDraft');
    removeDraft(sandbox, channel, userId, parentId);
    return ok({});
  });

  app.post<{ Body: QueryBody }>('/drafts/query', { schema: schemas.QUERY_DRAFTS }, async (request) => {
    const body = request.body ?? {};
    const userId = actorUserId(request, { user_id: body.user_id });
    const filter = checkFilterFields(body.filter, 'drafts', FILTER_FIELDS);
    const { specs, limit, offset } = readCursorQuery(body, 'drafts', SORT_FIELDS);
    const reader = { userId, server: false };
    const mine = [...store.drafts.values()].filter((draft) => {
      if (draft.user_id !== userId) return false;
      const channel = store.channels.get(draft.cid);
      return (
        channel !== undefined &&
        !channel.deleted_at &&
        store.member(channel.cid, userId) !== undefined &&
        canRead(sandbox, channel, reader)
      );
    });
    const view = (draft: DraftRec): Record<string, unknown> => ({
      channel_cid: draft.cid,
      parent_id: draft.parent_id,
      created_at: draft.created_at,
    });
    const sorted = sortBy(
      mine.filter((draft) => matches(view(draft), filter)),
      [...specs, { field: 'channel_cid', direction: 1 }, { field: 'parent_id', direction: 1 }],
      (draft, field) => view(draft)[field],
    );
    const { page, next, previous } = cursorPage(sorted, offset, limit);
    return ok({
      drafts: page.map((draft) => draftResponse(sandbox, draft)),
      ...(next ? { next } : {}),
      ...(previous ? { prev: previous } : {}),
    });
  });
}

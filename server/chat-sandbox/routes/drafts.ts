/**
 * Drafts (chat-protocol.md §4.9): save, get and delete the acting user's draft of a channel or a
 * thread (`parent_id`), and query all of their drafts. Only members who can read the channel
 * have drafts there. `draft.updated` / `draft.deleted` go to all of the user's connections, so a
 * draft follows the user across tabs (services/drafts.ts, drafts.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../errors.js';
import { draftResponse, removeDraft } from '../drafts.js';
import { checkFilterFields, matches, type Filter } from '../query/filter.js';
import { cursorPage, readCursorQuery } from '../query/offset-page.js';
import { sortBy } from '../query/sort.js';
import { ok, type Sandbox } from '../sandbox.js';
import { actorUserId } from '../request-input.js';
import * as schemas from '../schema/drafts.js';
import { draftKey } from '../store/chat-store.js';
import type { DraftRec } from '../store/model.js';
import { canRead, loadChannel } from '../services/common.js';
import { type DraftInput, requireDraftAccess, saveDraft } from '../services/drafts.js';

/** The request shapes below are guaranteed by the route schemas (schema/drafts.ts). */
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

export async function draftRoutes(app: FastifyInstance, sandbox: Sandbox): Promise<void> {
  const { store } = sandbox;

  /** The channel, the acting user and the thread from `?parent_id=`, after the access check. */
  function openDraft(
    request: FastifyRequest<{ Params: { type: string; id: string }; Querystring: { parent_id?: string } }>,
    resource: string,
  ) {
    const channel = loadChannel(sandbox, request.params.type, request.params.id);
    const userId = actorUserId(request);
    requireDraftAccess(sandbox, channel, userId, resource);
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
      return ok({ draft: saveDraft(sandbox, channel, userId, message) });
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

/**
 * Threads (chat-protocol.md §4.7): query the user's threads (filters, sorts, `next` cursor,
 * `watch`), get one thread, and partially update its title and custom fields (services/threads.ts).
 * Thread read and unread go through routes/reads.ts into threads/reads.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../auth-context.js';
import { inputError, notFound } from '../errors.js';
import { checkFilterFields, matches, type Filter } from '../query/filter.js';
import { cursorPage, decodeCursor } from '../query/offset-page.js';
import { parseSort, sortBy, type SortSpec } from '../query/sort.js';
import { ok, type Sandbox } from '../sandbox.js';
import * as schemas from '../schema/threads.js';
import type { MessageRec } from '../store/model.js';
import { isThreadParent } from '../threads/records.js';
import { threadState, threadView, type ThreadStateOptions } from '../threads/state.js';
import { watchChannel } from '../services/watching.js';
import { requireRead } from '../services/common.js';
import { updateThread, type ThreadPatch } from '../services/threads.js';

const FILTER_FIELDS = new Set([
  'channel_cid',
  'parent_message_id',
  'created_by_user_id',
  'created_at',
  'updated_at',
  'last_message_at',
  'reply_count',
  'participant_count',
  'active_participant_count',
  'title',
]);
const SORT_FIELDS = new Set([
  'last_message_at',
  'created_at',
  'updated_at',
  'reply_count',
  'participant_count',
  'active_participant_count',
  'parent_message_id',
]);
/** The state sizes an answer carries; each within 0–100 (the route schemas, schema/threads.ts). */
interface StateLimits {
  participant_limit?: number | null;
  reply_limit?: number | null;
  member_limit?: number | null;
}

/** The request shapes below are guaranteed by the route schemas. */
interface QueryBody extends StateLimits {
  limit?: number | null;
  watch?: boolean | null;
  filter?: Filter | null;
  sort?: SortSpec[] | null;
  next?: string | null;
  user_id?: string | null;
}

interface GetQuery extends StateLimits {
  watch?: boolean;
  user_id?: string;
}

interface PatchBody extends ThreadPatch {
  user_id?: string | null;
  user?: { id?: string };
}

function stateOptions(raw: StateLimits, defaults: ThreadStateOptions): ThreadStateOptions {
  return {
    participantLimit: raw.participant_limit ?? defaults.participantLimit,
    replyLimit: raw.reply_limit ?? defaults.replyLimit,
    memberLimit: raw.member_limit ?? defaults.memberLimit,
  };
}

function checkSort(raw: SortSpec[] | null | undefined): SortSpec[] {
  const specs = parseSort(raw, [{ field: 'last_message_at', direction: -1 }]);
  for (const spec of specs) if (!SORT_FIELDS.has(spec.field)) throw inputError(`cannot sort threads by ${spec.field}`);
  return specs;
}

export async function threadRoutes(app: FastifyInstance, sandbox: Sandbox): Promise<void> {
  const { store } = sandbox;

  /** The thread's parent and channel, checked: 16 when unknown, 17 when the actor cannot read. */
  function loadThread(actor: Actor, id: string, userId: string | null) {
    const parent = store.messages.get(id);
    const channel = parent ? store.channels.get(parent.cid) : undefined;
    if (!parent || !channel || channel.deleted_at) throw notFound(`Thread ${id} does not exist`);
    requireRead(sandbox, channel, { ...actor, userId });
    if (!isThreadParent(store, parent) || (parent.shadowed && parent.user_id !== userId))
      throw notFound(`Thread ${id} does not exist`);
    return { parent, channel };
  }

  app.post<{ Body: QueryBody }>('/threads', { schema: schemas.QUERY_THREADS }, async (request) => {
    const body = request.body ?? {};
    const actor = request.chatActor;
    const userId = actor.server ? body.user_id || actor.userId : actor.userId;
    const limit = body.limit ?? 10;
    const options = stateOptions(body, { participantLimit: 10, replyLimit: 3, memberLimit: 100 });
    const filter = checkFilterFields(body.filter, 'threads', FILTER_FIELDS);
    const sort = checkSort(body.sort);
    const hasNext = body.next !== undefined && body.next !== null && body.next !== '';
    const offset = hasNext ? decodeCursor(body.next) : 0;

    const parents: MessageRec[] = [];
    for (const channel of store.channels.values()) {
      if (channel.deleted_at || (userId && !store.member(channel.cid, userId))) continue;
      for (const message of store.messagesOf(channel.cid)) {
        if (!isThreadParent(store, message) || (message.shadowed && message.user_id !== userId)) continue;
        parents.push(message);
      }
    }
    const views = parents.map((parent) => ({ parent, view: threadView(sandbox, parent) }));
    const sorted = sortBy(
      views.filter(({ view }) => matches(view, filter)),
      [...sort, { field: 'parent_message_id', direction: 1 }],
      (item, field) => item.view[field],
    );
    const { page, next } = cursorPage(sorted, offset, limit);
    if (body.watch === true) {
      const watched = new Set<string>();
      for (const { parent } of page) {
        if (watched.has(parent.cid)) continue;
        watched.add(parent.cid);
        watchChannel(sandbox, request.chatActor, store.channels.get(parent.cid)!, false);
      }
    }
    const viewer = { userId, server: actor.server };
    return ok({
      threads: page.map(({ parent }) => threadState(sandbox, parent, viewer, options)),
      ...(next ? { next } : {}),
    });
  });

  app.get<{ Params: { parentId: string }; Querystring: GetQuery }>(
    '/threads/:parentId',
    { schema: schemas.GET_THREAD },
    async (request) => {
      const actor = request.chatActor;
      const userId = actor.server ? (request.query.user_id ?? actor.userId) : actor.userId;
      const options = stateOptions(request.query, { participantLimit: 100, replyLimit: 3, memberLimit: 100 });
      const { parent, channel } = loadThread(actor, request.params.parentId, userId);
      if (request.query.watch === true) watchChannel(sandbox, request.chatActor, channel, false);
      return ok({ thread: threadState(sandbox, parent, { userId, server: actor.server }, options) });
    },
  );

  app.patch<{ Params: { parentId: string }; Body: PatchBody }>(
    '/threads/:parentId',
    { schema: schemas.UPDATE_THREAD },
    async (request) => {
      const body = request.body ?? {};
      const actor = request.chatActor;
      const named = body.user_id ?? body.user?.id;
      const userId = actor.server && named ? named : actor.userId;
      const { parent, channel } = loadThread(actor, request.params.parentId, userId);
      updateThread(sandbox, channel, parent, actor, userId, body);
      return ok({ thread: threadState(sandbox, parent, { userId, server: actor.server }) });
    },
  );
}

/**
 * Threads (chat-protocol.md §4.7): query the user's threads (filters, sorts, `next` cursor,
 * `watch`), get one thread, and partially update its title and custom fields (`thread.updated`).
 * Thread read and unread go through routes/reads.ts into threads/reads.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../auth-context.js';
import { nextTimestamp } from '../clock.js';
import { inputError, notFound } from '../errors.js';
import { checkFilterFields, matches, type Filter } from '../query/filter.js';
import { cursorPage, decodeCursor } from '../query/offset-page.js';
import { parseSort, sortBy, type SortSpec } from '../query/sort.js';
import { ok, type Sandbox } from '../sandbox.js';
import * as schemas from '../schema/threads.js';
import type { ChannelRec, Custom, MessageRec, ThreadRec } from '../store/model.js';
import { defaultTitle, isThreadParent, threadRecOf } from '../threads/records.js';
import { threadEventPayload, threadState, threadView, type ThreadStateOptions } from '../threads/state.js';
import { startWatching } from '../services/watching.js';
import { channelEventBase, requireCapability, requireRead } from '../services/common.js';

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
/** Fields the client refuses to send, refused here too. */
const RESERVED = [
  'created_at',
  'id',
  'last_message_at',
  'type',
  'updated_at',
  'user',
  'reply_count',
  'participants',
  'channel',
  'custom',
];
/** Fields of the thread's wire shape that custom data may not shadow either. */
const WIRE_FIELDS = [
  'active_participant_count',
  'channel_cid',
  'created_by',
  'created_by_user_id',
  'deleted_at',
  'draft',
  'latest_replies',
  'parent_message',
  'parent_message_id',
  'participant_count',
  'read',
  'thread_participants',
];

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

interface PatchBody {
  set?: Custom & { title?: string };
  unset?: string[];
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
  const { store, gateway, serialize } = sandbox;

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
        startWatching(sandbox, request, store.channels.get(parent.cid)!, false);
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
      if (request.query.watch === true) startWatching(sandbox, request, channel, false);
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
      requireCapability(sandbox, channel, { ...actor, userId }, 'update-thread', 'UpdateThread');
      const { set, unset } = checkPatch(body);
      const thread = threadRecOf(store, parent);
      for (const [key, value] of Object.entries(set)) {
        if (key === 'title') thread.title = value as string;
        else thread.custom[key] = value;
      }
      for (const key of unset) {
        if (key === 'title') thread.title = defaultTitle(parent);
        else delete thread.custom[key];
      }
      thread.updated_at = nextTimestamp();
      store.saveThread(thread);
      announceUpdate(channel, thread, userId);
      return ok({ thread: threadState(sandbox, parent, { userId, server: actor.server }) });
    },
  );

  function announceUpdate(channel: ChannelRec, thread: ThreadRec, userId: string | null) {
    gateway.toWatchers(channel.cid, () => ({
      type: 'thread.updated',
      ...channelEventBase(channel),
      thread: threadEventPayload(thread),
      ...(userId ? { user: serialize.user(userId) } : {}),
    }));
  }
}

/** The `set` and `unset` of a partial thread update, checked; code 4 names the offending field. */
function checkPatch(body: PatchBody): { set: Custom; unset: string[] } {
  const set = body.set ?? {};
  const unset = body.unset ?? [];
  const keys = [...Object.keys(set), ...unset];
  if (keys.length === 0) throw inputError('set or unset must name at least one field');
  for (const key of keys) {
    if (RESERVED.includes(key))
      throw inputError(`You cannot set ${key} field on Thread object. ${key} is reserved for server-side use`);
    if (WIRE_FIELDS.includes(key)) throw inputError(`${key} is a thread field that cannot be updated`);
  }
  for (const key of unset) if (Object.hasOwn(set, key)) throw inputError(`${key} cannot be both set and unset`);
  return { set, unset };
}

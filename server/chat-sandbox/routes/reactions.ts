/**
 * Reactions (chat-protocol.md §4.4): add or update one (`enforce_unique` replaces the user's
 * others), delete one, list them (offset paging) and query them (filter, sort, `next` cursor).
 * Adding and deleting, with their events, are services/reactions.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../auth-context.js';
import { inputError, notFound } from '../errors.js';
import { matches, type Filter } from '../query/filter.js';
import { cursorPage, decodeCursor } from '../query/offset-page.js';
import { parseSort, sortBy } from '../query/sort.js';
import { ok, type Sandbox } from '../sandbox.js';
import { actorUserId } from '../request-input.js';
import * as schemas from '../schema/reactions.js';
import type { Custom, ReactionRec } from '../store/model.js';
import { loadMessage, requireRead } from '../services/common.js';
import { deleteReaction, sendReaction } from '../services/reactions.js';

/** The request shapes below are guaranteed by the route schemas (schema/reactions.ts). */
interface ReactionInput extends Custom {
  type?: string;
  score?: number | null;
  user_id?: string;
  user?: { id?: string };
}

interface SendBody {
  reaction?: ReactionInput;
  enforce_unique?: boolean;
  skip_push?: boolean;
  user_id?: string;
}

interface QueryBody {
  filter?: Filter;
  sort?: { field: string; direction?: number }[];
  limit?: number;
  next?: string | null;
  user_id?: string;
}

const MAX_TYPE_LENGTH = 30;
/** Reaction fields that are not custom data. */
const RESERVED = new Set(['type', 'score', 'user_id', 'user', 'message_id', 'created_at', 'updated_at']);
const QUERY_SORT_FIELDS = new Set(['created_at', 'updated_at', 'score', 'type', 'user_id']);

function reactionType(value: string | undefined): string {
  if (value === undefined || value.trim() === '') throw inputError('reaction.type is required');
  if (value.length > MAX_TYPE_LENGTH) throw inputError(`reaction.type must be at most ${MAX_TYPE_LENGTH} characters`);
  return value;
}

function reactionScore(value: number | null | undefined): number {
  if (value === undefined || value === null) return 1;
  if (value < 1 || value > 2_147_483_647) throw inputError('reaction.score must be a whole number of at least 1');
  return value;
}

function customOf(input: ReactionInput): Custom {
  const custom: Custom = {};
  for (const [key, value] of Object.entries(input)) if (!RESERVED.has(key)) custom[key] = value;
  return custom;
}

/** The fields a reaction query filters and sorts on. */
function reactionView(reaction: ReactionRec): Record<string, unknown> {
  return {
    ...reaction.custom,
    type: reaction.type,
    user_id: reaction.user_id,
    score: reaction.score,
    created_at: reaction.created_at,
    updated_at: reaction.updated_at,
  };
}

export async function reactionRoutes(app: FastifyInstance, sandbox: Sandbox): Promise<void> {
  const { store, serialize } = sandbox;

  /**
   * The message, its channel and the acting user, after the read and visibility checks. Server
   * calls name the user (`user_id`) unless `userOptional` (listing needs no user).
   */
  function open(request: FastifyRequest, messageId: string, namedUser: unknown, userOptional = false) {
    const actor = request.chatActor;
    const userId =
      actor.server && userOptional && typeof namedUser !== 'string'
        ? actor.userId
        : actorUserId(request, { user_id: namedUser });
    const message = loadMessage(sandbox, messageId);
    const channel = store.channels.get(message.cid);
    if (!channel || channel.deleted_at) throw notFound(`Message "${messageId}" does not exist`);
    // A shadow-banned user's message exists only for its author.
    if (message.shadowed && message.user_id !== userId && !actor.server)
      throw notFound(`Message "${messageId}" does not exist`);
    const asUser: Actor = { ...actor, userId };
    requireRead(sandbox, channel, asUser);
    return { actor: asUser, userId, message, channel };
  }

  app.post<{ Params: { id: string }; Body: SendBody }>(
    '/messages/:id/reaction',
    { schema: schemas.SEND_REACTION },
    async (request) => {
      const body = request.body ?? {};
      const input = body.reaction;
      if (!input) throw inputError('reaction is required');
      const type = reactionType(input.type);
      const score = reactionScore(input.score);
      const named = input.user_id ?? input.user?.id ?? body.user_id;
      const { actor, userId, message, channel } = open(request, request.params.id, named);
      if (userId === null) throw inputError('user_id is required');
      const reaction = sendReaction(sandbox, channel, message, actor, userId, {
        type,
        score,
        custom: customOf(input),
        enforceUnique: body.enforce_unique === true,
      });
      return ok({ message: serialize.message(message, userId), reaction: serialize.reaction(reaction) });
    },
  );

  app.delete<{ Params: { id: string; type: string }; Querystring: { user_id?: string } }>(
    '/messages/:id/reaction/:type',
    { schema: schemas.DELETE_REACTION },
    async (request) => {
      const { actor, userId, message, channel } = open(request, request.params.id, request.query.user_id);
      if (userId === null) throw inputError('user_id is required');
      const reaction = deleteReaction(sandbox, channel, message, actor, userId, request.params.type);
      return ok({ message: serialize.message(message, userId), reaction: serialize.reaction(reaction) });
    },
  );

  app.get<{ Params: { id: string }; Querystring: { limit?: number; offset?: number; user_id?: string } }>(
    '/messages/:id/reactions',
    { schema: schemas.GET_REACTIONS },
    async (request) => {
      const { limit = 10, offset = 0 } = request.query;
      const { message } = open(request, request.params.id, request.query.user_id, true);
      const newest = sortBy(
        message.reactions,
        [{ field: 'created_at', direction: -1 }],
        (r, field) => r[field as keyof ReactionRec],
      );
      return ok({ reactions: newest.slice(offset, offset + limit).map((r) => serialize.reaction(r)) });
    },
  );

  app.post<{ Params: { id: string }; Body: QueryBody }>(
    '/messages/:id/reactions',
    { schema: schemas.QUERY_REACTIONS },
    async (request) => {
      const body = request.body ?? {};
      const limit = body.limit ?? 25;
      const offset = body.next === undefined || body.next === null || body.next === '' ? 0 : decodeCursor(body.next);
      const specs = parseSort(body.sort, [{ field: 'created_at', direction: -1 }]);
      const unknownField = specs.find((s) => !QUERY_SORT_FIELDS.has(s.field));
      if (unknownField) throw inputError(`cannot sort reactions by ${unknownField.field}`);
      const { message } = open(request, request.params.id, body.user_id, true);
      const views = message.reactions.map((reaction) => ({ reaction, view: reactionView(reaction) }));
      const filtered = views.filter(({ view }) => matches(view, body.filter));
      const sorted = sortBy(
        filtered,
        [...specs, { field: 'user_id', direction: 1 }, { field: 'type', direction: 1 }],
        (item, field) => item.view[field],
      );
      const { page, next } = cursorPage(sorted, offset, limit);
      return ok({ reactions: page.map(({ reaction }) => serialize.reaction(reaction)), ...(next ? { next } : {}) });
    },
  );
}

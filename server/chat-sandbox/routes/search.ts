/**
 * Message search (chat-protocol.md §4.5): `GET /search?payload=` with a channel filter and
 * either a text `query` or `message_filter_conditions`, over the channels the user can read
 * whose config enables search. Deleted, ephemeral and error messages never match. Text matches
 * whole words, case-insensitively (`$autocomplete`: word prefixes, accents aside). Newest first unless sorted by
 * created_at / updated_at; paged by `offset` or by the opaque `next` cursor, not both.
 */
import type { FastifyInstance } from 'fastify';
import { channelConfig } from '../channel-types.js';
import { ChatError, inputError } from '../errors.js';
import { matches, type Filter } from '../query/filter.js';
import { cursorPage, decodeCursor } from '../query/offset-page.js';
import { parseSort, sortBy, type SortSpec } from '../query/sort.js';
import { ok, type Sandbox } from '../sandbox.js';
import { payloadOf } from '../request-input.js';
import { foldForAutocomplete } from '../query/text.js';
import * as schemas from '../schema/search.js';
import type { ChannelRec, MessageRec } from '../store/model.js';
import { channelView } from '../query/channel-view.js';
import { canRead } from '../services/common.js';

/** The payload's shape is guaranteed by the route schema (schema/search.ts). */
interface SearchPayload {
  filter_conditions?: Filter;
  query?: string | null;
  message_filter_conditions?: Filter | null;
  limit?: number | null;
  offset?: number | null;
  next?: string | null;
  sort?: SortSpec[] | null;
  user_id?: string | null;
}

const DEFAULT_SORT: SortSpec[] = [{ field: 'created_at', direction: -1 }];
const SORT_FIELDS = new Set(['relevance', 'created_at', 'updated_at']);
const NEVER_FOUND = new Set<MessageRec['type']>(['deleted', 'ephemeral', 'error']);

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Lower-case words of a text: runs of letters and digits (accents dropped too, for `$autocomplete`). */
function words(text: string, fold = false): string[] {
  return (fold ? foldForAutocomplete(text) : text.toLowerCase()).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/**
 * Every word of `query` is a word of `text` (or, with `prefix`, starts one). A prefix search
 * (`$autocomplete`) ignores accents, as the service's autocomplete does (query/text.ts).
 */
function textMatches(text: string, query: unknown, prefix: boolean): boolean {
  if (typeof query !== 'string') throw inputError('text conditions need a string');
  const wanted = words(query, prefix);
  if (wanted.length === 0) return false;
  const have = words(text, prefix);
  return wanted.every((w) => have.some((h) => (prefix ? h.startsWith(w) : h === w)));
}

/** A `text` condition: a string or `{$q}` is a word search, `{$autocomplete}` a word-prefix search. */
function textCondition(text: string, condition: unknown): boolean {
  if (!isObject(condition)) return textMatches(text, condition, false);
  return Object.entries(condition).every(([op, operand]) => {
    if (op === '$q') return textMatches(text, operand, false);
    if (op === '$autocomplete') return textMatches(text, operand, true);
    return matches({ text }, { text: { [op]: operand } });
  });
}

/** filter.ts `matches`, with the word search semantics for `text` (also inside $and/$or/$nor). */
function messageMatches(doc: Record<string, unknown>, filter: Filter): boolean {
  return Object.entries(filter).every(([key, condition]) => {
    if (key === '$and' || key === '$or' || key === '$nor') {
      const results = (condition as Filter[]).map((f) => messageMatches(doc, f));
      return key === '$and' ? results.every(Boolean) : key === '$or' ? results.some(Boolean) : !results.some(Boolean);
    }
    if (key === 'text') return textCondition(typeof doc.text === 'string' ? doc.text : '', condition);
    return matches(doc, { [key]: condition });
  });
}

function messageView(message: MessageRec): Record<string, unknown> {
  return {
    ...message.custom,
    id: message.id,
    cid: message.cid,
    text: message.text,
    type: message.type,
    user_id: message.user_id,
    'user.id': message.user_id,
    parent_id: message.parent_id,
    created_at: message.created_at,
    updated_at: message.updated_at,
    pinned: message.pinned,
    reply_count: message.reply_count,
    silent: message.silent,
    mentioned_users: message.mentioned_user_ids,
    'mentioned_users.id': message.mentioned_user_ids,
    'attachments.type': message.attachments.map((a) => a.type),
    attachments: message.attachments.length > 0,
  };
}

export async function searchRoutes(app: FastifyInstance, sandbox: Sandbox): Promise<void> {
  const { store, serialize } = sandbox;

  app.get('/search', { schema: schemas.SEARCH }, async (request) => {
    const payload = payloadOf<SearchPayload>(request);
    const actor = request.chatActor;
    const userId = actor.server ? payload.user_id || actor.userId : actor.userId;

    const channelFilter = payload.filter_conditions;
    if (!channelFilter || Object.keys(channelFilter).length === 0) {
      throw inputError('filter_conditions (the channel filter) is required and must be a non-empty object');
    }
    const text = payload.query ?? undefined;
    const conditions = payload.message_filter_conditions ?? undefined;
    if (text !== undefined && conditions !== undefined)
      throw inputError('specify either query or message_filter_conditions, not both');
    let messageFilter: Filter;
    if (text !== undefined) {
      if (words(text).length === 0) throw inputError('query must be a non-empty search text');
      messageFilter = { text: { $q: text } };
    } else {
      if (conditions === undefined) throw inputError('either query or message_filter_conditions is required');
      if (Object.keys(conditions).length === 0)
        throw inputError('message_filter_conditions must be a non-empty object');
      messageFilter = conditions;
    }

    const hasOffset = payload.offset !== undefined && payload.offset !== null;
    const hasNext = payload.next !== undefined && payload.next !== null && payload.next !== '';
    if (hasOffset && hasNext) throw inputError('Cannot specify offset with next');
    const limit = payload.limit ?? 20;
    const offset = hasNext ? decodeCursor(payload.next) : (payload.offset ?? 0);

    const requested = parseSort(payload.sort, DEFAULT_SORT);
    const unsupported = requested.find((s) => !SORT_FIELDS.has(s.field));
    if (unsupported)
      throw inputError(`search results cannot be sorted by ${unsupported.field}; use created_at or updated_at`);
    const specs = requested.map((s) => (s.field === 'relevance' ? DEFAULT_SORT[0]! : s));

    const readable = [...store.channels.values()].filter(
      (c) =>
        !c.deleted_at &&
        canRead(sandbox, c, { ...actor, userId }) &&
        matches(channelView(sandbox, c, userId), channelFilter),
    );
    const searchable = readable.filter((c) => channelConfig(c).search !== false);
    if (readable.length > 0 && searchable.length === 0) {
      throw new ChatError(19, `Search is disabled for channel type ${readable[0]!.type}`, 400);
    }

    const found: { message: MessageRec; channel: ChannelRec; view: Record<string, unknown> }[] = [];
    for (const channel of searchable) {
      const member = store.member(channel.cid, userId);
      const after = [channel.truncated_at, member?.hide_messages_before].filter(Boolean).sort().pop();
      for (const message of store.messagesOf(channel.cid)) {
        if (message.deleted_at || NEVER_FOUND.has(message.type)) continue;
        if (after && message.created_at <= after) continue;
        if (message.shadowed && message.user_id !== userId) continue;
        const view = messageView(message);
        if (messageMatches(view, messageFilter)) found.push({ message, channel, view });
      }
    }
    const sorted = sortBy(found, [...specs, { field: 'id', direction: 1 }], (item, field) => item.view[field]);
    const { page, next, previous } = cursorPage(sorted, offset, limit);
    const viewer = { userId, server: actor.server };
    return ok({
      results: page.map(({ message, channel }) => ({
        message: { ...serialize.message(message, userId), channel: serialize.channel(channel, viewer) },
      })),
      ...(next ? { next } : {}),
      ...(previous ? { previous } : {}),
    });
  });
}

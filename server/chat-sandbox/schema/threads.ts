/**
 * Request schemas of the thread routes (routes/threads.ts, chat-protocol.md §4.7). The filter and
 * sort fields a query may use, and the fields an update may not touch, keep their texts in the
 * route.
 */
import {
  actingUser,
  body,
  bool,
  filter,
  id,
  integer,
  nullable,
  object,
  optionalText,
  pageCursor,
  params,
  query,
  sort,
} from './fragments.js';

/** How much of each thread's state an answer carries. */
const stateLimits = {
  participant_limit: integer(0, 100),
  reply_limit: integer(0, 100),
  member_limit: integer(0, 100),
};

/** POST /threads: `{limit, participant_limit, reply_limit, member_limit, watch, filter, sort, next}`. */
export const QUERY_THREADS = {
  querystring: query(),
  body: body({
    limit: nullable(integer(1, 100)),
    participant_limit: nullable(stateLimits.participant_limit),
    reply_limit: nullable(stateLimits.reply_limit),
    member_limit: nullable(stateLimits.member_limit),
    watch: nullable(bool),
    filter: nullable(filter),
    sort: nullable(sort),
    next: pageCursor,
    user_id: actingUser,
  }),
};

/** GET /threads/{parentId}?watch=&participant_limit=&reply_limit=&member_limit= (individual parameters). */
export const GET_THREAD = {
  params: params('parentId'),
  querystring: query({ watch: bool, ...stateLimits }),
};

/** PATCH /threads/{parentId}: `{set: {title?, <custom>}, unset: [field names]}`. */
export const UPDATE_THREAD = {
  params: params('parentId'),
  querystring: query(),
  body: body({
    set: { type: 'object', maxProperties: 100, properties: { title: optionalText(1_000) } },
    unset: { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 255 } },
    user_id: actingUser,
    user: object({ id }),
  }),
};

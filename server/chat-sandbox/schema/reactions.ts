/** Request schemas of the reaction routes (routes/reactions.ts, chat-protocol.md §4.4). */
import { body, bool, filter, id, ID_MAX, integer, limit, nullable, object, params, query, sort } from './fragments.js';

/**
 * A reaction as the client sends it: `type`, `score` and custom fields. The type's own rules
 * (required, at most 30 characters) and the score's range keep their texts in the route.
 */
const reaction = {
  type: 'object',
  maxProperties: 100,
  properties: {
    type: { type: 'string', maxLength: ID_MAX },
    score: nullable({ type: 'integer' }),
    user_id: id,
    user: object({ id }),
  },
} as const;

export const SEND_REACTION = {
  params: params('id'),
  querystring: query(),
  body: body({ reaction, enforce_unique: bool, skip_push: bool, user_id: id }),
};

export const DELETE_REACTION = { params: params('id', 'type'), querystring: query() };

export const GET_REACTIONS = {
  params: params('id'),
  querystring: query({ limit: limit(300), offset: integer(0, 1000) }),
};

/** POST /messages/{mid}/reactions: `{filter, sort, limit, next}`; `next` is a cursor from a previous answer. */
export const QUERY_REACTIONS = {
  params: params('id'),
  querystring: query(),
  body: body({
    filter,
    sort,
    limit: limit(300),
    next: nullable({ type: 'string', maxLength: 1_000 }),
    user_id: id,
  }),
};

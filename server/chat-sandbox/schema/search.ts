/**
 * Request schema of message search (routes/search.ts, chat-protocol.md §4.5): `GET
 * /search?payload=`. Which of `query` and `message_filter_conditions` is given, and that neither
 * is empty, keep their texts in the route.
 */
import {
  actingUser,
  customObject,
  filter,
  integer,
  nullable,
  object,
  optionalText,
  pageCursor,
  query,
  sort,
} from './fragments.js';

export const SEARCH = {
  querystring: query({
    payload: object({
      filter_conditions: filter,
      query: nullable(optionalText()),
      message_filter_conditions: nullable(filter),
      limit: nullable(integer(1, 100)),
      offset: nullable(integer(0, 1_000)),
      next: pageCursor,
      sort: nullable(sort),
      message_options: customObject,
      user_id: actingUser,
    }),
  }),
};

/**
 * Request schemas of the poll and vote routes (routes/polls.ts, routes/poll-votes.ts). The poll's
 * own rules and their texts (name, options, vote limits) stay in polls.ts, which words them as
 * the spec does; these describe the shapes and bound the queries.
 */
import { actingUser, body, filter, nullable, params, query, sort } from './fragments.js';

const poll = { type: 'object', maxProperties: 100 } as const;
const unset = { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 255 } } as const;
const cursor = nullable({ type: 'string', maxLength: 1_000 });

const pollQuery = body({
  filter: nullable(filter),
  sort: nullable(sort),
  limit: nullable({ type: 'integer' }),
  next: cursor,
  prev: cursor,
  user_id: actingUser,
});

export const CREATE_POLL = { querystring: query(), body: { ...poll, $defs: pollQuery.$defs } };
export const QUERY_POLLS = { querystring: query(), body: pollQuery };
export const GET_POLL = { params: params('id'), querystring: query() };
export const UPDATE_POLL = { querystring: query(), body: { ...poll, $defs: pollQuery.$defs } };
export const PARTIAL_UPDATE_POLL = {
  params: params('id'),
  querystring: query(),
  body: body({ set: nullable(poll), unset: nullable(unset), user_id: actingUser }),
};
export const DELETE_POLL = { params: params('id'), querystring: query() };
export const ADD_OPTION = { params: params('id'), querystring: query(), body: body({ user_id: actingUser }) };
export const UPDATE_OPTION = { params: params('id'), querystring: query(), body: body({ user_id: actingUser }) };
export const OPTION = { params: params('id', 'optionId'), querystring: query() };

export const VOTE = {
  params: params('messageId', 'pollId'),
  querystring: query(),
  body: body({ vote: nullable(poll), user_id: actingUser }),
};
export const DELETE_VOTE = { params: params('messageId', 'pollId', 'voteId'), querystring: query() };
export const QUERY_VOTES = { params: params('id'), querystring: query(), body: pollQuery };

/**
 * Request schemas of the read-state routes (routes/reads.ts, chat-protocol.md §4.2, thread reads
 * §4.7). A message timestamp's format keeps its text in the route.
 */
import { actingUser, body, bool, id, ID_MAX, LIST_MAX, nullable, object, params, query } from './fragments.js';

/** The user a server-side call acts for: `user_id`, or the `user` object the client may add. */
const acting = { user_id: actingUser, user: object({ id }) };

/** POST /channels/{type}/{id}/read: `{message_id?, thread_id?}`. */
export const MARK_READ = {
  params: params('type', 'id'),
  querystring: query(),
  body: body({ message_id: nullable(id), thread_id: id, ...acting }),
};

/** POST /channels/{type}/{id}/unread: `{message_id | message_timestamp | thread_id}`. */
export const MARK_UNREAD = {
  params: params('type', 'id'),
  querystring: query(),
  body: body({ message_id: id, message_timestamp: { type: 'string', maxLength: 64 }, thread_id: id, ...acting }),
};

/** POST /channels/read: `{read_by_channel?: {cid: message id (or "")}}`. */
export const MARK_ALL_READ = {
  querystring: query(),
  body: body({
    read_by_channel: {
      type: 'object',
      maxProperties: LIST_MAX,
      additionalProperties: { type: 'string', maxLength: ID_MAX },
    },
    ...acting,
  }),
};

/** GET /unread (`?user_id=` server-side). */
export const UNREAD_COUNTS = { querystring: query() };

/** POST /channels/delivered: `{latest_delivered_messages: [{cid, id, parent_id?}]}` (accepted, not tracked). */
export const MARK_DELIVERED = {
  querystring: query(),
  body: body({
    latest_delivered_messages: {
      type: 'array',
      maxItems: LIST_MAX,
      items: object({ cid: { type: 'string', maxLength: ID_MAX }, id, parent_id: id, restore_messages: bool }),
    },
    ...acting,
  }),
};

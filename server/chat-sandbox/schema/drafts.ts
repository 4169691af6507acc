/**
 * Request schemas of the draft routes (routes/drafts.ts, chat-protocol.md §4.9). The draft's own
 * rules (its id's characters, the channel's text length, the parent and quoted message) keep their
 * texts in the route.
 */
import {
  cursorQuery,
  actingUser,
  body,
  bool,
  customObject,
  id,
  ID_MAX,
  nullable,
  object,
  optionalText,
  params,
  query,
} from './fragments.js';

/** Mentioned users: ids, or user objects with an id. */
const mentionedUsers = {
  type: 'array',
  maxItems: 1_000,
  items: { anyOf: [id, object({ id }, ['id'])] },
} as const;

/**
 * The draft message as the composer sends it; other fields are its custom data. Absent and null
 * mean the same (no parent, no quote, no poll).
 */
const draftMessage = {
  type: 'object',
  maxProperties: 100,
  properties: {
    id: nullable(id),
    text: nullable(optionalText()),
    attachments: nullable({ type: 'array', maxItems: 30, items: customObject }),
    mentioned_users: mentionedUsers,
    parent_id: nullable(id),
    quoted_message_id: nullable(id),
    poll_id: nullable(id),
    show_in_channel: nullable(bool),
    silent: nullable(bool),
    custom: nullable(customObject),
    user_id: actingUser,
    user: object({ id }),
  },
} as const;

/** POST /channels/{type}/{id}/draft: `{message}`. */
export const CREATE_DRAFT = {
  params: params('type', 'id'),
  querystring: query(),
  body: body({ message: draftMessage, user_id: actingUser }, ['message']),
};

/** GET and DELETE /channels/{type}/{id}/draft?parent_id= (empty: the channel's own draft). */
export const DRAFT = {
  params: params('type', 'id'),
  querystring: query({ parent_id: { type: 'string', maxLength: ID_MAX } }),
};

/** POST /drafts/query: `{filter, sort, limit, next | prev}`. */
export const QUERY_DRAFTS = { querystring: query(), body: cursorQuery(100) };

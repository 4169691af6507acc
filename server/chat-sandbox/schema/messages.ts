/** Request schemas of the message routes (routes/messages.ts, chat-protocol.md §4.3). */
import {
  actingUser,
  body,
  bool,
  customObject,
  id,
  ids,
  integer,
  limit,
  nullable,
  object,
  offset,
  optionalText,
  params,
  query,
  sort,
  timestamp,
} from './fragments.js';

/** Attachments: objects of the client's shape (type, urls, titles, …), at most 30 to a message. */
const attachments = { type: 'array', maxItems: 30, items: customObject } as const;
/** Mentioned users: ids, or user objects with an id. */
const mentionedUsers = {
  type: 'array',
  maxItems: 1_000,
  items: { anyOf: [id, object({ id }, ['id'])] },
} as const;

/**
 * The typed fields of a message a client may send; any other field is custom data. Fields the
 * service computes (`pinned_at`, `reply_count`, `html`, …) are typed too, so a wrong type is
 * refused even where the value itself is then ignored.
 */
const messageFields = {
  id,
  text: optionalText(),
  type: { type: 'string', maxLength: 20 },
  attachments,
  mentioned_users: mentionedUsers,
  parent_id: id,
  show_in_channel: bool,
  quoted_message_id: id,
  silent: bool,
  pinned: bool,
  pinned_at: nullable(timestamp),
  pin_expires: nullable(timestamp),
  poll_id: id,
  shared_location: customObject,
  user_id: actingUser,
  user: object({ id }),
  restricted_visibility: ids(),
  html: optionalText(),
  mml: optionalText(),
  created_at: timestamp,
  updated_at: timestamp,
  reply_count: integer(0, 1_000_000),
  custom: customObject,
} as const;

export const message = object(messageFields);

const userIdBody = { user_id: actingUser, user: object({ id }) };

export const SEND_MESSAGE = {
  params: params('type', 'id'),
  querystring: query(),
  body: body({ message, skip_enrich_url: bool, skip_push: bool, force_moderation: bool, ...userIdBody }, ['message']),
};

export const MESSAGE_ACTION = {
  params: params('id'),
  querystring: query(),
  body: body({
    form_data: object({ image_action: { type: 'string', maxLength: 20 } }),
    id,
    type: { type: 'string', maxLength: 64 },
    ...userIdBody,
  }),
};

export const GET_MESSAGE = { params: params('id'), querystring: query() };

export const GET_MANY = {
  params: params('type', 'id'),
  querystring: query({ ids: { type: 'string', maxLength: 100 * 256 } }),
};

export const UPDATE_MESSAGE = {
  params: params('id'),
  querystring: query(),
  body: body({ message, skip_enrich_url: bool, ...userIdBody }, ['message']),
};

export const PARTIAL_UPDATE = {
  params: params('id'),
  querystring: query(),
  body: body({
    set: object(messageFields),
    unset: { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 255 } },
    skip_enrich_url: bool,
    ...userIdBody,
  }),
};

export const DELETE_MESSAGE = {
  params: params('id'),
  querystring: query({
    hard: bool,
    delete_for_me: bool,
    deleted_by: id,
  }),
};

export const UNDELETE_MESSAGE = {
  params: params('id'),
  querystring: query(),
  body: body({ undeleted_by: id, ...userIdBody }),
};

/** A page of messages: `limit` and one of the id or time cursors (chat-protocol.md §3.5). */
export const cursors = {
  limit: limit(300),
  offset,
  id_lt: id,
  id_lte: id,
  id_gt: id,
  id_gte: id,
  id_around: id,
  created_at_around: timestamp,
  created_at_before: timestamp,
  created_at_before_or_equal: timestamp,
  created_at_after: timestamp,
  created_at_after_or_equal: timestamp,
};

export const REPLIES = {
  params: params('id'),
  querystring: query({ ...cursors, sort: { type: 'string', maxLength: 1_000 } }),
};

export const PINNED_MESSAGES = {
  params: params('type', 'id'),
  querystring: query({
    payload: object({
      ...cursors,
      limit: limit(100),
      sort,
      pinned_at_before: timestamp,
      pinned_at_before_or_equal: timestamp,
      pinned_at_after: timestamp,
      pinned_at_after_or_equal: timestamp,
      pinned_at_around: timestamp,
      user_id: actingUser,
    }),
  }),
};

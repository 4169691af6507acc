/**
 * Request schemas of the moderation and user routes (routes/moderation.ts, routes/users.ts).
 * Types and ranges only: which fields are required, and the service's worded refusals
 * ("BanUser failed with error: …"), stay with the routes.
 */
import {
  actingUser,
  body,
  bool,
  customObject,
  filter,
  id,
  ids,
  integer,
  nullable,
  object,
  offset,
  optionalText,
  query,
  sort,
} from './fragments.js';

/** The longest mute or ban: ten years, in minutes (`timeout`) and in milliseconds (`expiration`). */
export const MAX_TIMEOUT_MINUTES = 10 * 365 * 24 * 60;
const minutes = nullable({ type: 'number', exclusiveMinimum: 0, maximum: MAX_TIMEOUT_MINUTES });
const milliseconds = nullable({ type: 'number', exclusiveMinimum: 0, maximum: MAX_TIMEOUT_MINUTES * 60_000 });
const text = nullable(optionalText(1_000));
const cidText = nullable({ type: 'string', maxLength: 64 + 1 + 64 });

export const MUTE_USERS = {
  querystring: query(),
  body: body({ target_id: nullable(id), target_ids: nullable(ids()), timeout: minutes, user_id: actingUser }),
};
export const UNMUTE_USERS = {
  querystring: query(),
  body: body({ target_id: nullable(id), target_ids: nullable(ids()), user_id: actingUser }),
};
export const MUTE_CHANNELS = {
  querystring: query(),
  body: body({
    channel_cid: cidText,
    channel_cids: nullable({ type: 'array', maxItems: 1_000, items: { type: 'string', maxLength: 129 } }),
    expiration: milliseconds,
    user_id: actingUser,
  }),
};
export const UNMUTE_CHANNELS = {
  querystring: query(),
  body: body({
    channel_cid: cidText,
    channel_cids: nullable({ type: 'array', maxItems: 1_000, items: { type: 'string', maxLength: 129 } }),
    user_id: actingUser,
  }),
};

const banTarget = {
  target_user_id: nullable(id),
  channel_cid: cidText,
  type: nullable({ type: 'string', maxLength: 64 }),
  id: nullable({ type: 'string', maxLength: 64 }),
};

export const BAN = {
  querystring: query(),
  body: body({
    ...banTarget,
    timeout: minutes,
    reason: text,
    shadow: nullable(bool),
    ip_ban: nullable(bool),
    banned_by_id: nullable(id),
    banned_by: object({ id }),
    user_id: actingUser,
  }),
};
export const UNBAN = { querystring: query({ ...banTarget, user_id: id }) };

export const QUERY_BANS = {
  querystring: query({
    payload: object({
      filter_conditions: filter,
      sort,
      limit: integer(0, 1_000),
      offset,
      exclude_expired_bans: bool,
      user_id: actingUser,
    }),
  }),
};

export const FLAG = {
  querystring: query(),
  body: body({
    target_message_id: nullable(id),
    target_user_id: nullable(id),
    reason: text,
    custom: customObject,
    user_id: actingUser,
  }),
};
export const UNFLAG = {
  querystring: query(),
  body: body({ target_message_id: nullable(id), target_user_id: nullable(id), user_id: actingUser }),
};

export const BLOCK = { querystring: query(), body: body({ blocked_user_id: nullable(id), user_id: actingUser }) };
export const BLOCKED = { querystring: query() };

/**
 * Users: the routes word the service's rules on ids, names, roles and the other standard fields
 * themselves (routes/users.ts), so the schemas only describe the containers and the query.
 */
export const QUERY_USERS = {
  querystring: query({
    payload: object({
      filter_conditions: filter,
      sort,
      limit: { type: 'integer' },
      offset: { type: 'integer' },
      presence: bool,
      include_deactivated_users: bool,
      user_id: actingUser,
    }),
  }),
};

export const UPSERT_USERS = { querystring: query(), body: body({ users: {} }) };
export const UPDATE_USERS = { querystring: query(), body: body({ users: {} }) };

/** Request schemas of the channel and member routes (routes/channels.ts, routes/members.ts). */
import {
  actingUser,
  body,
  bool,
  customObject,
  filter,
  id,
  ids,
  integer,
  limit,
  object,
  offset,
  optionalText,
  params,
  query,
  sort,
  timestamp,
} from './fragments.js';
import { cursors, message } from './messages.js';

/** A member given by id, or as `{user_id, channel_role}`. */
const memberSpec = {
  anyOf: [id, object({ user_id: id, channel_role: { type: 'string', maxLength: 64 } }, ['user_id'])],
} as const;
const memberSpecs = { type: 'array', maxItems: 1_000, items: memberSpec } as const;

/** Tags queryChannels filters on (`filter_tags`, `add_filter_tags`, `remove_filter_tags`). */
const filterTags = { type: 'array', maxItems: 50, items: { type: 'string', minLength: 1, maxLength: 255 } } as const;

/** A channel's own fields a client sends (name, image, frozen, members on create, …); others are custom data. */
const channelData = object({
  name: optionalText(1_000),
  image: optionalText(3_000),
  description: optionalText(),
  members: memberSpecs,
  invites: memberSpecs,
  frozen: bool,
  disabled: bool,
  team: { type: 'string', maxLength: 255 },
  created_by_id: id,
  created_by: object({ id }),
  cooldown: integer(0, 120),
  filter_tags: filterTags,
  config_overrides: customObject,
});

const page = object({ limit: limit(300), offset });

const messagePage = object(cursors);

/** POST /channels/{type}/{id}/query and /channels/{type}/query (get or create, watch). */
const channelQuery = body({
  data: channelData,
  state: bool,
  watch: bool,
  presence: bool,
  hide_for_creator: bool,
  messages: messagePage,
  members: page,
  watchers: page,
  user_id: actingUser,
});

export const QUERY_CHANNEL = { params: params('type', 'id'), querystring: query(), body: channelQuery };
export const CREATE_DISTINCT = { params: params('type'), querystring: query(), body: channelQuery };

/** POST /channels (queryChannels, chat-protocol.md §3.4). */
export const QUERY_CHANNELS = {
  querystring: query(),
  body: body({
    filter_conditions: filter,
    sort,
    limit: limit(1000),
    offset,
    message_limit: integer(0, 300),
    member_limit: integer(0, 100),
    watch: bool,
    presence: bool,
    state: bool,
    user_id: actingUser,
  }),
};

const memberChanges = {
  add_members: memberSpecs,
  remove_members: ids(),
  add_moderators: ids(),
  demote_moderators: ids(),
  assign_roles: {
    type: 'array',
    maxItems: 1_000,
    items: object({ user_id: id, channel_role: { type: 'string', maxLength: 64 } }, ['user_id', 'channel_role']),
  },
  invites: memberSpecs,
  accept_invite: bool,
  reject_invite: bool,
  hide_history: bool,
  add_filter_tags: filterTags,
  remove_filter_tags: filterTags,
};

export const UPDATE_CHANNEL = {
  params: params('type', 'id'),
  querystring: query(),
  body: body({ ...memberChanges, data: channelData, message, cooldown: integer(0, 120), user_id: actingUser }),
};

const unsetList = { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 255 } } as const;

export const PARTIAL_UPDATE_CHANNEL = {
  params: params('type', 'id'),
  querystring: query(),
  body: body({ set: channelData, unset: unsetList, user_id: actingUser }),
};

export const DELETE_CHANNEL = { params: params('type', 'id'), querystring: query({ hard_delete: bool }) };

export const DELETE_CHANNELS = {
  querystring: query(),
  body: body({ cids: { type: 'array', minItems: 1, maxItems: 100, items: id }, hard_delete: bool }, ['cids']),
};

export const TRUNCATE = {
  params: params('type', 'id'),
  querystring: query(),
  body: body({ hard_delete: bool, skip_push: bool, truncated_at: timestamp, message, user_id: actingUser }),
};

export const HIDE_SHOW = {
  params: params('type', 'id'),
  querystring: query(),
  body: body({ clear_history: bool, user_id: actingUser }),
};

export const STOP_WATCHING = { params: params('type', 'id'), querystring: query(), body: body({}) };

/** PATCH …/member/{userId} and …/member: the member's own settings (pinned, archived) and custom data. */
const memberFields = object({
  pinned: bool,
  archived: bool,
  notifications_muted: bool,
  channel_role: { type: 'string', maxLength: 64 },
});

export const UPDATE_MEMBER = {
  params: params('type', 'id', 'userId'),
  querystring: query(),
  body: body({ set: memberFields, unset: unsetList }),
};

export const UPDATE_OWN_MEMBER = {
  params: params('type', 'id'),
  querystring: query(),
  body: body({ set: memberFields, unset: unsetList, user_id: actingUser }),
};

export const QUERY_MEMBERS = {
  querystring: query({
    payload: object(
      {
        type: { type: 'string', minLength: 1, maxLength: 64 },
        id,
        members: ids(100),
        filter_conditions: filter,
        sort: { ...sort, maxItems: 1 },
        limit: limit(300),
        offset,
        user_id: actingUser,
      },
      ['type'],
    ),
  }),
};

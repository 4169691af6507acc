/**
 * Valid requests for the chat sandbox's routes, as the `stream-chat` client sends them, for the
 * fuzz test to mutate one or two places of (a wrong type, a hostile string, a missing field, deep
 * nesting): most damage hides one field away from a request that is otherwise right. `$message`,
 * `$poll`, `$option` and `$user` stand for records that exist.
 */
import { deep, pick, value, type Pools, type Random } from './fuzz-requests.js';

export interface Template {
  body?: unknown;
  /** Sent as the `payload` query parameter (JSON), as the client does for GET queries. */
  payload?: unknown;
  query?: Record<string, string>;
}

const MEMBERS_FILTER = { members: { $in: ['$user'] } };
const MESSAGE = { text: 'hello @bob', mentioned_users: ['bob'], quoted_message_id: '$message', attachments: [] };

export const TEMPLATES: Record<string, Template> = {
  'POST /chat/channels': {
    body: {
      filter_conditions: { $and: [MEMBERS_FILTER, { type: 'messaging' }] },
      sort: [{ field: 'last_message_at', direction: -1 }],
      state: true,
      watch: false,
      limit: 10,
      offset: 0,
      message_limit: 25,
    },
  },
  'POST /chat/channels/:type/:id/query': {
    body: {
      state: true,
      watch: false,
      presence: false,
      data: { name: 'Room', members: ['alice', 'bob'] },
      messages: { limit: 25, id_lt: '$message' },
      members: { limit: 10 },
      watchers: { limit: 5 },
    },
  },
  'POST /chat/channels/:type/query': {
    body: { state: true, data: { members: ['alice', 'bob'], name: 'New', filter_tags: ['x'] } },
  },
  'POST /chat/channels/:type/:id': {
    body: { data: { name: 'Renamed', image: 'https://example.com/a.png' }, message: MESSAGE },
  },
  'PATCH /chat/channels/:type/:id': { body: { set: { name: 'Partly', frozen: false }, unset: ['image'] } },
  'POST /chat/channels/delete': { body: { cids: ['messaging:fuzz'], hard_delete: false } },
  'POST /chat/channels/:type/:id/truncate': {
    body: { hard_delete: false, skip_push: true, truncated_at: '2026-01-01T00:00:00Z' },
  },
  'POST /chat/channels/:type/:id/hide': { body: { clear_history: false } },
  'PATCH /chat/channels/:type/:id/member/:userId': { body: { set: { pinned: true, archived: false }, unset: [] } },
  'PATCH /chat/channels/:type/:id/member': { body: { set: { pinned: true } } },
  'GET /chat/members': {
    payload: {
      type: 'messaging',
      id: 'fuzz',
      filter_conditions: { name: { $autocomplete: 'al' } },
      sort: [{ field: 'created_at', direction: 1 }],
      limit: 10,
    },
  },
  'POST /chat/channels/:type/:id/message': {
    body: { message: { ...MESSAGE, parent_id: '$message', show_in_channel: true, pinned: false } },
  },
  'POST /chat/messages/:id/action': { body: { form_data: { image_action: 'shuffle' }, id: '$message' } },
  'GET /chat/channels/:type/:id/messages': { query: { ids: '$message' } },
  'POST /chat/messages/:id': {
    body: {
      message: { id: '$message', text: 'edited', pinned: true, pinned_at: '2026-11-25T10:00:00Z', pin_expires: null },
    },
  },
  'PUT /chat/messages/:id': { body: { set: { text: 'partly', pinned: true }, unset: ['custom'] } },
  'GET /chat/messages/:id/replies': { query: { limit: '25', id_lt: '$message' } },
  'GET /chat/channels/:type/:id/pinned_messages': {
    payload: { limit: 25, sort: [{ field: 'pinned_at', direction: -1 }], pinned_at_before: '2026-12-01T00:00:00Z' },
  },
  'POST /chat/channels/:type/:id/read': { body: { message_id: '$message' } },
  'POST /chat/channels/:type/:id/unread': { body: { message_id: '$message' } },
  'POST /chat/channels/read': { body: { read_by_channel: { 'messaging:fuzz': '$message' } } },
  'POST /chat/channels/delivered': { body: { latest_delivered_messages: [{ cid: 'messaging:fuzz', id: '$message' }] } },
  'POST /chat/channels/:type/:id/event': { body: { event: { type: 'typing.start', parent_id: '$message' } } },
  'POST /chat/messages/:id/reaction': { body: { reaction: { type: 'like', score: 1 }, enforce_unique: true } },
  'POST /chat/messages/:id/reactions': {
    body: { filter: { type: 'like' }, sort: [{ field: 'created_at', direction: -1 }], limit: 10 },
  },
  'GET /chat/messages/:id/reactions': { query: { limit: '10', offset: '0' } },
  'GET /chat/search': {
    payload: {
      filter_conditions: MEMBERS_FILTER,
      message_filter_conditions: { text: { $autocomplete: 'hel' } },
      sort: [{ field: 'created_at', direction: -1 }],
      limit: 10,
      next: '',
    },
  },
  'GET /chat/users': {
    payload: {
      filter_conditions: { id: { $in: ['alice', 'bob'] } },
      sort: [{ field: 'name', direction: 1 }],
      limit: 10,
      presence: false,
    },
  },
  'POST /chat/users': { body: { users: { alice: { id: 'alice', name: 'Alice', role: 'user' } } } },
  'PATCH /chat/users': { body: { users: [{ id: '$user', set: { name: 'Changed' }, unset: ['image'] }] } },
  'GET /chat/og': { query: { url: 'https://example.com/' } },
  'POST /chat/moderation/mute': { body: { target_ids: ['bob'], timeout: 60 } },
  'POST /chat/moderation/unmute': { body: { target_ids: ['bob'] } },
  'POST /chat/moderation/mute/channel': { body: { channel_cids: ['messaging:fuzz'], expiration: 60000 } },
  'POST /chat/moderation/unmute/channel': { body: { channel_cids: ['messaging:fuzz'] } },
  'POST /chat/moderation/ban': {
    body: {
      target_user_id: 'bob',
      type: 'messaging',
      id: 'fuzz',
      timeout: 60,
      reason: 'spam',
      shadow: false,
      ip_ban: false,
    },
  },
  'DELETE /chat/moderation/ban': { query: { target_user_id: 'bob', type: 'messaging', id: 'fuzz' } },
  'GET /chat/query_banned_users': {
    payload: {
      filter_conditions: { channel_cid: 'messaging:fuzz' },
      sort: [{ field: 'created_at', direction: -1 }],
      limit: 10,
    },
  },
  'POST /chat/moderation/flag': { body: { target_message_id: '$message', reason: 'spam' } },
  'POST /chat/moderation/unflag': { body: { target_message_id: '$message' } },
  'POST /chat/users/block': { body: { blocked_user_id: 'bob' } },
  'POST /chat/users/unblock': { body: { blocked_user_id: 'bob' } },
  'POST /chat/channels/:type/:id/draft': {
    body: { message: { text: 'draft', parent_id: '$message', quoted_message_id: '$message' } },
  },
  'POST /chat/drafts/query': {
    body: { filter: { channel_cid: 'messaging:fuzz' }, sort: [{ field: 'created_at', direction: -1 }], limit: 10 },
  },
  'POST /chat/messages/:mid/reminders': { body: { remind_at: '2026-12-01T10:00:00Z' } },
  'PATCH /chat/messages/:mid/reminders': { body: { remind_at: null } },
  'POST /chat/reminders/query': {
    body: {
      filter: { remind_at: { $gt: '2026-01-01T00:00:00Z' } },
      sort: [{ field: 'remind_at', direction: 1 }],
      limit: 10,
    },
  },
  'POST /chat/polls': {
    body: {
      name: 'Who plays?',
      options: [{ text: 'Me' }, { text: 'You' }],
      max_votes_allowed: 2,
      enforce_unique_vote: false,
      voting_visibility: 'public',
      allow_answers: true,
    },
  },
  'POST /chat/polls/query': {
    body: { filter: { is_closed: false }, sort: [{ field: 'created_at', direction: -1 }], limit: 10 },
  },
  'PUT /chat/polls': { body: { id: '$poll', name: 'Renamed', options: [{ id: '$option', text: 'Me' }] } },
  'PATCH /chat/polls/:id': { body: { set: { is_closed: true }, unset: ['description'] } },
  'POST /chat/polls/:id/options': { body: { text: 'Maybe' } },
  'PUT /chat/polls/:id/options': { body: { id: '$option', text: 'Me, renamed' } },
  'POST /chat/messages/:messageId/polls/:pollId/vote': { body: { vote: { option_id: '$option' } } },
  'POST /chat/polls/:id/votes': { body: { filter: { option_id: '$option' }, limit: 10 } },
  'PUT /chat/users/live_locations': {
    body: {
      message_id: '$message',
      latitude: 51.5,
      longitude: -0.1,
      created_by_device_id: 'd1',
      end_at: '2026-12-01T10:00:00Z',
    },
  },
  'POST /chat/threads': {
    body: { filter: { channel_cid: 'messaging:fuzz' }, limit: 10, reply_limit: 3, participant_limit: 5, watch: false },
  },
  'GET /chat/threads/:parentId': { query: { reply_limit: '3', participant_limit: '5' } },
  'PATCH /chat/threads/:parentId': { body: { set: { title: 'Kit' }, unset: [] } },
};

export interface PoolIds extends Pools {
  messages: readonly string[];
  polls: readonly string[];
  options: readonly string[];
  users: readonly string[];
}

/** The template with its `$…` placeholders replaced by records that exist. */
export function instantiate(random: Random, node: unknown, ids: PoolIds): unknown {
  if (typeof node === 'string') {
    if (node === '$message') return pick(random, ids.messages);
    if (node === '$poll') return pick(random, ids.polls);
    if (node === '$option') return pick(random, ids.options);
    if (node === '$user') return pick(random, ids.users);
    return node;
  }
  if (Array.isArray(node)) return node.map((item) => instantiate(random, item, ids));
  if (node && typeof node === 'object')
    return Object.fromEntries(Object.entries(node).map(([key, item]) => [key, instantiate(random, item, ids)]));
  return node;
}

/** Every place in a JSON value, as a path of keys and indexes (the root is []). */
function places(node: unknown, path: (string | number)[] = [], found: (string | number)[][] = []) {
  found.push(path);
  if (Array.isArray(node)) node.forEach((item, i) => places(item, [...path, i], found));
  else if (node && typeof node === 'object')
    for (const [key, item] of Object.entries(node)) places(item, [...path, key], found);
  return found;
}

/** One place replaced by a random value, deep nesting or removed. */
export function mutate(random: Random, node: unknown, pools: Pools): unknown {
  const all = places(node).filter((path) => path.length > 0);
  if (all.length === 0) return node;
  const path = pick(random, all);
  const copy = structuredClone(node) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  const roll = random();
  if (roll < 0.1 && !Array.isArray(parent)) delete parent[last];
  else if (roll < 0.14) parent[last] = deep(300);
  else parent[last] = value(random, pools, 2);
  return copy;
}

/**
 * Seeded random requests for the chat sandbox's routes: bodies, query strings and path
 * parameters made of the protocol's field names with values of every JSON type (right, wrong,
 * huge, deep, hostile), and sometimes valid ids of records that exist. The same seed gives the
 * same requests, so a failure found once is found again.
 */

import { randomSource } from '../../server/db/seed/random.js';

export type Random = () => number;

/** The seed's own deterministic sequence (the demo data's generator): the same requests every run. */
export const seeded = (seed: number): Random => randomSource(seed);

export const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** Field names of the chat protocol's requests (chat-protocol.md), where wrong types do damage. */
export const FIELDS = [
  'id',
  'text',
  'type',
  'user',
  'user_id',
  'message',
  'messages',
  'quoted_message_id',
  'parent_id',
  'show_in_channel',
  'pinned',
  'pinned_at',
  'pin_expires',
  'attachments',
  'mentioned_users',
  'poll_id',
  'shared_location',
  'data',
  'name',
  'image',
  'members',
  'invites',
  'add_members',
  'remove_members',
  'add_moderators',
  'demote_moderators',
  'filter_conditions',
  'filter_tags',
  'sort',
  'limit',
  'offset',
  'state',
  'watch',
  'presence',
  'watchers',
  'reaction',
  'score',
  'enforce_unique',
  'set',
  'unset',
  'timeout',
  'reason',
  'target_user_id',
  'channel_cid',
  'channel_cids',
  'hard_delete',
  'skip_push',
  'duration',
  'expiration',
  'remind_at',
  'options',
  'max_votes_allowed',
  'enforce_unique_vote',
  'voting_visibility',
  'vote',
  'option_id',
  'answer_text',
  'query',
  'message_filter_conditions',
  'latitude',
  'longitude',
  'end_at',
  'created_by_device_id',
  'reply_limit',
  'participant_limit',
  'next',
  'prev',
  'id_lt',
  'id_gt',
  'id_around',
  'created_at_around',
  'message_id',
  'user_ids',
  'users',
  'cids',
  'truncated_at',
  'clear_history',
  'frozen',
  'disabled',
  'cooldown',
  'team',
  'shadow',
  'ip_ban',
  'cid',
  'thread_id',
  'thread',
  'allow_answers',
  'allow_user_suggested_options',
  'is_closed',
  'description',
  'custom',
  'language',
  'role',
  'channel',
  'event',
  'created_by',
  'created_by_id',
  'reply_count',
  'member_limit',
  'watcher_limit',
  'last_read_message_id',
  'read_by_channel',
  '$and',
  '$or',
  '$in',
  '$eq',
  '$gt',
  '$lte',
  '$exists',
  '$autocomplete',
  '$contains',
] as const;

const HOSTILE_STRINGS = [
  '',
  ' ',
  'x',
  'messaging',
  'team',
  'livestream',
  'true',
  '0',
  '-1',
  '1e400',
  'null',
  '{}',
  '[]',
  '$and',
  '$in',
  'created_at',
  'last_message_at',
  'pinned_at',
  '2026-11-25T10:00:00Z',
  'not a date',
  '\u202egnp.exe',
  '\u0000',
  '\ud83d',
  'a\ud83d',
  '🙂'.repeat(3),
  'x'.repeat(10_000),
  '../../etc/passwd',
  '%00',
  '<script>alert(1)</script>',
  'messaging:room',
  'messaging:',
  ':',
  '@alice',
  '/ban @bob',
];

const NUMBERS = [0, 1, -1, 2.5, 25, 100, 101, 1e9, -1e9, 2 ** 53, 1e308, -1e308, 86400 * 365 * 1000];

export interface Pools {
  /** Ids of records that exist (users, channels, messages, polls), mixed into the values. */
  ids: readonly string[];
}

/** A random JSON value, at most `depth` levels deep. */
export function value(random: Random, pools: Pools, depth = 3): unknown {
  const roll = random();
  if (roll < 0.08) return null;
  if (roll < 0.16) return random() < 0.5;
  if (roll < 0.3) return pick(random, NUMBERS);
  if (roll < 0.45) return pick(random, HOSTILE_STRINGS);
  if (roll < 0.6) return pick(random, pools.ids);
  if (depth <= 0) return pick(random, HOSTILE_STRINGS);
  if (roll < 0.75) return Array.from({ length: Math.floor(random() * 4) }, () => value(random, pools, depth - 1));
  return object(random, pools, depth - 1);
}

/** An object of protocol field names with random values. */
export function object(random: Random, pools: Pools, depth = 3): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  const count = 1 + Math.floor(random() * 5);
  for (let i = 0; i < count; i++) result[pick(random, FIELDS)] = value(random, pools, depth);
  return result;
}

/** Nesting far deeper than any request needs: `{"$and": [{"$and": [ … ]}]}`. */
export function deep(levels: number): unknown {
  let node: unknown = { id: 'x' };
  for (let i = 0; i < levels; i++) node = i % 2 === 0 ? { $and: [node] } : [node];
  return node;
}

const PARAM_VALUES = ['nope', 'x'.repeat(300), '🙂', '%00', '$and', ' ', 'messaging:fuzz'];

/** What each path parameter names, so most requests reach a record that exists. */
export interface PathIds {
  channel: string;
  messages: readonly string[];
  polls: readonly string[];
  options: readonly string[];
  users: readonly string[];
}

function existing(random: Random, url: string, name: string, ids: PathIds): string {
  if (name === 'type') return 'messaging';
  if (name === 'userId') return pick(random, ids.users);
  if (name === 'optionId') return pick(random, ids.options);
  if (name === 'pollId' || (name === 'id' && url.startsWith('/chat/polls'))) return pick(random, ids.polls);
  if (name === 'id' && url.startsWith('/chat/channels')) return ids.channel;
  return pick(random, ids.messages);
}

/** The route's URL with each `:param` filled: usually a record that exists, sometimes junk. */
export function fillPath(random: Random, url: string, ids: PathIds): string {
  return url.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(random() < 0.8 ? existing(random, url, name, ids) : pick(random, PARAM_VALUES)),
  );
}

const QUERY_KEYS = [
  'limit',
  'offset',
  'payload',
  'user_id',
  'w',
  'h',
  'crop',
  'resize',
  'url',
  'id',
  'type',
  'next',
  'prev',
  'sort',
];

/** Query parameters besides api_key: sometimes a JSON `payload` (as the client sends for GETs). */
export function queryOf(random: Random, pools: Pools): Record<string, string> {
  const query: Record<string, string> = {};
  const count = Math.floor(random() * 3);
  for (let i = 0; i < count; i++) {
    const key = pick(random, QUERY_KEYS);
    query[key] =
      key === 'payload'
        ? random() < 0.2
          ? '{"filter_conditions":'
          : JSON.stringify(object(random, pools))
        : String(value(random, pools, 0));
  }
  return query;
}

/** A request body: usually an object, sometimes another JSON value, broken JSON or very deep nesting. */
export function bodyOf(random: Random, pools: Pools): string {
  const roll = random();
  if (roll < 0.05) return '{"text": "cut';
  if (roll < 0.08) return JSON.stringify(deep(2000));
  if (roll < 0.15) return JSON.stringify(value(random, pools));
  const body = object(random, pools);
  // Wrap a random object where the protocol nests one (message, poll, data, payload).
  if (random() < 0.4)
    return JSON.stringify({
      [pick(random, ['message', 'data', 'poll', 'filter_conditions', 'user'])]: body,
      ...object(random, pools, 1),
    });
  return JSON.stringify(body);
}

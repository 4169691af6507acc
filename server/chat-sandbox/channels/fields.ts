/**
 * A channel's own fields in create and update bodies, apart from its custom data: the reserved
 * names, `data.members` / `data.invites`, and `filter_tags` — tags the service stores on the
 * channel, returns with it and lets queryChannels filter on (`filter_tags: {$in: […]}`), set at
 * creation, replaced by `data.filter_tags` or `set.filter_tags`, changed by `add_filter_tags` /
 * `remove_filter_tags` (stream-chat's `channel.addFilterTags` / `removeFilterTags`).
 */
import { inputError } from '../errors.js';
import type { ChannelRec, Custom } from '../store/model.js';
import type { MemberSpec } from './members.js';

export const RESERVED = new Set([
  'id',
  'type',
  'cid',
  'created_at',
  'updated_at',
  'created_by',
  'created_by_id',
  'members',
  'invites',
  'member_count',
  'config',
  'own_capabilities',
  'last_message_at',
  'deleted_at',
  'truncated_at',
  'frozen',
  'disabled',
  'cooldown',
  'team',
  'config_overrides',
  'filter_tags',
]);

export function customOf(data: Custom | undefined): Custom {
  const custom: Custom = {};
  for (const [key, value] of Object.entries(data ?? {})) if (!RESERVED.has(key)) custom[key] = value;
  return custom;
}

/** `data.members` or `data.invites`: user ids, or `{user_id, channel_role}`. */
export function memberSpecs(raw: unknown, field = 'data.members'): MemberSpec[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) throw inputError(`${field} must be an array of user ids`);
  return raw.map((m) => {
    if (typeof m === 'string' && m) return { user_id: m };
    if (m && typeof m === 'object' && typeof (m as { user_id?: unknown }).user_id === 'string') return m as MemberSpec;
    throw inputError(`${field} must be an array of user ids`);
  });
}

/** A list of filter tags, without repeats. */
export function filterTagList(raw: unknown, field: string): string[] {
  if (!Array.isArray(raw) || raw.some((tag) => typeof tag !== 'string' || tag === ''))
    throw inputError(`${field} must be an array of non-empty strings`);
  return [...new Set(raw as string[])];
}

export interface FilterTagChanges {
  data?: Custom;
  add_filter_tags?: unknown;
  remove_filter_tags?: unknown;
}

export const hasFilterTagChanges = (body: FilterTagChanges): boolean =>
  body.add_filter_tags !== undefined || body.remove_filter_tags !== undefined;

/**
 * Applies a full update's `data.filter_tags` (a replacement), then `add_filter_tags` and
 * `remove_filter_tags`. Everything is checked before the channel changes. Returns whether any
 * of them was given.
 */
export function changeFilterTags(channel: ChannelRec, body: FilterTagChanges): boolean {
  const replaced = body.data?.filter_tags;
  if (replaced === undefined && !hasFilterTagChanges(body)) return false;
  const base = replaced === undefined ? (channel.filter_tags ?? []) : filterTagList(replaced, 'data.filter_tags');
  const add = body.add_filter_tags === undefined ? [] : filterTagList(body.add_filter_tags, 'add_filter_tags');
  const remove =
    body.remove_filter_tags === undefined ? [] : filterTagList(body.remove_filter_tags, 'remove_filter_tags');
  const tags = new Set([...base, ...add]);
  for (const tag of remove) tags.delete(tag);
  channel.filter_tags = [...tags];
  return true;
}

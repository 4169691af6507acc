/**
 * Channels (chat-protocol.md §4.2): get-or-create, update, partial update, delete, truncate. Each
 * checks the actor's rights, saves the channel and tells its watchers (`channel.*` events).
 */
import { createHash } from 'node:crypto';
import type { Actor } from '../auth-context.js';
import { validateChannelId, validateChannelType } from '../channel-types.js';
import { addFirstMembers, requireUsersForCreate } from '../channels/members.js';
import {
  changeFilterTags,
  customOf,
  filterTagList,
  hasFilterTagChanges,
  memberSpecs,
  RESERVED,
  type FilterTagChanges,
} from '../channels/fields.js';
import { nextTimestamp } from '../clock.js';
import { inputError, notAllowed } from '../errors.js';
import { requirePartialUpdate, requirePermission } from '../permissions.js';
import type { Sandbox } from '../sandbox.js';
import type { ChannelRec, Custom } from '../store/model.js';
import { channelEventBase, requireCapability, requireRead } from './common.js';
import { applyMemberChanges, checkMemberChanges, type MemberChanges } from './member-changes.js';
import { createSystemMessage } from './message-pipeline.js';
import { watchChannel } from './watching.js';
import { requireChannelInReach, requireMembersOfTeam } from '../tenancy.js';

/** A get-or-create call: the channel's `data` if it is created (with its first members), and whether to watch it. */
export interface ChannelQuery {
  data?: Custom & {
    members?: (string | { user_id: string; channel_role?: string })[];
    created_by_id?: string;
    created_by?: { id?: string };
  };
  watch?: boolean;
  presence?: boolean;
}

/** The user a call acts as: on a server call the named `user_id` (or none), else the token's user. */
function actingId(actor: Actor, named: string | undefined): string | undefined {
  return actor.server ? (named ?? actor.userId ?? undefined) : actor.userId!;
}

/** The system message a call's `message` asks for, sent as `actorId` (none without both). */
function systemMessage(sandbox: Sandbox, channel: ChannelRec, actorId: string | undefined, message?: Custom) {
  if (!message || !actorId) return undefined;
  return createSystemMessage(sandbox, channel, actorId, typeof message.text === 'string' ? message.text : '');
}

/** Stamps `updated_at`, saves `channel` and sends `channel.updated` (each watcher's own view) to its watchers. */
function saveUpdated(sandbox: Sandbox, channel: ChannelRec, actorId: string | undefined): void {
  const { store, gateway, serialize } = sandbox;
  channel.updated_at = nextTimestamp();
  store.saveChannel(channel);
  gateway.toWatchers(channel.cid, (uid) => ({
    type: 'channel.updated',
    ...channelEventBase(channel),
    channel: serialize.channel(channel, { userId: uid, server: false }),
    user: actorId ? serialize.user(actorId) : undefined,
  }));
}

/**
 * Answers `type:id` (no id: the distinct channel of `data.members`), creating it with its first
 * members when missing or soft-deleted; the actor must be able to read it. `watch`: watchChannel.
 * In multi-tenant mode a user creates a channel only for one of their teams (`data.team`; none
 * for a user without teams) with members of that team (tenancy.ts).
 */
export function getOrCreateChannel(
  sandbox: Sandbox,
  actor: Actor,
  type: string,
  id: string | undefined,
  query: ChannelQuery,
) {
  const { store } = sandbox;
  const { data } = query;
  validateChannelType(type);
  const creatorId = actor.server
    ? (data?.created_by_id ?? data?.created_by?.id ?? actor.userId ?? undefined)
    : actor.userId!;
  const specs = memberSpecs(data?.members);
  if (id === undefined) {
    if (specs.length === 0)
      throw inputError('When creating a channel without an id, data.members must name at least one member');
    const ids = [...new Set(specs.map((s) => s.user_id))].sort();
    id = `!members-${createHash('sha256').update(ids.join(',')).digest('base64url').slice(0, 32)}`;
  }
  validateChannelId(id);
  const cid = `${type}:${id}`;
  let channel = store.channels.get(cid);
  if (channel?.deleted_at) {
    store.deleteChannel(cid);
    channel = undefined;
  }
  if (!channel) {
    const invites = memberSpecs(data?.invites, 'data.invites');
    requireUsersForCreate(sandbox, [...specs, ...invites]);
    const team = typeof data?.team === 'string' && data.team !== '' ? data.team : undefined;
    requireChannelInReach(sandbox, actor, { team, type, cid }, 'GetOrCreateChannel');
    const joining = [...specs, ...invites].map((spec) => spec.user_id);
    requireMembersOfTeam(sandbox, actor, { team }, joining, 'GetOrCreateChannel');
    const now = nextTimestamp();
    channel = {
      type,
      id,
      cid,
      custom: customOf(data),
      created_by_id: creatorId,
      created_at: now,
      updated_at: now,
      frozen: Boolean(data?.frozen),
      disabled: false,
      team,
      config_overrides: (data?.config_overrides as Custom | undefined) ?? {},
    };
    changeFilterTags(channel, { data });
    store.saveChannel(channel);
    addFirstMembers(sandbox, channel, actor, creatorId, specs, invites);
  }
  requireRead(sandbox, channel, actor, 'GetOrCreateChannel');
  if (query.watch) watchChannel(sandbox, actor, channel, Boolean(query.presence));
  return channel;
}

/** A full channel update: new data, filter tags, cooldown, member changes and a system message. */
export type ChannelUpdate = MemberChanges &
  FilterTagChanges & { data?: Custom; message?: Custom; cooldown?: number; user_id?: string };

/**
 * Updates `channel` (data, message and filter tags need UpdateChannel; cooldown 0–120 s) and its
 * members (member-changes.ts); if changed, saves it and sends `channel.updated`, then the system
 * message. Answers the members that changed and the message.
 */
export function updateChannel(sandbox: Sandbox, channel: ChannelRec, actor: Actor, update: ChannelUpdate) {
  const actorId = actingId(actor, update.user_id);
  if (update.data || update.message || hasFilterTagChanges(update))
    requirePermission(sandbox, actor, 'UpdateChannel', channel);
  checkMemberChanges(sandbox, channel, update, actor);
  const team = update.data && 'team' in update.data ? teamOf(update.data.team) : channel.team;
  if (team !== channel.team) requireServerSide(actor, 'UpdateChannel');
  let changed = changeFilterTags(channel, update);
  if (update.data) {
    channel.team = team;
    channel.custom = customOf(update.data);
    if (typeof update.data.frozen === 'boolean') channel.frozen = update.data.frozen;
    changed = true;
  }
  if (update.cooldown !== undefined) {
    requireCapability(sandbox, channel, actor, 'set-channel-cooldown', 'UpdateChannelCooldown');
    if (!Number.isInteger(update.cooldown) || update.cooldown < 0 || update.cooldown > 120) {
      throw inputError('cooldown must be a whole number of seconds from 0 to 120');
    }
    channel.cooldown = update.cooldown || undefined;
    changed = true;
  }
  const members = applyMemberChanges(sandbox, channel, actor, update);
  if (changed) saveUpdated(sandbox, channel, actorId);
  return { members, message: systemMessage(sandbox, channel, actorId, update.message) };
}

const teamOf = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** A channel's team is changed only server-side, as the hosted service documents (tenancy.ts). */
function requireServerSide(actor: Actor, endpoint: string): void {
  if (!actor.server)
    throw notAllowed(`${endpoint} failed with error: "a channel's team can only be changed using server-side auth"`);
}

/** A partial channel update: fields to set and to unset. */
export type ChannelPatch = { set?: Custom; unset?: string[]; user_id?: string };

/** Sets and unsets fields of `channel` (requirePartialUpdate, freeze-channel), saves it, sends `channel.updated`. */
export function partialUpdateChannel(sandbox: Sandbox, channel: ChannelRec, actor: Actor, patch: ChannelPatch) {
  const { set = {}, unset = [] } = patch;
  const needsModerator = requirePartialUpdate(sandbox, actor, channel, set, unset);
  if ('team' in set || unset.includes('team')) requireServerSide(actor, 'UpdateChannelPartial');
  if (needsModerator) requireCapability(sandbox, channel, actor, 'freeze-channel', 'UpdateChannel');
  for (const [key, value] of Object.entries(set)) {
    if (key === 'frozen') channel.frozen = Boolean(value);
    else if (key === 'disabled') channel.disabled = Boolean(value);
    else if (key === 'cooldown') channel.cooldown = Number(value) || undefined;
    else if (key === 'team') channel.team = teamOf(value);
    else if (key === 'filter_tags') channel.filter_tags = filterTagList(value, 'set.filter_tags');
    else if (key === 'config_overrides')
      channel.config_overrides = { ...channel.config_overrides, ...(value as Custom) };
    else if (RESERVED.has(key)) throw inputError(`field ${key} cannot be set`);
    else channel.custom[key] = value;
  }
  for (const key of unset)
    if (key === 'filter_tags') channel.filter_tags = [];
    else if (key === 'team') channel.team = undefined;
    else delete channel.custom[key];
  saveUpdated(sandbox, channel, actingId(actor, patch.user_id));
}

/**
 * Marks `channel` deleted: `channel.deleted` to its watchers, `notification.channel_deleted` to the
 * other members, all stop watching; drops (`hard`) or saves the record. Answers the deleted channel.
 */
function removeChannel(sandbox: Sandbox, channel: ChannelRec, hard: boolean, actorId: string | null) {
  const { store, gateway, serialize } = sandbox;
  const watcherIds = new Set(gateway.watcherUserIds(channel.cid));
  const memberIds = store.membersOf(channel.cid).map((m) => m.user_id);
  channel.deleted_at = nextTimestamp();
  const snapshot = serialize.channel(channel, { userId: null, server: true });
  gateway.toWatchers(channel.cid, () => ({
    type: 'channel.deleted',
    ...channelEventBase(channel),
    channel: snapshot,
    user: actorId ? serialize.user(actorId) : undefined,
  }));
  for (const id of memberIds) {
    if (!watcherIds.has(id))
      gateway.toUser(id, { type: 'notification.channel_deleted', ...channelEventBase(channel), channel: snapshot });
  }
  for (const connection of gateway.watchersOf(channel.cid)) gateway.unwatch(connection, channel.cid);
  if (hard) store.deleteChannel(channel.cid);
  else store.saveChannel(channel);
  return snapshot;
}

/** Deletes `channel` (soft, or `hard`) as `actor`, who needs DeleteChannel; answers the deleted channel. */
export function deleteChannel(sandbox: Sandbox, channel: ChannelRec, actor: Actor, hard: boolean) {
  requirePermission(sandbox, actor, 'DeleteChannel', channel);
  return removeChannel(sandbox, channel, hard, actor.userId);
}

/** Deletes the channels `cids` (a server-side call); answers each cid's status (missing ones: an error). */
export function deleteChannels(sandbox: Sandbox, actor: Actor, cids: string[] | undefined, hard: boolean) {
  if (!actor.server) throw notAllowed('Deleting channels in batch is a server-side operation');
  if (!Array.isArray(cids) || cids.length === 0) throw inputError('cids must name at least one channel');
  const result: Record<string, { status: string; error?: string }> = {};
  for (const cid of cids) {
    const channel = sandbox.store.channels.get(cid);
    if (!channel || channel.deleted_at) result[cid] = { status: 'error', error: 'channel does not exist' };
    else {
      removeChannel(sandbox, channel, hard, null);
      result[cid] = { status: 'ok' };
    }
  }
  return result;
}

/** A truncate call: up to when (default now), whether to delete the messages, a system message. */
export type TruncateOptions = { hard_delete?: boolean; truncated_at?: string; message?: Custom; user_id?: string };

/**
 * Truncates `channel` (TruncateChannel), deleting earlier messages with `hard_delete`; saves it, sends
 * the system message, then `channel.truncated` to the watchers. Answers the message.
 */
export function truncateChannel(sandbox: Sandbox, channel: ChannelRec, actor: Actor, options: TruncateOptions) {
  const { store, gateway, serialize } = sandbox;
  requirePermission(sandbox, actor, 'TruncateChannel', channel);
  const at = options.truncated_at ? new Date(options.truncated_at) : new Date();
  if (Number.isNaN(at.getTime())) throw inputError('truncated_at must be a date');
  const truncatedAt = options.truncated_at ? at.toISOString() : nextTimestamp();
  const actorId = actingId(actor, options.user_id);
  for (const message of [...store.messagesOf(channel.cid)]) {
    if (message.created_at > truncatedAt) continue;
    if (options.hard_delete) store.deleteMessageRecord(message.id);
  }
  channel.truncated_at = truncatedAt;
  channel.truncated_by_id = actorId;
  channel.updated_at = nextTimestamp();
  store.saveChannel(channel);
  const message = systemMessage(sandbox, channel, actorId, options.message);
  gateway.toWatchers(channel.cid, (uid) => ({
    type: 'channel.truncated',
    ...channelEventBase(channel),
    channel: serialize.channel(channel, { userId: uid, server: false }),
    user: actorId ? serialize.user(actorId) : undefined,
    ...(message ? { message } : {}),
  }));
  return message;
}

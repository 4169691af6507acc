/**
 * Moderation state changes (chat-protocol.md §4.6), shared by the routes (routes/moderation.ts)
 * and the slash commands (commands.ts): user and channel mutes with `notification.*_updated`
 * to the user's connections, channel and app-wide (shadow) bans with `user.banned` /
 * `user.unbanned`. Expired mutes and bans are inactive: they are dropped whenever the list is
 * touched and never count.
 */
import { capabilities, isModerator } from './channel-types.js';
import { microsToIso, nextTimestamp } from './clock.js';
import { inputError, notAllowed, notFound, type ChatError } from './errors.js';
import type { ChatEvent } from './gateway.js';
import { channelEventBase, loadChannel } from './services/common.js';
import type { Sandbox } from './sandbox.js';
import type { BanRec, ChannelRec, UserRec } from './store/model.js';

/** Who performs a moderation action: a user, or the server (secret) with `userId` optional. */
export interface ModerationActor {
  userId: string | null;
  server: boolean;
}

/** An RFC 3339 timestamp `ms` from now, in the sandbox's microsecond format. */
function fromNow(ms: number): string {
  return microsToIso(Math.round((Date.now() + ms) * 1000));
}

export function isExpired(expires: string | undefined, now = Date.now()): boolean {
  return expires !== undefined && expires !== '' && Date.parse(expires) <= now;
}

// ---------------------------------------------------------------------------------------------
// Lookups and rights

/** The acting user's record: token users exist once connected; a server call must name a known user. */
export function actingUser(sandbox: Sandbox, actor: ModerationActor, op: string): UserRec {
  if (!actor.userId) throw inputError('either user or user_id must be provided when using server side auth');
  const user = sandbox.store.users.get(actor.userId);
  if (user) return user;
  if (actor.server) throw notFound(`${op} failed with error: "user ${actor.userId} does not exist"`);
  return sandbox.store.ensureUser(actor.userId);
}

export function targetUser(sandbox: Sandbox, id: string, op: string): UserRec {
  const user = sandbox.store.users.get(id);
  if (!user || user.deleted_at) throw notFound(`${op} failed with error: "target user ${id} does not exist"`);
  return user;
}

/** The channel of a cid (`type:id`): 4 when malformed, 16 when unknown or deleted. */
function channelByCid(sandbox: Sandbox, cid: string, op: string): ChannelRec {
  const colon = cid.indexOf(':');
  if (colon <= 0 || colon === cid.length - 1) throw inputError(`${op} failed with error: "${cid} is not a valid cid"`);
  return loadChannel(sandbox, cid.slice(0, colon), cid.slice(colon + 1));
}

function roleOf(sandbox: Sandbox, userId: string | null): string {
  return (userId && sandbox.store.users.get(userId)?.role) || 'user';
}

export function denied(sandbox: Sandbox, userId: string | null, resource: string, channel?: ChannelRec): ChatError {
  const where = channel ? ` on channel type ${channel.type}` : '';
  return notAllowed(
    `User '${userId ?? ''}' with role '${roleOf(sandbox, userId)}' is not allowed to access Resource ${resource}${where}`,
  );
}

/** Whether the actor may ban in `channel` (or app-wide when no channel). */
export function mayBan(sandbox: Sandbox, actor: ModerationActor, channel?: ChannelRec): boolean {
  if (actor.server) return true;
  const user = actor.userId ? sandbox.store.users.get(actor.userId) : undefined;
  if (!channel) return user?.role === 'admin';
  return isModerator(user, sandbox.store.member(channel.cid, actor.userId));
}

/**
 * The user's unexpired bans that apply in channel `cid` (its channel ban and the app-wide one):
 * a non-shadow ban stops posting; a shadow ban makes the user's messages `shadowed`.
 */
export function activeBans(sandbox: Sandbox, userId: string, cid?: string): BanRec[] {
  const now = Date.now();
  return sandbox.store.bans.filter(
    (ban) => ban.user_id === userId && (ban.cid === '' || ban.cid === cid) && !isExpired(ban.expires, now),
  );
}

// ---------------------------------------------------------------------------------------------
// User mutes

function pruneMutes(user: UserRec): void {
  const now = Date.now();
  user.mutes = user.mutes.filter((m) => !isExpired(m.expires, now));
  user.channel_mutes = user.channel_mutes.filter((m) => !isExpired(m.expires, now));
}

function muteView(sandbox: Sandbox, user: UserRec, mute: UserRec['mutes'][number]): Record<string, unknown> {
  return {
    user: sandbox.serialize.user(user),
    target: sandbox.serialize.user(mute.target_id),
    created_at: mute.created_at,
    updated_at: mute.updated_at,
    expires: mute.expires,
  };
}

function channelMuteView(
  sandbox: Sandbox,
  user: UserRec,
  mute: UserRec['channel_mutes'][number],
): Record<string, unknown> {
  const channel = sandbox.store.channels.get(mute.cid);
  return {
    user: sandbox.serialize.user(user),
    channel: channel ? sandbox.serialize.channel(channel, { userId: user.id, server: false }) : { cid: mute.cid },
    created_at: mute.created_at,
    updated_at: mute.updated_at,
    expires: mute.expires,
  };
}

function announceMutes(sandbox: Sandbox, user: UserRec): void {
  sandbox.gateway.toUser(user.id, { type: 'notification.mutes_updated', me: sandbox.serialize.ownUser(user) });
}

function announceChannelMutes(sandbox: Sandbox, user: UserRec): void {
  sandbox.gateway.toUser(user.id, { type: 'notification.channel_mutes_updated', me: sandbox.serialize.ownUser(user) });
}

/** Mutes `targetIds` for `userId` (for `timeoutMinutes`, else until unmuted); returns the mutes made. */
export function muteUsers(
  sandbox: Sandbox,
  actor: ModerationActor,
  targetIds: string[],
  timeoutMinutes?: number,
): { user: UserRec; mutes: Record<string, unknown>[] } {
  const op = 'MuteUsers';
  const user = actingUser(sandbox, actor, op);
  if (targetIds.length === 0) throw inputError(`${op} failed with error: "target_ids is a required field"`);
  if (targetIds.includes(user.id)) throw inputError(`${op} failed with error: "a user cannot mute themselves"`);
  for (const id of targetIds) targetUser(sandbox, id, op);
  pruneMutes(user);
  const now = nextTimestamp();
  const expires = timeoutMinutes ? fromNow(timeoutMinutes * 60_000) : undefined;
  const made: UserRec['mutes'] = [];
  for (const targetId of targetIds) {
    let mute = user.mutes.find((m) => m.target_id === targetId);
    if (mute) {
      mute.updated_at = now;
      mute.expires = expires;
    } else {
      mute = { target_id: targetId, created_at: now, updated_at: now, expires };
      user.mutes.push(mute);
    }
    made.push(mute);
  }
  sandbox.store.saveUser(user);
  announceMutes(sandbox, user);
  return { user, mutes: made.map((m) => muteView(sandbox, user, m)) };
}

/** Removes the user's mutes of `targetIds`; returns whether any mute was removed. */
export function unmuteUsers(sandbox: Sandbox, actor: ModerationActor, targetIds: string[]): boolean {
  const op = 'UnmuteUsers';
  const user = actingUser(sandbox, actor, op);
  if (targetIds.length === 0) throw inputError(`${op} failed with error: "target_ids is a required field"`);
  // A deleted user can still be unmuted.
  for (const id of targetIds) {
    if (!sandbox.store.users.has(id)) throw notFound(`${op} failed with error: "target user ${id} does not exist"`);
  }
  const before = user.mutes.length;
  pruneMutes(user);
  const active = user.mutes.length;
  user.mutes = user.mutes.filter((m) => !targetIds.includes(m.target_id));
  sandbox.store.saveUser(user);
  announceMutes(sandbox, user);
  return user.mutes.length < active || active < before;
}

// ---------------------------------------------------------------------------------------------
// Channel mutes

export function muteChannels(
  sandbox: Sandbox,
  actor: ModerationActor,
  cids: string[],
  expirationMs?: number,
): { user: UserRec; mutes: Record<string, unknown>[] } {
  const op = 'MuteChannels';
  const user = actingUser(sandbox, actor, op);
  const channels = cids.map((cid) => channelByCid(sandbox, cid, op));
  for (const channel of channels) {
    const member = sandbox.store.member(channel.cid, user.id);
    if (!actor.server && !capabilities(channel, user, member, false).includes('mute-channel')) {
      throw denied(sandbox, user.id, 'MuteChannel', channel);
    }
  }
  pruneMutes(user);
  const now = nextTimestamp();
  const expires = expirationMs ? fromNow(expirationMs) : undefined;
  const made: UserRec['channel_mutes'] = [];
  for (const channel of channels) {
    let mute = user.channel_mutes.find((m) => m.cid === channel.cid);
    if (mute) {
      mute.updated_at = now;
      mute.expires = expires;
    } else {
      mute = { cid: channel.cid, created_at: now, updated_at: now, expires };
      user.channel_mutes.push(mute);
    }
    made.push(mute);
  }
  sandbox.store.saveUser(user);
  announceChannelMutes(sandbox, user);
  return { user, mutes: made.map((m) => channelMuteView(sandbox, user, m)) };
}

export function unmuteChannels(sandbox: Sandbox, actor: ModerationActor, cids: string[]): void {
  const op = 'UnmuteChannels';
  const user = actingUser(sandbox, actor, op);
  for (const cid of cids) channelByCid(sandbox, cid, op);
  pruneMutes(user);
  user.channel_mutes = user.channel_mutes.filter((m) => !cids.includes(m.cid));
  sandbox.store.saveUser(user);
  announceChannelMutes(sandbox, user);
}

// ---------------------------------------------------------------------------------------------
// Bans

export interface BanInput {
  actor: ModerationActor;
  targetId: string;
  /** Channel ban when set, app-wide ban otherwise. */
  cid?: string;
  timeoutMinutes?: number;
  reason?: string;
  shadow?: boolean;
}

function dropExpiredBans(sandbox: Sandbox): BanRec[] {
  const now = Date.now();
  return sandbox.store.bans.filter((ban) => !isExpired(ban.expires, now));
}

/** Applies a ban: the ban record, the member's (or user's) flags, and `user.banned`. */
export function banUser(sandbox: Sandbox, input: BanInput): BanRec {
  const op = 'BanUser';
  const { store } = sandbox;
  const channel = input.cid ? channelByCid(sandbox, input.cid, op) : undefined;
  const target = targetUser(sandbox, input.targetId, op);
  if (input.actor.userId && !input.actor.server) actingUser(sandbox, input.actor, op);
  if (input.actor.userId === target.id) throw inputError(`${op} failed with error: "a user cannot ban themselves"`);
  if (!mayBan(sandbox, input.actor, channel)) {
    throw denied(sandbox, input.actor.userId, channel ? 'BanChannelMember' : 'BanUser', channel);
  }
  const now = nextTimestamp();
  const shadow = input.shadow ?? false;
  const expires = input.timeoutMinutes ? fromNow(input.timeoutMinutes * 60_000) : undefined;
  const cid = channel?.cid ?? '';
  const ban: BanRec = {
    cid,
    user_id: target.id,
    banned_by_id: input.actor.userId ?? undefined,
    reason: input.reason,
    expires,
    shadow,
    created_at: now,
  };
  store.saveBans([...dropExpiredBans(sandbox).filter((b) => !(b.cid === cid && b.user_id === target.id)), ban]);

  if (channel) {
    const member = store.member(channel.cid, target.id);
    if (member) {
      member.banned = !shadow;
      member.shadow_banned = shadow;
      member.ban_expires = expires;
      member.updated_at = now;
      store.saveMember(member);
    }
  } else {
    target.banned = !shadow;
    target.ban_expires = expires;
    store.saveUser(target);
  }

  const event = {
    type: 'user.banned',
    user: sandbox.serialize.user(target),
    shadow,
    expiration: expires,
    reason: input.reason,
    created_by: input.actor.userId ? sandbox.serialize.user(input.actor.userId) : undefined,
    created_at: now,
  };
  announceBanChange(sandbox, event, channel, target.id, shadow);
  return ban;
}

/** Channel bans go to the channel's watchers, app-wide ones to the user; a shadow-banned user is not told. */
function announceBanChange(
  sandbox: Sandbox,
  event: ChatEvent,
  channel: ChannelRec | undefined,
  targetId: string,
  shadow: boolean,
): void {
  if (channel) {
    sandbox.gateway.toWatchers(
      channel.cid,
      () => ({ ...event, ...channelEventBase(channel) }),
      (connection) => shadow && connection.userId === targetId,
    );
  } else if (!shadow) {
    sandbox.gateway.toUser(targetId, event);
  }
}

/** Lifts a ban (channel or app-wide); returns whether there was one. */
export function unbanUser(
  sandbox: Sandbox,
  input: { actor: ModerationActor; targetId: string; cid?: string },
): boolean {
  const op = 'UnbanUser';
  const { store } = sandbox;
  const channel = input.cid ? channelByCid(sandbox, input.cid, op) : undefined;
  const target = targetUser(sandbox, input.targetId, op);
  if (!mayBan(sandbox, input.actor, channel)) {
    throw denied(sandbox, input.actor.userId, channel ? 'BanChannelMember' : 'BanUser', channel);
  }
  const cid = channel?.cid ?? '';
  const existing = store.bans.find((b) => b.cid === cid && b.user_id === target.id);
  if (existing) store.saveBans(store.bans.filter((b) => b !== existing));
  const now = nextTimestamp();
  let changed = existing !== undefined;
  if (channel) {
    const member = store.member(channel.cid, target.id);
    if (member && (member.banned || member.shadow_banned)) {
      member.banned = false;
      member.shadow_banned = false;
      member.ban_expires = undefined;
      member.updated_at = now;
      store.saveMember(member);
      changed = true;
    }
  } else if (target.banned || target.ban_expires) {
    target.banned = false;
    target.ban_expires = undefined;
    store.saveUser(target);
    changed = true;
  }
  if (!changed) return false;

  const shadow = existing?.shadow ?? false;
  const event = {
    type: 'user.unbanned',
    user: sandbox.serialize.user(target),
    shadow,
    created_by: input.actor.userId ? sandbox.serialize.user(input.actor.userId) : undefined,
    created_at: now,
  };
  announceBanChange(sandbox, event, channel, target.id, shadow);
  return true;
}

/**
 * Membership changes of the channel update call: add/remove members, moderators, roles and
 * invites, with `member.*` events to watchers and `notification.*` to the affected users.
 */
import type { Actor } from '../auth-context.js';
import { nextTimestamp } from '../clock.js';
import { inputError } from '../errors.js';
import { requirePermission } from '../permissions.js';
import type { Sandbox } from '../sandbox.js';
import type { ChannelRec, MemberRec } from '../store/model.js';
import { requireUsersForUpdate } from '../channels/members.js';
import { channelEventBase, newMember, requireCapability } from './common.js';
import { requireMembersOfTeam } from '../tenancy.js';

type MemberSpec = string | { user_id: string; channel_role?: string };

export interface MemberChanges {
  add_members?: MemberSpec[];
  remove_members?: string[];
  add_moderators?: string[];
  demote_moderators?: string[];
  assign_roles?: { user_id: string; channel_role: string }[];
  invites?: MemberSpec[];
  accept_invite?: boolean;
  reject_invite?: boolean;
}

function ids(list: MemberSpec[] | undefined, field: string): string[] {
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw inputError(`${field} must be an array`);
  return list.map((spec) => {
    const id = typeof spec === 'string' ? spec : spec?.user_id;
    if (typeof id !== 'string' || !id) throw inputError(`${field} must list user ids`);
    return id;
  });
}

const ROLES = new Set(['channel_member', 'channel_moderator', 'channel_admin']);

/**
 * Refuses, before anything changes, members that do not exist as users (add_members, invites,
 * add_moderators: code 4), in multi-tenant mode a user's new members out of the channel's team
 * (code 17), and role changes of users who are not members. A moderator who is not yet a member
 * is added as one (with the moderator role).
 */
export function checkMemberChanges(sandbox: Sandbox, channel: ChannelRec, changes: MemberChanges, actor: Actor): void {
  const { store } = sandbox;
  const joining = {
    add_members: ids(changes.add_members, 'add_members'),
    invites: ids(changes.invites, 'invites'),
    add_moderators: ids(changes.add_moderators, 'add_moderators'),
  };
  requireUsersForUpdate(sandbox, joining);
  requireMembersOfTeam(sandbox, actor, channel, Object.values(joining).flat(), 'UpdateChannel');
  const roles = Array.isArray(changes.assign_roles) ? changes.assign_roles : [];
  for (const id of [...ids(changes.demote_moderators, 'demote_moderators'), ...roles.map((r) => r.user_id)]) {
    if (!store.member(channel.cid, id)) throw inputError(`User ${id} is not a member of ${channel.cid}`);
  }
}

/** Applies the changes and returns the members that changed. */
export function applyMemberChanges(
  sandbox: Sandbox,
  channel: ChannelRec,
  actor: Actor,
  changes: MemberChanges,
): MemberRec[] {
  const { store, gateway, serialize } = sandbox;
  const changed: MemberRec[] = [];
  const actorId = actor.userId;
  const base = channelEventBase(channel);
  const fullChannel = (userId: string) => ({
    ...serialize.channel(channel, { userId, server: false }),
    members: store.membersOf(channel.cid).map((m) => serialize.member(m)),
  });
  const announce = (type: string, member: MemberRec) =>
    gateway.toWatchers(channel.cid, () => ({
      type,
      ...base,
      member: serialize.member(member),
      user: serialize.user(member.user_id),
    }));

  const toAdd = ids(changes.add_members, 'add_members');
  const toInvite = ids(changes.invites, 'invites');
  const toRemove = ids(changes.remove_members, 'remove_members');
  const toPromote = ids(changes.add_moderators, 'add_moderators');
  const toDemote = ids(changes.demote_moderators, 'demote_moderators');
  const roles = changes.assign_roles ?? [];
  if (!Array.isArray(roles) || roles.some((r) => typeof r?.user_id !== 'string' || !ROLES.has(r.channel_role))) {
    throw inputError(
      'assign_roles must list {user_id, channel_role} with channel_member, channel_moderator or channel_admin',
    );
  }
  if (toAdd.length || toRemove.length || toInvite.length) {
    const onlySelfLeaving = toAdd.length === 0 && toInvite.length === 0 && toRemove.every((id) => id === actorId);
    // Leaving is RemoveOwnChannelMembership, which members have.
    if (!onlySelfLeaving)
      requirePermission(sandbox, actor, 'UpdateChannelMembers', channel, { endpoint: 'UpdateChannel' });
  }
  if (toPromote.length || toDemote.length || roles.length) {
    requirePermission(sandbox, actor, 'UpdateChannelMembers', channel, { endpoint: 'UpdateChannel' });
    if (!actor.server && !sandbox.serialize.isModerator(channel.cid, actorId)) {
      requireCapability(sandbox, channel, actor, 'ban-channel-members', 'PromoteChannelMembers');
    }
  }
  checkMemberChanges(sandbox, channel, changes, actor);

  const add = (id: string, invited: boolean, role: MemberRec['channel_role'] = 'channel_member') => {
    if (store.member(channel.cid, id)) return;
    const member = newMember(channel.cid, id, role);
    if (invited) member.invited = true;
    store.saveMember(member);
    changed.push(member);
    announce('member.added', member);
    gateway.toUser(id, {
      type: invited ? 'notification.invited' : 'notification.added_to_channel',
      ...base,
      channel: fullChannel(id),
      member: serialize.member(member),
      user: serialize.user(id),
    });
  };
  for (const id of toAdd) add(id, false);
  for (const id of toInvite) add(id, true);
  const newModerators = new Set(toPromote.filter((id) => !store.member(channel.cid, id)));
  for (const id of newModerators) add(id, false, 'channel_moderator');
  for (const id of toRemove) {
    const member = store.member(channel.cid, id);
    if (!member) continue;
    store.deleteMember(channel.cid, id);
    changed.push(member);
    announce('member.removed', member);
    for (const connection of gateway.connectionsOf(id)) gateway.unwatch(connection, channel.cid);
    gateway.toUser(id, {
      type: 'notification.removed_from_channel',
      ...base,
      channel: serialize.channel(channel, { userId: id, server: false }),
      member: serialize.member(member),
      user: serialize.user(id),
    });
  }
  const setRole = (id: string, role: MemberRec['channel_role']) => {
    const member = store.member(channel.cid, id)!;
    member.channel_role = role;
    member.updated_at = nextTimestamp();
    store.saveMember(member);
    changed.push(member);
    announce('member.updated', member);
  };
  for (const id of toPromote) if (!newModerators.has(id)) setRole(id, 'channel_moderator');
  for (const id of toDemote) setRole(id, 'channel_member');
  for (const { user_id, channel_role } of roles) setRole(user_id, channel_role as MemberRec['channel_role']);

  if (changes.accept_invite || changes.reject_invite) {
    const member = store.member(channel.cid, actorId);
    if (!member?.invited) throw inputError(`User ${actorId ?? ''} has no pending invite to ${channel.cid}`);
    const now = nextTimestamp();
    if (changes.accept_invite) member.invite_accepted_at = now;
    else member.invite_rejected_at = now;
    member.updated_at = now;
    store.saveMember(member);
    changed.push(member);
    announce('member.updated', member);
    gateway.toUser(member.user_id, {
      type: changes.accept_invite ? 'notification.invite_accepted' : 'notification.invite_rejected',
      ...base,
      channel: fullChannel(member.user_id),
      member: serialize.member(member),
      user: serialize.user(member.user_id),
    });
  }
  return changed;
}

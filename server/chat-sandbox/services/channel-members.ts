/**
 * A member's own settings of a channel: the member partial update (archive, pin, channel role,
 * custom fields) and hiding or showing the channel. Each saves the member and tells the user.
 */
import type { Actor } from '../auth-context.js';
import { nextTimestamp } from '../clock.js';
import { inputError, notAllowed, notFound } from '../errors.js';
import type { Sandbox } from '../sandbox.js';
import type { ChannelRec, Custom, MemberRec } from '../store/model.js';
import { channelEventBase } from './common.js';

/** Fields of a member to set and to unset. */
export interface MemberPatch {
  set?: Custom;
  unset?: string[];
}

/** The member `userId` of `channel`, or 404. */
function requireMember(sandbox: Sandbox, channel: ChannelRec, userId: string): MemberRec {
  const member = sandbox.store.member(channel.cid, userId);
  if (!member) throw notFound(`User ${userId} is not a member of ${channel.cid}`);
  return member;
}

/**
 * Updates the membership of `userId` (a user only their own; `channel_role` only the server) in
 * `channel`, saves it and sends `member.updated` to the user. Answers the member as in the event.
 */
export function updateMember(
  sandbox: Sandbox,
  channel: ChannelRec,
  actor: Actor,
  userId: string | undefined,
  patch: MemberPatch | undefined,
): Record<string, unknown> {
  const { store, gateway, serialize } = sandbox;
  if (!userId) throw inputError('user_id is required');
  if (!actor.server && actor.userId !== userId) throw notAllowed('Members can only update their own membership');
  const member = requireMember(sandbox, channel, userId);
  const { set = {}, unset = [] } = patch ?? {};
  if (typeof set !== 'object' || set === null || !Array.isArray(unset))
    throw inputError('set must be an object and unset an array');
  const now = nextTimestamp();
  for (const [key, value] of Object.entries(set)) {
    if (key === 'archived') member.archived_at = value ? now : undefined;
    else if (key === 'pinned') member.pinned_at = value ? now : undefined;
    else if (key === 'channel_role') {
      if (!actor.server) throw notAllowed('Only the server can change a channel role this way');
      if (!['channel_member', 'channel_moderator', 'channel_admin'].includes(String(value)))
        throw inputError('unknown channel_role');
      member.channel_role = value as typeof member.channel_role;
    } else if (['user_id', 'user', 'cid', 'created_at', 'updated_at', 'banned', 'shadow_banned'].includes(key)) {
      throw inputError(`field ${key} cannot be set`);
    } else member.custom[key] = value;
  }
  for (const key of unset) {
    if (key === 'archived') member.archived_at = undefined;
    else if (key === 'pinned') member.pinned_at = undefined;
    else delete member.custom[key];
  }
  member.updated_at = now;
  store.saveMember(member);
  const payload = serialize.member(member);
  gateway.toUser(userId, {
    type: 'member.updated',
    ...channelEventBase(channel),
    member: payload,
    user: serialize.user(userId),
  });
  return payload;
}

/**
 * Hides (`hidden`) or shows `channel` for its member `userId` (hidden channels leave their channel
 * list; `clear` also hides earlier messages); `channel.hidden` / `channel.visible` to the user.
 */
export function setChannelHidden(
  sandbox: Sandbox,
  channel: ChannelRec,
  userId: string,
  hidden: boolean,
  clear?: boolean,
): void {
  const member = requireMember(sandbox, channel, userId);
  const clearHistory = hidden && Boolean(clear);
  member.hidden = hidden;
  if (clearHistory) member.hide_messages_before = nextTimestamp();
  member.updated_at = nextTimestamp();
  sandbox.store.saveMember(member);
  sandbox.gateway.toUser(userId, {
    type: hidden ? 'channel.hidden' : 'channel.visible',
    ...channelEventBase(channel),
    channel: sandbox.serialize.channel(channel, { userId, server: false }),
    ...(hidden ? { clear_history: clearHistory } : {}),
    user: sandbox.serialize.user(userId),
  });
}

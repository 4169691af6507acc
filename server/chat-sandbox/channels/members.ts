/**
 * Channel membership rules shared by creating a channel and updating its members: new member
 * records, refusing users that do not exist (the service creates no users on these calls), and
 * the first members of a new channel — `data.members` as members, `data.invites` as invited
 * members (`invited: true`, chat-protocol.md §3.3) — with their notifications.
 */
import type { Actor } from '../auth-context.js';
import { CHANNEL_TYPES } from '../channel-types.js';
import { nextTimestamp } from '../clock.js';
import { inputError } from '../errors.js';
import type { Sandbox } from '../sandbox.js';
import type { ChannelRec, MemberRec } from '../store/model.js';

export function newMember(cid: string, userId: string, role: MemberRec['channel_role'] = 'channel_member'): MemberRec {
  const now = nextTimestamp();
  return {
    cid,
    user_id: userId,
    channel_role: role,
    created_at: now,
    updated_at: now,
    banned: false,
    shadow_banned: false,
    hidden: false,
    last_read: now,
    custom: {},
  };
}

const unknownOf = (sandbox: Sandbox, ids: string[]) => [...new Set(ids)].filter((id) => !sandbox.store.users.has(id));

/**
 * Creating a channel naming users that do not exist: code 4 with the service's text (recorded in
 * GetStream/stream-chat-react#1125), and nothing is created.
 */
export function requireUsersForCreate(sandbox: Sandbox, specs: MemberSpec[]): void {
  const ids = specs.map((spec) => spec.user_id);
  const unknown = unknownOf(sandbox, ids);
  if (unknown.length === 0) return;
  throw inputError(
    `GetOrCreateChannel failed with error: "The following users are involved in channel create operation, but don't exist: [${unknown.join(' ')}]. Please create the user objects before setting up the channel."`,
  );
}

/**
 * A channel update naming a user that does not exist in `field` (add_members, invites,
 * add_moderators): code 4 with the service's text (recorded in GetStream/stream-chat-php#21).
 */
export function requireUsersForUpdate(sandbox: Sandbox, lists: Record<string, string[]>): void {
  for (const [field, ids] of Object.entries(lists)) {
    const [unknown] = unknownOf(sandbox, ids);
    if (unknown !== undefined)
      throw inputError(`UpdateChannel failed with error: "could not find user ${unknown} from ${field}"`);
  }
}

export interface MemberSpec {
  user_id: string;
  channel_role?: string;
}

/**
 * Stores the first members of a new channel: the named members (with their channel role), the
 * creator (a user creating a non-public channel becomes a member), then the invited users not
 * already members. Members other than the acting user get `notification.added_to_channel`,
 * invited users `notification.invited`.
 */
export function addFirstMembers(
  sandbox: Sandbox,
  channel: ChannelRec,
  actor: Actor,
  creatorId: string | undefined,
  specs: MemberSpec[],
  invites: MemberSpec[],
): void {
  const { store, gateway, serialize } = sandbox;
  const added = new Map<string, MemberRec>();
  for (const spec of specs) {
    const role = spec.channel_role === 'channel_moderator' ? 'channel_moderator' : 'channel_member';
    added.set(spec.user_id, newMember(channel.cid, spec.user_id, role));
  }
  if (creatorId && !actor.server && !added.has(creatorId) && !CHANNEL_TYPES[channel.type]?.public) {
    added.set(creatorId, newMember(channel.cid, creatorId));
  }
  for (const spec of invites) {
    if (added.has(spec.user_id)) continue;
    const member = newMember(channel.cid, spec.user_id);
    member.invited = true;
    added.set(spec.user_id, member);
  }
  for (const member of added.values()) store.saveMember(member);
  for (const member of added.values()) {
    if (member.user_id === actor.userId && !actor.server) continue;
    gateway.toUser(member.user_id, {
      type: member.invited ? 'notification.invited' : 'notification.added_to_channel',
      cid: channel.cid,
      channel_id: channel.id,
      channel_type: channel.type,
      channel: {
        ...serialize.channel(channel, { userId: member.user_id, server: false }),
        members: store.membersOf(channel.cid).map((m) => serialize.member(m)),
      },
      member: serialize.member(member),
      ...(member.invited ? { user: serialize.user(member.user_id) } : {}),
    });
  }
}

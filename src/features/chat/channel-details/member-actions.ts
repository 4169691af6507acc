/**
 * What a member may do to another member of the channel, and the calls that do it (issue #13
 * item 7). Each action is offered only when the channel's own_capabilities allow it, as the chat
 * service checks them (server/chat-sandbox/permissions.ts): removing and adding members need
 * `update-channel-members`; banning, unbanning and shadow bans need `ban-channel-members`;
 * promoting and demoting moderators need both (the service lets only moderators change roles).
 * Muting is personal (the member no longer hears from that user) and open to everyone.
 */
import type { Channel, ChannelMemberResponse, StreamChat } from 'stream-chat';

export type MemberAction =
  'promote' | 'demote' | 'ban' | 'unban' | 'shadowBan' | 'removeShadowBan' | 'mute' | 'unmute' | 'remove';

export type MemberRole = 'owner' | 'moderator' | 'member';

/** The ban dialog's durations, in minutes (`null`: until unbanned). */
export const BAN_TIMEOUTS = [
  { key: 'hour', minutes: 60 },
  { key: 'day', minutes: 24 * 60 },
  { key: 'week', minutes: 7 * 24 * 60 },
  { key: 'forever', minutes: null },
] as const;
export type BanTimeout = (typeof BAN_TIMEOUTS)[number]['key'];

/** The longest ban reason the dialog takes (the reason is shown to moderators, not a message). */
export const BAN_REASON_MAX_LENGTH = 200;

export interface BanChoice {
  timeout: BanTimeout;
  reason: string;
}

const capabilitiesOf = (channel: Channel): string[] => channel.data?.own_capabilities ?? [];

/** What the channel lets the member do here. */
export interface DetailsRights {
  editChannel: boolean;
  manageMembers: boolean;
  ban: boolean;
  changeRoles: boolean;
  leave: boolean;
}

export function rightsIn(channel: Channel): DetailsRights {
  const capabilities = capabilitiesOf(channel);
  const manageMembers = capabilities.includes('update-channel-members');
  const ban = capabilities.includes('ban-channel-members');
  return {
    editChannel: capabilities.includes('update-channel'),
    manageMembers,
    ban,
    changeRoles: manageMembers && ban,
    leave: capabilities.includes('leave-channel') && channel.state.membership?.user_id !== undefined,
  };
}

export function roleOf(channel: Channel, member: ChannelMemberResponse): MemberRole {
  const id = member.user_id ?? member.user?.id;
  if (member.role === 'owner' || (id !== undefined && channel.data?.created_by?.id === id)) return 'owner';
  const role = member.channel_role;
  return member.is_moderator || role === 'channel_moderator' || role === 'channel_admin' ? 'moderator' : 'member';
}

export const isMutedByMe = (client: StreamChat, userId: string) =>
  client.mutedUsers.some((mute) => mute.target?.id === userId);

/**
 * The actions offered on `member`, in menu order. None on oneself (leaving is its own button);
 * the channel's owner keeps their place and role whoever moderates it.
 */
export function actionsFor(client: StreamChat, channel: Channel, member: ChannelMemberResponse): MemberAction[] {
  const id = member.user_id ?? member.user?.id;
  if (!id || id === client.userID) return [];
  const rights = rightsIn(channel);
  const role = roleOf(channel, member);
  const actions: MemberAction[] = [];
  if (rights.changeRoles && role !== 'owner') actions.push(role === 'moderator' ? 'demote' : 'promote');
  if (rights.ban && role !== 'owner') {
    actions.push(member.banned ? 'unban' : 'ban');
    if (!member.banned) actions.push(member.shadow_banned ? 'removeShadowBan' : 'shadowBan');
  }
  actions.push(isMutedByMe(client, id) ? 'unmute' : 'mute');
  if (rights.manageMembers && role !== 'owner') actions.push('remove');
  return actions;
}

/** Runs `action` on the member `userId`; `ban` takes the dialog's choice. Rejects as the service does. */
export async function runMemberAction(
  client: StreamChat,
  channel: Channel,
  action: MemberAction,
  userId: string,
  ban?: BanChoice,
): Promise<void> {
  switch (action) {
    case 'promote':
      await channel.addModerators([userId]);
      return;
    case 'demote':
      await channel.demoteModerators([userId]);
      return;
    case 'ban': {
      const minutes = BAN_TIMEOUTS.find((choice) => choice.key === ban?.timeout)?.minutes ?? null;
      const reason = ban?.reason.trim().slice(0, BAN_REASON_MAX_LENGTH);
      await channel.banUser(userId, {
        ...(minutes !== null ? { timeout: minutes } : {}),
        ...(reason ? { reason } : {}),
      });
      return;
    }
    case 'unban':
      await channel.unbanUser(userId);
      return;
    case 'shadowBan':
      await channel.shadowBan(userId, {});
      return;
    case 'removeShadowBan':
      await channel.removeShadowBan(userId);
      return;
    case 'mute':
      await client.muteUser(userId);
      return;
    case 'unmute':
      await client.unmuteUser(userId);
      return;
    case 'remove':
      await channel.removeMembers([userId]);
      return;
  }
}

/** The menu item's label key. */
export const actionLabelKey = (action: MemberAction) => `chat.details.actions.${action}`;

/** The failure's text key ('Error muting a user' and 'Error unmuting a user' are the spec's). */
export const actionFailureKey = (action: MemberAction) => `chat.details.errors.${action}`;

/** Adds users to the channel as members. */
export async function addMembers(channel: Channel, userIds: string[]): Promise<void> {
  await channel.addMembers(userIds);
}

/** Leaves the channel (removing only oneself, which every member may do). */
export async function leaveChannel(client: StreamChat, channel: Channel): Promise<void> {
  await channel.removeMembers([client.userID!]);
}

/** The service's own words for a refusal (after "… failed with error:"), for showing under a form. */
export function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const said = /failed with error: "(.*)"$/s.exec(message)?.[1] ?? message.replace(/^StreamChat error code \d+: /, '');
  return said.trim();
}

/** The HTTP status of a failed call (0 when the service was not reached). */
export const statusOf = (error: unknown): number =>
  (error as { status?: number; response?: { status?: number } })?.status ??
  (error as { response?: { status?: number } })?.response?.status ??
  0;

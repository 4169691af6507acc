/** The fields queryChannels filters and sorts on, as one user sees a channel. */
import { channelUnread } from '../unread.js';
import type { Sandbox } from '../sandbox.js';
import type { ChannelRec } from '../store/model.js';

export function channelView(sandbox: Sandbox, channel: ChannelRec, userId: string | null): Record<string, unknown> {
  const members = sandbox.store.membersOf(channel.cid);
  const member = sandbox.store.member(channel.cid, userId);
  const user = userId ? sandbox.store.users.get(userId) : undefined;
  const unread = userId ? channelUnread(channel.cid, userId, sandbox.store) : 0;
  const lastMessageAt = channel.last_message_at;
  return {
    ...channel.custom,
    type: channel.type,
    id: channel.id,
    cid: channel.cid,
    members: members.map((m) => m.user_id),
    'member.user.name': members.map((m) => sandbox.store.users.get(m.user_id)?.name).filter(Boolean),
    member_count: members.length,
    created_at: channel.created_at,
    updated_at: channel.updated_at,
    last_message_at: lastMessageAt,
    last_updated: lastMessageAt && lastMessageAt > channel.created_at ? lastMessageAt : channel.created_at,
    created_by_id: channel.created_by_id,
    frozen: channel.frozen,
    disabled: channel.disabled,
    // No team is null, so `{team: {$eq: null}}` finds the channels without one.
    team: channel.team ?? null,
    filter_tags: channel.filter_tags ?? [],
    hidden: member?.hidden ?? false,
    joined: member !== undefined,
    pinned: Boolean(member?.pinned_at),
    pinned_at: member?.pinned_at,
    archived: Boolean(member?.archived_at),
    muted: Boolean(user?.channel_mutes.some((m) => m.cid === channel.cid)),
    unread_count: unread,
    has_unread: unread > 0 ? 1 : 0,
  };
}

/**
 * Records → the wire shapes of chat-protocol.md §3, flattened custom fields included. Several
 * fields are per recipient (`own_capabilities`, `membership`, `own_reactions`, `read`, `hidden`).
 */
import { capabilities, channelConfig, isModerator } from './channel-types.js';
import type { ChatStore } from './store/chat-store.js';
import type { ChannelRec, MemberRec, MessageRec, ReactionRec, UserRec } from './store/model.js';
import { channelUnread, unreadTotals } from './unread.js';
import { renderHtml } from './render.js';
import { reminderBase } from './reminders.js';
import { reminderKey } from './store/chat-store.js';
import { embeddedPoll } from './poll-view.js';

const expired = (expires: string | undefined) => expires !== undefined && Date.parse(expires) <= Date.now();

export interface Viewer {
  /** The acting user, or null for the server (secret). */
  userId: string | null;
  server: boolean;
}

export class Serializer {
  constructor(
    private readonly store: ChatStore,
    private readonly isOnline: (userId: string) => boolean,
  ) {}

  user(user: UserRec | string | undefined): Record<string, unknown> {
    const rec = typeof user === 'string' ? this.store.users.get(user) : user;
    const id = typeof user === 'string' ? user : (user?.id ?? 'unknown');
    if (!rec)
      return {
        id,
        role: 'user',
        teams: [],
        language: '',
        online: false,
        banned: false,
        blocked_user_ids: [],
        created_at: '',
        updated_at: '',
      };
    return {
      ...rec.custom,
      id: rec.id,
      name: rec.name,
      image: rec.image,
      role: rec.role,
      teams: rec.teams ?? [],
      language: rec.language,
      online: this.isOnline(rec.id),
      banned: rec.banned,
      created_at: rec.created_at,
      updated_at: rec.updated_at,
      last_active: rec.last_active,
      deleted_at: rec.deleted_at,
      blocked_user_ids: rec.blocked_user_ids,
      privacy_settings: rec.privacy_settings,
      revoke_tokens_issued_before: rec.revoke_tokens_issued_before ?? null,
    };
  }

  ownUser(user: UserRec): Record<string, unknown> {
    return {
      ...this.user(user),
      devices: [],
      invisible: false,
      mutes: user.mutes
        .filter((m) => !expired(m.expires))
        .map((m) => ({
          user: this.user(user),
          target: this.user(m.target_id),
          created_at: m.created_at,
          updated_at: m.updated_at,
          expires: m.expires,
        })),
      channel_mutes: user.channel_mutes
        .filter((m) => !expired(m.expires))
        .map((m) => {
          const channel = this.store.channels.get(m.cid);
          return {
            user: this.user(user),
            channel: channel ? this.channel(channel, { userId: user.id, server: false }) : { cid: m.cid },
            created_at: m.created_at,
            updated_at: m.updated_at,
            expires: m.expires,
          };
        }),
      ...unreadTotals(user.id, this.store),
    };
  }

  channel(channel: ChannelRec, viewer: Viewer): Record<string, unknown> {
    const members = this.store.membersOf(channel.cid);
    const member = this.store.member(channel.cid, viewer.userId);
    const user = viewer.userId ? this.store.users.get(viewer.userId) : undefined;
    return {
      ...channel.custom,
      id: channel.id,
      type: channel.type,
      cid: channel.cid,
      created_at: channel.created_at,
      updated_at: channel.updated_at,
      created_by: channel.created_by_id ? this.user(channel.created_by_id) : undefined,
      frozen: channel.frozen,
      disabled: channel.disabled,
      member_count: members.length,
      message_count: this.store.messagesOf(channel.cid).filter((m) => !m.deleted_at && !m.parent_id).length,
      last_message_at: channel.last_message_at,
      deleted_at: channel.deleted_at,
      truncated_at: channel.truncated_at,
      truncated_by: channel.truncated_by_id ? this.user(channel.truncated_by_id) : undefined,
      cooldown: channel.cooldown,
      team: channel.team,
      filter_tags: channel.filter_tags,
      hidden: member?.hidden ?? false,
      config: channelConfig(channel),
      own_capabilities: capabilities(channel, user, member, viewer.server),
    };
  }

  member(member: MemberRec): Record<string, unknown> {
    const moderator = member.channel_role !== 'channel_member';
    return {
      ...member.custom,
      user_id: member.user_id,
      user: this.user(member.user_id),
      channel_role: member.channel_role,
      role: member.channel_role === 'channel_admin' ? 'owner' : moderator ? 'moderator' : 'member',
      status: member.invited && !member.invite_accepted_at ? 'invited' : 'member',
      created_at: member.created_at,
      updated_at: member.updated_at,
      banned: member.banned,
      shadow_banned: member.shadow_banned,
      ban_expires: member.ban_expires,
      is_moderator: moderator,
      invited: member.invited,
      invite_accepted_at: member.invite_accepted_at,
      invite_rejected_at: member.invite_rejected_at,
      notifications_muted: false,
      pinned_at: member.pinned_at ?? null,
      archived_at: member.archived_at ?? null,
    };
  }

  read(member: MemberRec): Record<string, unknown> {
    return {
      user: this.user(member.user_id),
      last_read: member.last_read,
      unread_messages: channelUnread(member.cid, member.user_id, this.store),
      last_read_message_id: member.last_read_message_id,
    };
  }

  reaction(reaction: ReactionRec): Record<string, unknown> {
    return {
      ...reaction.custom,
      message_id: reaction.message_id,
      user_id: reaction.user_id,
      user: this.user(reaction.user_id),
      type: reaction.type,
      score: reaction.score,
      created_at: reaction.created_at,
      updated_at: reaction.updated_at,
    };
  }

  /** `forUserId` fills own_reactions; events carry `own_reactions: []` as the real service does. */
  message(message: MessageRec, forUserId: string | null = null, depth = 0): Record<string, unknown> {
    const reactions = message.reactions;
    const counts: Record<string, number> = {};
    const scores: Record<string, number> = {};
    const groups: Record<string, Record<string, unknown>> = {};
    for (const r of reactions) {
      counts[r.type] = (counts[r.type] ?? 0) + 1;
      scores[r.type] = (scores[r.type] ?? 0) + r.score;
      const group = (groups[r.type] ??= {
        count: 0,
        sum_scores: 0,
        first_reaction_at: r.created_at,
        last_reaction_at: r.created_at,
      });
      group.count = (group.count as number) + 1;
      group.sum_scores = (group.sum_scores as number) + r.score;
      if (r.created_at < (group.first_reaction_at as string)) group.first_reaction_at = r.created_at;
      if (r.created_at > (group.last_reaction_at as string)) group.last_reaction_at = r.created_at;
    }
    const latest = [...reactions].sort((a, b) => b.created_at.localeCompare(a.created_at)).slice(0, 10);
    const quoted = message.quoted_message_id ? this.store.messages.get(message.quoted_message_id) : undefined;
    const member = this.store.member(message.cid, message.user_id);
    return {
      ...message.custom,
      id: message.id,
      text: message.text,
      html: renderHtml(message.text),
      type: message.type,
      user: this.user(message.user_id),
      member: member ? { channel_role: member.channel_role, notifications_muted: false } : undefined,
      attachments: message.attachments,
      latest_reactions: latest.map((r) => this.reaction(r)),
      own_reactions: forUserId ? reactions.filter((r) => r.user_id === forUserId).map((r) => this.reaction(r)) : [],
      reaction_counts: counts,
      reaction_scores: scores,
      reaction_groups: reactions.length > 0 ? groups : undefined,
      reply_count: message.reply_count,
      deleted_reply_count: message.deleted_reply_count,
      cid: message.cid,
      created_at: message.created_at,
      updated_at: message.updated_at,
      deleted_at: message.deleted_at,
      shadowed: message.shadowed,
      mentioned_users: message.mentioned_user_ids.map((id) => this.user(id)),
      silent: message.silent,
      pinned: message.pinned,
      pinned_at: message.pinned_at ?? null,
      pinned_by: message.pinned_by_id ? this.user(message.pinned_by_id) : null,
      pin_expires: message.pin_expires ?? null,
      parent_id: message.parent_id,
      show_in_channel: message.show_in_channel,
      quoted_message_id: message.quoted_message_id,
      quoted_message: quoted && depth === 0 ? this.message(quoted, forUserId, 1) : undefined,
      thread_participants: message.thread_participant_ids.length
        ? message.thread_participant_ids.map((id) => this.user(id))
        : undefined,
      command: message.command,
      args: message.args,
      poll_id: message.poll_id,
      poll: embeddedPoll(this.store, message.poll_id, forUserId, (id) => this.user(id)),
      shared_location: message.shared_location,
      message_text_updated_at: message.message_text_updated_at,
      restricted_visibility: [],
      reminder: viewerReminder(this.store, message.id, forUserId),
    };
  }

  isModerator(cid: string, userId: string | null): boolean {
    if (!userId) return true;
    return isModerator(this.store.users.get(userId), this.store.member(cid, userId));
  }
}

/** The viewer's reminder on a message (base fields), if any. */
function viewerReminder(store: ChatStore, messageId: string, userId: string | null) {
  const reminder = userId ? store.reminders.get(reminderKey(messageId, userId)) : undefined;
  return reminder ? reminderBase(reminder) : undefined;
}

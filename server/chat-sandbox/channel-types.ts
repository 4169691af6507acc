/**
 * Built-in channel types and their configuration (chat-protocol.md §3.3), the capabilities a user
 * has in a channel (§3.2), and the channel type/id rules with the spec's error texts.
 */
import { inputError } from './errors.js';
import { tableCapabilities } from './permissions.js';
import type { ChannelRec, MemberRec, UserRec } from './store/model.js';

const COMMANDS = {
  giphy: { name: 'giphy', description: 'Post a random gif to the channel', args: '[text]', set: 'fun_set' },
  ban: { name: 'ban', description: 'Ban a user', args: '[@username] [text]', set: 'moderation_set' },
  unban: { name: 'unban', description: 'Unban a user', args: '[@username]', set: 'moderation_set' },
  mute: { name: 'mute', description: 'Mute a user', args: '[@username]', set: 'moderation_set' },
  unmute: { name: 'unmute', description: 'Unmute a user', args: '[@username]', set: 'moderation_set' },
};

export interface ChannelTypeConfig {
  name: string;
  /** Whether anyone (not only members) may read and watch. */
  public: boolean;
  config: Record<string, unknown>;
}

const CREATED = '2026-01-01T00:00:00Z';

function config(name: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name,
    typing_events: true,
    read_events: true,
    connect_events: true,
    delivery_events: false,
    search: true,
    reactions: true,
    replies: true,
    quotes: true,
    mutes: true,
    uploads: true,
    url_enrichment: false,
    custom_events: true,
    push_notifications: false,
    reminders: true,
    mark_messages_pending: false,
    polls: true,
    user_message_reminders: true,
    shared_locations: true,
    count_messages: true,
    message_retention: 'infinite',
    max_message_length: 5000,
    automod: 'disabled',
    automod_behavior: 'flag',
    blocklist_behavior: 'flag',
    skip_last_msg_update_for_system_msgs: true,
    created_at: CREATED,
    updated_at: CREATED,
    commands: Object.values(COMMANDS),
    ...overrides,
  };
}

export const CHANNEL_TYPES: Record<string, ChannelTypeConfig> = {
  messaging: { name: 'messaging', public: false, config: config('messaging') },
  team: { name: 'team', public: false, config: config('team') },
  livestream: {
    name: 'livestream',
    public: true,
    config: config('livestream', {
      typing_events: false,
      read_events: false,
      connect_events: false,
      commands: [COMMANDS.giphy],
    }),
  },
};

export function channelConfig(channel: ChannelRec): Record<string, unknown> {
  const base = CHANNEL_TYPES[channel.type]?.config ?? config(channel.type);
  return { ...base, ...channel.config_overrides };
}

export function validateChannelType(type: string): void {
  if (!/^[A-Za-z0-9_-]+$/.test(type)) {
    throw inputError(`Invalid chat type ${type}, letters, numbers and "_-" are allowed`);
  }
  if (!CHANNEL_TYPES[type]) throw inputError(`channel type "${type}" does not exist`);
}

export function validateChannelId(id: string): void {
  if (!/^[A-Za-z0-9!_-]+$/.test(id) || id.length > 64) {
    throw inputError(`Invalid chat id ${id}, letters, numbers and "!-_" are allowed`);
  }
}

const MEMBER_CAPABILITIES = [
  'cast-poll-vote',
  'connect-events',
  'create-attachment',
  'create-mention',
  'delete-own-message',
  'flag-message',
  'join-channel',
  'leave-channel',
  'mute-channel',
  'query-poll-votes',
  'quote-message',
  'read-events',
  'search-messages',
  'send-custom-events',
  'send-links',
  'send-message',
  'send-poll',
  'send-reaction',
  'send-reply',
  'send-typing-events',
  'share-location',
  'typing-events',
  'update-own-message',
  'update-thread',
  'upload-file',
];
const MODERATOR_CAPABILITIES = [
  'ban-channel-members',
  'freeze-channel',
  'set-channel-cooldown',
  'skip-slow-mode',
  'slow-mode',
  'update-any-message',
];

export function isModerator(user: UserRec | undefined, member: MemberRec | undefined): boolean {
  return (
    user?.role === 'admin' || member?.channel_role === 'channel_moderator' || member?.channel_role === 'channel_admin'
  );
}

/**
 * What `user` may do in `channel` (the server acting with its secret may do everything). Updating,
 * deleting the channel, changing its members, pinning and deleting others' messages follow the
 * grants in permissions.ts, as the routes check them.
 */
export function capabilities(
  channel: ChannelRec,
  user: UserRec | undefined,
  member: MemberRec | undefined,
  server = false,
): string[] {
  const cfg = channelConfig(channel);
  const moderator = server || isModerator(user, member);
  const isPublic = CHANNEL_TYPES[channel.type]?.public ?? false;
  const granted = tableCapabilities(channel, user, member, server);
  if (!member && !moderator)
    return (
      isPublic ? ['join-channel', 'read-events', 'connect-events', 'search-messages', ...granted] : granted
    ).sort();
  let caps = [...(moderator ? [...MEMBER_CAPABILITIES, ...MODERATOR_CAPABILITIES] : MEMBER_CAPABILITIES), ...granted];
  if (!cfg.read_events) caps = caps.filter((c) => c !== 'read-events');
  if (!cfg.typing_events) caps = caps.filter((c) => c !== 'typing-events' && c !== 'send-typing-events');
  if (!cfg.uploads) caps = caps.filter((c) => c !== 'upload-file');
  if (!cfg.shared_locations) caps = caps.filter((c) => c !== 'share-location');
  const banned = member?.banned && !(member.ban_expires && Date.parse(member.ban_expires) <= Date.now());
  if (banned || (channel.frozen && !moderator)) {
    caps = caps.filter(
      (c) =>
        ![
          'send-message',
          'send-reply',
          'send-reaction',
          'upload-file',
          'send-poll',
          'share-location',
          'send-typing-events',
          'typing-events',
        ].includes(c),
    );
  }
  return caps.sort();
}

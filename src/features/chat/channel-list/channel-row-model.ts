/**
 * What a channel list row shows, derived from a `stream-chat` Channel (chat-ui.md §2): its
 * section, name, picture, last message preview and time, unread state and markers. Pure
 * functions over the client's state; the row re-renders on the channel's events.
 */
import { differenceInCalendarDays, format, isSameDay, type Locale } from 'date-fns';
import type { TFunction } from 'i18next';
import type { Channel, LocalMessage, StreamChat } from 'stream-chat';
import { isArchived, isPinned } from '../../../lib/actors/channel-list-actors';
import { channelTitle, directPartner } from '../shared/channel-title';
import { summariseMessage, type PollNameLookup } from '../shared/message-summary';

export { isArchived, isPinned };

export type SectionKey = 'pinned' | 'channels' | 'direct' | 'archived';
export const SECTION_ORDER: SectionKey[] = ['pinned', 'channels', 'direct', 'archived'];

/** Direct conversations are the `messaging` type; league and team channels are the others. */
export const isDirect = (channel: Channel): boolean => channel.type === 'messaging';

export function sectionOf(channel: Channel): SectionKey {
  if (isArchived(channel)) return 'archived';
  if (isPinned(channel)) return 'pinned';
  return isDirect(channel) ? 'direct' : 'channels';
}

/** When the channel last had a message (its creation when it has none), for the order. */
export function activityOf(channel: Channel): number {
  const last = channel.state.last_message_at;
  if (last) return last.getTime();
  const created = channel.data?.created_at;
  return typeof created === 'string' ? Date.parse(created) || 0 : 0;
}

/** The channels of each section, most recent activity first, in the sections' order. */
export function groupIntoSections(channels: Channel[]): { key: SectionKey; channels: Channel[] }[] {
  const groups = new Map<SectionKey, Channel[]>(SECTION_ORDER.map((key) => [key, []]));
  for (const channel of channels) groups.get(sectionOf(channel))!.push(channel);
  return SECTION_ORDER.map((key) => ({
    key,
    channels: groups.get(key)!.sort((a, b) => activityOf(b) - activityOf(a) || a.cid.localeCompare(b.cid)),
  })).filter((group) => group.channels.length > 0);
}

export const capabilitiesOf = (channel: Channel): string[] =>
  Array.isArray(channel.data?.own_capabilities) ? channel.data.own_capabilities : [];

/** Muted by the member (the client's channel mutes; asked of the client, which outlives a disconnect). */
export const isMuted = (client: StreamChat, channel: Channel): boolean =>
  client.mutedChannels.some((mute) => mute.channel?.cid === channel.cid);

export const isFrozen = (channel: Channel): boolean => Boolean(channel.data?.frozen);

export interface UnreadState {
  /** Messages the member has not read (0 for muted channels, which show no count). */
  count: number;
  /** Something new since the member last read; what a muted channel shows as a dot. */
  hasUnread: boolean;
}

/**
 * The channel's latest message of the conversation: answers only I can see (a command's
 * ephemeral reply, a /giphy preview, a message the service refused) are not what the channel
 * last said, so the row does not preview them (as Slack's sidebar does not).
 */
export function lastShownMessage(channel: Channel): LocalMessage | undefined {
  const messages = channel.state.latestMessages;
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index]!;
    if (message.type !== 'ephemeral' && message.type !== 'error') return message;
  }
  return undefined;
}

export function unreadOf(client: StreamChat, channel: Channel, userId: string): UnreadState {
  const counted = channel.state.unreadCount;
  if (!isMuted(client, channel)) return { count: counted, hasUnread: counted > 0 };
  // Muted: never a count (chat-ui.md §2), only whether something came since the member last read.
  if (counted > 0) return { count: 0, hasUnread: true };
  const last = lastShownMessage(channel);
  if (!last || last.user?.id === userId || last.type === 'system') return { count: 0, hasUnread: false };
  const lastRead = channel.state.read[userId]?.last_read;
  return { count: 0, hasUnread: !lastRead || last.created_at.getTime() > lastRead.getTime() };
}

export function nameOf(channel: Channel, userId: string): string {
  return channelTitle(channel, userId);
}

/** The row's picture: the channel's image, the other member's picture in a direct message. */
export function pictureOf(channel: Channel, userId: string): unknown {
  if (channel.data?.image) return channel.data.image;
  return directPartner(channel, userId)?.image ?? null;
}

export interface Preview {
  text: string;
  at: Date | null;
}

/**
 * The last message as one line: "You: …" for mine, "Name: …" in groups, none for the system.
 * What the message is, is named as every list names it; `pollName` names a poll an update left
 * out of the message (the row passes the client's poll cache).
 */
export function previewOf(channel: Channel, userId: string, t: TFunction, pollName?: PollNameLookup): Preview {
  const message = lastShownMessage(channel);
  if (!message) return { text: t('chat.channelList.noMessages'), at: null };
  const body = summariseMessage(message, t, { pollName });
  const at = message.created_at;
  if (message.type === 'system' || !message.user) return { text: body, at };
  if (message.user.id === userId) return { text: t('chat.channelList.preview.you', { text: body }), at };
  if (directPartner(channel, userId)) return { text: body, at };
  const author = message.user.name || message.user.id;
  return { text: t('chat.channelList.preview.author', { name: author, text: body }), at };
}

/** The preview's time: the time today, the weekday within the week, else the date. */
export function timeLabel(at: Date, now: Date, locale: Locale): string {
  if (isSameDay(at, now)) return format(at, 'p', { locale });
  const days = differenceInCalendarDays(now, at);
  if (days > 0 && days < 7) return format(at, 'EEEE', { locale });
  return format(at, 'P', { locale });
}

/** The full date and time, for the time's title. */
export const fullTime = (at: Date, locale: Locale): string => format(at, 'PPpp', { locale });

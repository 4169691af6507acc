/**
 * The message list machine's real I/O over one watched `stream-chat` channel. The client's
 * `ChannelState` keeps disjoint message sets (the latest one and the one shown, `isCurrent`) and
 * merges them when they overlap; these actors page and jump with `channel.query` and
 * `state.loadMessageIntoState`, then report the current set's pagination as the client
 * recomputed it. Also: the client's `connection.recovered` as `connection.restored`, where the
 * member had read up to when the list opened, and the `/giphy` preview buttons.
 */
import type { Channel, LocalMessage, StreamChat } from 'stream-chat';
import { fromPromise } from 'xstate';
import { MESSAGE_PAGE_SIZE } from '../../../machines/message-list/message-list.rules';
import type { Pagination, RefreshResult, UnreadMarker } from '../../../machines/message-list/message-list.types';
import { watchConnectionRestored } from './connection-actors';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The shown (current) set's paging, as the client last computed it. */
export function paginationOf(channel: Channel): Pagination {
  const current = channel.state.messageSets.find((set) => set.isCurrent);
  return {
    hasPrev: current?.pagination.hasPrev ?? false,
    hasNext: current?.pagination.hasNext ?? false,
    isLatest: current?.isLatest ?? true,
  };
}

/** Whether a message counts for the channel list (not a thread-only reply). */
export function isChannelMessage(message: Pick<LocalMessage, 'parent_id' | 'show_in_channel'>): boolean {
  return !message.parent_id || message.show_in_channel === true;
}

/** A message that counts as unread for `userId`: someone else's, in the channel, not a system one. */
const fromOther = (m: LocalMessage, userId: string) =>
  m.user?.id !== userId && isChannelMessage(m) && m.type !== 'system';

/**
 * The first unread message among `messages`: the first message from someone else after the last
 * read one (by id when the service names it, else by time). Null when nothing is unread or when
 * the first unread message may lie before the loaded ones.
 */
export function firstUnreadIn(
  messages: readonly LocalMessage[],
  userId: string,
  read: { count: number; lastReadMessageId: string | null; lastReadAt: Date | null },
  hasPrev: boolean,
): string | null {
  if (read.count <= 0 || messages.length === 0) return null;
  if (read.lastReadMessageId) {
    const at = messages.findIndex((m) => m.id === read.lastReadMessageId);
    if (at >= 0) return messages.slice(at + 1).find((m) => fromOther(m, userId))?.id ?? null;
  }
  if (!read.lastReadAt) return null;
  const lastReadAt = read.lastReadAt.getTime();
  const index = messages.findIndex((m) => fromOther(m, userId) && m.created_at.getTime() > lastReadAt);
  // The first loaded message is unread while older ones exist: the first unread may be earlier.
  if (index < 0 || (index === 0 && hasPrev)) return null;
  return messages[index]!.id;
}

/** Messages from others from `firstId` on (the unread ones, when the list holds the latest). */
function unreadFrom(messages: readonly LocalMessage[], firstId: string, userId: string): number {
  const at = messages.findIndex((m) => m.id === firstId);
  return messages.slice(at).filter((m) => fromOther(m, userId)).length;
}

/** The member's read state of `channel` as the list opens with it. */
export function readStateOf(channel: Channel, userId: string) {
  const read = channel.state.read[userId];
  const count = read?.unread_messages ?? channel.state.unreadCount ?? 0;
  return {
    count,
    lastReadMessageId: read?.last_read_message_id ?? null,
    lastReadAt: read?.last_read ? new Date(read.last_read) : null,
  };
}

/** The machine's unread input: null when nothing is unread. */
export function unreadMarkerOf(channel: Channel, userId: string): UnreadMarker | null {
  const read = readStateOf(channel, userId);
  if (read.count <= 0) return null;
  const messages = channel.state.messages;
  const { hasPrev, isLatest } = paginationOf(channel);
  const first = firstUnreadIn(messages, userId, read, hasPrev);
  // A channel query answered before a message event but applied after it puts an older count in
  // the read state; when everything from the first unread message on is loaded, count it.
  const loaded = first !== null && isLatest ? unreadFrom(messages, first, userId) : 0;
  return {
    count: Math.max(read.count, loaded),
    lastReadMessageId: read.lastReadMessageId,
    firstUnreadLoaded: first !== null,
  };
}

export function createMessageListActors(client: StreamChat, channel: Channel) {
  const page = (direction: 'older' | 'newer') =>
    fromPromise<Pagination>(async () => {
      const messages = channel.state.messages;
      const edge = direction === 'older' ? messages[0] : messages[messages.length - 1];
      if (!edge) return paginationOf(channel);
      const cursor = direction === 'older' ? { id_lt: edge.id } : { id_gt: edge.id };
      await channel.query({ messages: { limit: MESSAGE_PAGE_SIZE, ...cursor } }, 'current');
      // The page is drawn in a task of its own: the client's work on the answer and the list's
      // render in one task made a frame too long to scroll smoothly on a slow device.
      await nextTask();
      return paginationOf(channel);
    });

  return {
    loadOlder: page('older'),
    loadNewer: page('newer'),
    /** Switches to the set holding the message, or loads 25 around it as a new set (merged with overlapping ones). */
    loadAround: fromPromise<Pagination, { messageId: string }>(async ({ input }) => {
      await channel.state.loadMessageIntoState(input.messageId, undefined, MESSAGE_PAGE_SIZE);
      if (!channel.state.messages.some((m) => m.id === input.messageId))
        throw new Error(`Message ${input.messageId} is not in this channel`);
      return paginationOf(channel);
    }),
    /** Back to the latest set; queried again when the client holds none. */
    loadLatest: fromPromise<Pagination>(async () => {
      const latest = channel.state.messageSets.find((set) => set.isLatest);
      if (!latest || latest.messages.length === 0) {
        await channel.query({ messages: { limit: MESSAGE_PAGE_SIZE } }, 'latest');
      }
      await channel.state.loadMessageIntoState('latest');
      return paginationOf(channel);
    }),
    /** The client recovered the channel's latest messages itself before `connection.recovered`. */
    refresh: fromPromise<RefreshResult>(() =>
      Promise.resolve({ pagination: paginationOf(channel), unreadCount: channel.countUnread() }),
    ),
    markRead: fromPromise<unknown>(() => channel.markRead()),
    /** The client's `connection.recovered`, as `connection.restored`. */
    watchConnection: watchConnectionRestored(client),
  };
}

/** `/giphy` preview buttons: send, shuffle (another picture) or cancel the ephemeral message. */
export async function giphyAction(channel: Channel, message: LocalMessage, value: string): Promise<void> {
  const response = await channel.sendAction(message.id, { image_action: value });
  if (response.message) {
    // Send: the regular message replaces the preview (its message.new may come later); shuffle: a new picture.
    channel.state.addMessageSorted(response.message, false, false);
  } else {
    // Cancel: the preview existed only here.
    channel.state.removeMessage({ id: message.id });
  }
}

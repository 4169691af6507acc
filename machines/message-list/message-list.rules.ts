/**
 * The message list machine's constants and pure context updates (no xstate here), kept apart so
 * the machine file reads as its states and transitions.
 */
import type {
  Jump,
  MessageListContext,
  MessageListEmitted,
  MessageListEvent,
  MessageListInput,
  ScrollTarget,
} from './message-list.types';

/** Spec section 9: the default message page. */
export const MESSAGE_PAGE_SIZE = 25;
/** Spec section 9: mark-read throttle. */
export const MARK_READ_THROTTLE_MS = 1000;
/** chat-ui.md §7: at most one announcement a second. */
export const ANNOUNCE_INTERVAL_MS = 1000;
export const HIGHLIGHT_MS = 4000;
export const CLOCK_TICK_MS = 30_000;
/** How long a rebuilt list is left to reach its place, once it shows rows, before pages load at its ends. */
export const SETTLE_MS = 250;
/** How long a rebuilt list waits for its first rows before the settle delay starts anyway. */
export const RENDER_WAIT_MS = 1000;

/** The machine's named delays. */
export const DELAYS = {
  markReadThrottle: MARK_READ_THROTTLE_MS,
  announceInterval: ANNOUNCE_INTERVAL_MS,
  highlightDuration: HIGHLIGHT_MS,
  clockTick: CLOCK_TICK_MS,
  settleDelay: SETTLE_MS,
  renderWait: RENDER_WAIT_MS,
};

export const FAILURE_KEYS = {
  load: 'chat.messageList.loadFailed',
  jump: 'chat.messageList.jumpFailed',
  jumpToUnread: 'chat.messageList.jumpToUnreadFailed',
  markRead: 'chat.messageList.markReadFailed',
} as const;

export const failed = (key: string): MessageListEmitted => ({ type: 'messageList.failed', key });

export function initialContext(input: MessageListInput): MessageListContext {
  const now = input.now ?? (() => Date.now());
  return {
    pagination: input.pagination,
    unread: input.unread,
    unreadCount: input.unread?.count ?? 0,
    readHeld: false,
    atBottom: false,
    newBelow: 0,
    listEpoch: 0,
    scroll: { seq: 0, target: input.unread?.firstUnreadLoaded ? { kind: 'unread' } : { kind: 'bottom' } },
    revision: 0,
    jump: input.targetMessageId ? { kind: 'message', messageId: input.targetMessageId } : null,
    highlightedId: null,
    announcement: null,
    pendingAnnouncement: null,
    tick: 0,
    now,
    tickedAt: now(),
    reached: { start: false, end: false },
  };
}

/** The jump a `list.jumpTo` event asks for. */
export const messageJumpOf = (event: MessageListEvent): Jump | null =>
  event.type === 'list.jumpTo' ? { kind: 'message', messageId: event.messageId } : null;

/** The ends of the list seen while it settles (paged once it has). */
export const noteReached = (reached: MessageListContext['reached'], type: MessageListEvent['type']) => ({
  start: reached.start || type === 'list.startReached',
  end: reached.end || type === 'list.endReached',
});

/** A new placement request. */
export const place = (context: MessageListContext, target: ScrollTarget) => ({
  seq: context.scroll.seq + 1,
  target,
});

/** More than a page is unread: the first unread message is not loaded, but the last read one is known. */
export const needsUnreadLoad = ({ unread }: MessageListContext): boolean =>
  unread !== null && unread.count > 0 && !unread.firstUnreadLoaded && unread.lastReadMessageId !== null;

/** View states in which the list shows its set where it was placed (not opening, jumping or settling). */
export const PLACED_VIEWS = ['browsing', 'loadingOlder', 'loadingNewer', 'refreshing'] as const;

export const shouldMarkRead = (context: MessageListContext): boolean =>
  context.atBottom && context.pagination.isLatest && context.unreadCount > 0 && !context.readHeld;

/** The list rebuilt around the jump's message (or the first unread one); it reports its bottom anew. */
export function placedAtJump(context: MessageListContext): Partial<MessageListContext> {
  const { jump, unread } = context;
  return {
    listEpoch: context.listEpoch + 1,
    atBottom: false,
    scroll: place(
      context,
      jump?.kind === 'message' ? { kind: 'message', messageId: jump.messageId } : { kind: 'unread' },
    ),
    unread: jump?.kind === 'unread' && unread ? { ...unread, firstUnreadLoaded: true } : unread,
    jump: null,
  };
}

export const placedAtBottom = (context: MessageListContext): Partial<MessageListContext> => ({
  listEpoch: context.listEpoch + 1,
  scroll: place(context, { kind: 'bottom' }),
  newBelow: 0,
});

/** At the bottom of the latest set the member has caught up with what arrived below. */
export function bottomChanged(context: MessageListContext, atBottom: boolean): Partial<MessageListContext> {
  const caughtUp = atBottom && context.pagination.isLatest;
  return { atBottom, newBelow: caughtUp ? 0 : context.newBelow, readHeld: context.readHeld && atBottom };
}

/** Someone else's new message: unread, and new below unless the member watches the latest end. */
export function received(context: MessageListContext, fromOther: boolean): Partial<MessageListContext> {
  if (!fromOther) return {};
  const watching = context.atBottom && context.pagination.isLatest;
  return { unreadCount: context.unreadCount + 1, newBelow: watching ? 0 : context.newBelow + 1, readHeld: false };
}

export const spoken = (context: MessageListContext, text: string): Partial<MessageListContext> => ({
  announcement: { text, seq: (context.announcement?.seq ?? 0) + 1 },
  pendingAnnouncement: null,
});

/** A jump to the first unread message goes around the last read one. */
export const unreadJump = ({ unread }: MessageListContext): Jump | null =>
  unread?.lastReadMessageId ? { kind: 'unread', messageId: unread.lastReadMessageId } : null;

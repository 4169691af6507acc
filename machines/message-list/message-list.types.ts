/**
 * The message list statechart's types: where the open channel's list stands in its history
 * (pages, jumps, the latest messages), what is unread and being marked read, and what the list
 * announces to screen readers. The messages themselves stay in the chat client's state; the
 * machine holds the facts the view needs to place and page them.
 */

/** The current message set's paging, as the chat client recomputes it after every page. */
export interface Pagination {
  /** Older messages exist before the first loaded one. */
  hasPrev: boolean;
  /** Newer messages exist after the last loaded one (only when not on the latest set). */
  hasNext: boolean;
  /** The loaded set is the channel's latest (new messages arrive at its end). */
  isLatest: boolean;
}

/** Where the channel was read up to when the list opened (the "N new messages" separator). */
export interface UnreadMarker {
  /** Unread messages when the list opened. */
  count: number;
  /** The message read last, when the chat service says (`last_read_message_id`). */
  lastReadMessageId: string | null;
  /** The first unread message is among the loaded ones. */
  firstUnreadLoaded: boolean;
}

/** Where the view should place the list when it is (re)built or asked to scroll. */
export type ScrollTarget = { kind: 'bottom' } | { kind: 'unread' } | { kind: 'message'; messageId: string };

export interface MessageListInput {
  pagination: Pagination;
  /** Null when nothing was unread. */
  unread: UnreadMarker | null;
  /** The message the address points at (`?message=`), jumped to first. */
  targetMessageId: string | null;
  /** The clock the list reads the time from (ms since epoch); `Date.now` when not given. */
  now?: () => number;
}

/** A jump in progress: to a message (deep link, quote) or to the first unread one. */
export interface Jump {
  kind: 'message' | 'unread';
  messageId: string;
}

export interface MessageListContext {
  pagination: Pagination;
  unread: UnreadMarker | null;
  /** Unread messages now (from the read state and new arrivals), to decide on marking read. */
  unreadCount: number;
  /** The member marked a message unread: no marking read until they scroll away or a message arrives. */
  readHeld: boolean;
  /** The view reports the list's end is visible. */
  atBottom: boolean;
  /** Messages from others that arrived while the member was not at the latest end. */
  newBelow: number;
  /** Bumped whenever the list is rebuilt at a new place (after a jump); the view remounts. */
  listEpoch: number;
  /** The latest placement request; `seq` grows with each one. */
  scroll: { seq: number; target: ScrollTarget };
  /** Bumped after every page or jump, so the view re-reads the client's messages. */
  revision: number;
  jump: Jump | null;
  /** The message shown highlighted after a jump. */
  highlightedId: string | null;
  /** What the polite live region says now; `seq` makes a repeat a new announcement. */
  announcement: { text: string; seq: number } | null;
  /** The newest text waiting for the next announcement slot (at most one a second). */
  pendingAnnouncement: string | null;
  /** Counts clock ticks, so relative times ("5 min ago") are re-rendered. */
  tick: number;
  /** Reads the current time (ms since epoch): the input's `now`, or `Date.now`. */
  now: () => number;
  /** The time (ms) of the last tick, read from `now()`: what relative times are relative to. */
  tickedAt: number;
  /** While settling: the view reported an end of the list in view. */
  reached: { start: boolean; end: boolean };
}

export type MessageListEvent =
  /** From the view: the first loaded message is visible. */
  | { type: 'list.startReached' }
  /** From the view: the last loaded message is visible. */
  | { type: 'list.endReached' }
  | { type: 'list.bottomChanged'; atBottom: boolean }
  /** react-virtuoso shows rows of the list (sent whenever the rendered rows change). */
  | { type: 'list.rendered' }
  /** Jump to a message (deep link or quoted message). */
  | { type: 'list.jumpTo'; messageId: string }
  | { type: 'list.jumpToLatest' }
  /** `loaded`: the first unread message is in the list now, so scrolling is enough. */
  | { type: 'list.jumpToFirstUnread'; loaded: boolean }
  /** A new channel message arrived (in the latest set). */
  | { type: 'message.received'; fromOther: boolean }
  /** The member's read state changed (marked read here or elsewhere; `markedUnread`: the member marked it unread). */
  | { type: 'read.changed'; unreadCount: number; markedUnread?: boolean }
  /** The member is marking the channel unread: mark nothing read until that is settled. */
  | { type: 'read.hold' }
  | { type: 'connection.restored' }
  /** Something to say politely to screen readers (new message, typing). */
  | { type: 'announce'; text: string }
  /** Internal: show the highlight on a message the list jumped to. */
  | { type: 'highlight.show'; messageId: string };

/** What the list tells the screen: a failure to show as an error toast (i18next key). */
export type MessageListEmitted = { type: 'messageList.failed'; key: string };

/** What the `refresh` actor reports after the connection came back. */
export interface RefreshResult {
  pagination: Pagination;
  unreadCount: number;
}

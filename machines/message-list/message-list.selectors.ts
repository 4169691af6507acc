import type { SnapshotFrom } from 'xstate';
import type { MessageListMachine } from './message-list.machine';
import type { Pagination, ScrollTarget, UnreadMarker } from './message-list.types';

type Snapshot = SnapshotFrom<MessageListMachine>;

/** The `view` region's state, for data-state: opening | browsing | loadingOlder | loadingNewer | jumping | loadingLatest | refreshing. */
/** The view region's top state (`settling` while it renders or places the list). */
export const selectViewState = (snapshot: Snapshot): string => {
  const view = (snapshot.value as { view: string | Record<string, unknown> }).view;
  return typeof view === 'string' ? view : Object.keys(view)[0]!;
};

export const selectIsLoadingOlder = (snapshot: Snapshot): boolean => snapshot.matches({ view: 'loadingOlder' });
export const selectIsLoadingNewer = (snapshot: Snapshot): boolean => snapshot.matches({ view: 'loadingNewer' });
/** Loading a set elsewhere in the history (a jump, or back to the latest messages). */
export const selectIsJumping = (snapshot: Snapshot): boolean =>
  snapshot.matches({ view: 'jumping' }) ||
  snapshot.matches({ view: 'loadingLatest' }) ||
  snapshot.matches({ view: 'opening' });
export const selectIsBusy = (snapshot: Snapshot): boolean => !snapshot.matches({ view: 'browsing' });

export const selectPagination = (snapshot: Snapshot): Pagination => snapshot.context.pagination;
export const selectHasPrev = (snapshot: Snapshot): boolean => snapshot.context.pagination.hasPrev;
export const selectHasNext = (snapshot: Snapshot): boolean => snapshot.context.pagination.hasNext;
export const selectIsLatest = (snapshot: Snapshot): boolean => snapshot.context.pagination.isLatest;

export const selectUnreadMarker = (snapshot: Snapshot): UnreadMarker | null => snapshot.context.unread;
export const selectAtBottom = (snapshot: Snapshot): boolean => snapshot.context.atBottom;
/** New messages from others below what the member reads now. */
export const selectNewBelow = (snapshot: Snapshot): number => snapshot.context.newBelow;
/**
 * Whether the list is being placed (opened, or rebuilt after a jump, while react-virtuoso scrolls
 * to the place): an internal wait. For the page the list is ready; it is not busy.
 */
export const selectIsPlacing = (snapshot: Snapshot): boolean =>
  snapshot.matches({ view: 'opening' }) || snapshot.matches({ view: 'settling' });

/**
 * "Jump to latest" is offered while the latest end is not in view, once the list is placed (the
 * bottom is not reported in view until it is: offered before, the control would flash on opening).
 */
export const selectShowJumpToLatest = (snapshot: Snapshot): boolean =>
  !selectIsPlacing(snapshot) && (!snapshot.context.atBottom || !snapshot.context.pagination.isLatest);

export const selectListEpoch = (snapshot: Snapshot): number => snapshot.context.listEpoch;
export const selectScroll = (snapshot: Snapshot): { seq: number; target: ScrollTarget } => snapshot.context.scroll;
export const selectRevision = (snapshot: Snapshot): number => snapshot.context.revision;
export const selectHighlightedId = (snapshot: Snapshot): string | null => snapshot.context.highlightedId;
export const selectAnnouncement = (snapshot: Snapshot): { text: string; seq: number } | null =>
  snapshot.context.announcement;
export const selectTick = (snapshot: Snapshot): number => snapshot.context.tick;
/** What relative times are relative to: the time of the last clock tick (read from the injected `now`). */
export const selectNow = (snapshot: Snapshot): number => snapshot.context.tickedAt;
/** idle | marking | resting */
export const selectReadingState = (snapshot: Snapshot): string =>
  String((snapshot.value as { reading: string }).reading);

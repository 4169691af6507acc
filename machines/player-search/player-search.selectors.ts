import type { SnapshotFrom } from 'xstate';
import type { PlayerSearchMachine } from './player-search.machine';
import type { PlayerFilters, PlayerHit } from './player-search.types';

type Snapshot = SnapshotFrom<PlayerSearchMachine>;

/** The machine's own state name, for data-state attributes. */
export const selectStateName = (snapshot: Snapshot): string => String(snapshot.value);
export const selectFilters = (snapshot: Snapshot): PlayerFilters => snapshot.context.filters;
/** Waiting for the quiet time or the first page: the players shown (if any) are for older filters. */
export const selectIsPending = (snapshot: Snapshot): boolean =>
  snapshot.matches('debouncing') || snapshot.matches('searching');
export const selectHasFailed = (snapshot: Snapshot): boolean => snapshot.matches('failed');
export const selectError = (snapshot: Snapshot): string | null => snapshot.context.error;
export const selectIsLoadingMore = (snapshot: Snapshot): boolean => snapshot.matches('loadingMore');
export const selectHits = (snapshot: Snapshot): PlayerHit[] => snapshot.context.hits;
/** A first page has arrived (for these filters or, while pending, older ones). */
export const selectHasLoaded = (snapshot: Snapshot): boolean => snapshot.context.query !== null;
/** The players shown were found for what is asked now. */
export const selectIsSettled = (snapshot: Snapshot): boolean =>
  (snapshot.matches('showing') || snapshot.matches('loadingMore')) &&
  snapshot.context.query === snapshot.context.filters;
export const selectHasMore = (snapshot: Snapshot): boolean => snapshot.context.next !== null;
export const selectCanLoadMore = (snapshot: Snapshot): boolean => snapshot.can({ type: 'search.loadMore' });
export const selectLoadMoreFailed = (snapshot: Snapshot): boolean => snapshot.context.loadMoreFailed;

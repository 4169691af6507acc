import type { SnapshotFrom } from 'xstate';
import type { ChannelListMachine } from './channel-list.machine';

type Snapshot = SnapshotFrom<ChannelListMachine>;

/** What the list shows: its first page loading (or retried), the channels, or the error. */
export type ChannelListStatus = 'loading' | 'ready' | 'loadingMore' | 'failed';

export function selectListStatus(snapshot: Snapshot): ChannelListStatus {
  if (snapshot.matches('failed')) return 'failed';
  if (snapshot.matches('loading') || snapshot.matches('retrying')) return 'loading';
  if (snapshot.matches('loadingMore')) return 'loadingMore';
  return 'ready';
}

/** The machine's own state name, for data-state attributes. */
export const selectStateName = (snapshot: Snapshot): string => String(snapshot.value);
export const selectCids = (snapshot: Snapshot): string[] => snapshot.context.cids;
/** More channels may exist (the last page was full) and none are loading. */
export const selectCanLoadMore = (snapshot: Snapshot): boolean => snapshot.can({ type: 'list.loadMore' });
export const selectHasMore = (snapshot: Snapshot): boolean => snapshot.context.hasMore;
export const selectLoadMoreFailed = (snapshot: Snapshot): boolean => snapshot.context.loadMoreFailed;
/** The list's content is being re-queried after a reconnect (it stays on screen). */
export const selectIsRefreshing = (snapshot: Snapshot): boolean => snapshot.matches('refreshing');
/** The first page has loaded at least once. */
export const selectHasLoaded = (snapshot: Snapshot): boolean =>
  !snapshot.matches('loading') && !snapshot.matches('retrying') && !snapshot.matches('failed');
export const selectRevision = (snapshot: Snapshot): number => snapshot.context.revision;

import type { SnapshotFrom } from 'xstate';
import type { ChannelSearchMachine } from './channel-search.machine';
import type { ChannelHit, MessageHit, SearchHit, UserHit } from './channel-search.types';
import { keyedBy } from '../shared/memo';

type Snapshot = SnapshotFrom<ChannelSearchMachine>;

/** The machine's own state name, for data-state attributes. */
export const selectStateName = (snapshot: Snapshot): string => String(snapshot.value);
/** A search is open (the member has typed something). */
export const selectIsActive = (snapshot: Snapshot): boolean => !snapshot.matches('idle');
/** Waiting for the quiet time or the first page: the hits shown (if any) are for an older text. */
export const selectIsPending = (snapshot: Snapshot): boolean =>
  snapshot.matches('debouncing') || snapshot.matches('searching');
export const selectHasFailed = (snapshot: Snapshot): boolean => snapshot.matches('failed');
export const selectIsLoadingMore = (snapshot: Snapshot): boolean => snapshot.matches('loadingMore');
export const selectText = (snapshot: Snapshot): string => snapshot.context.text;
/** What the shown hits were found for ('' before the first page arrived). */
export const selectQuery = (snapshot: Snapshot): string => snapshot.context.query;
export const selectHits = (snapshot: Snapshot): SearchHit[] => snapshot.context.hits;
/** The hits have arrived for what is typed now. */
export const selectHasResults = (snapshot: Snapshot): boolean =>
  (snapshot.matches('showing') || snapshot.matches('loadingMore')) && snapshot.context.query === snapshot.context.text;
export const selectCanLoadMore = (snapshot: Snapshot): boolean => snapshot.can({ type: 'search.loadMore' });
export const selectLoadMoreFailed = (snapshot: Snapshot): boolean => snapshot.context.loadMoreFailed;

// Kept per hits array: a snapshot with the same hits gives the same list (no re-render).
const channelHits = keyedBy((hits: SearchHit[]) => hits.filter((hit): hit is ChannelHit => hit.kind === 'channel'));
const messageHits = keyedBy((hits: SearchHit[]) => hits.filter((hit): hit is MessageHit => hit.kind === 'message'));
const userHits = keyedBy((hits: SearchHit[]) => hits.filter((hit): hit is UserHit => hit.kind === 'user'));

export const selectChannelHits = (snapshot: Snapshot): ChannelHit[] => channelHits(snapshot.context.hits);
export const selectMessageHits = (snapshot: Snapshot): MessageHit[] => messageHits(snapshot.context.hits);
export const selectUserHits = (snapshot: Snapshot): UserHit[] => userHits(snapshot.context.hits);

/**
 * The channel search statechart's types: a debounced, paged search (spec section 9: search
 * debounce 300 ms, page 10) over one source — the member's channels (by name and members),
 * messages, or users — as the `searchPage` actor provided for it decides.
 */

/** A channel found by name or member: its cid (the client holds the channel itself). */
export interface ChannelHit {
  kind: 'channel';
  id: string;
}

/** A message found by its text, with what a result row shows. */
export interface MessageHit {
  kind: 'message';
  id: string;
  text: string;
  createdAt: string;
  channelType: string;
  channelId: string;
  channelName: string | null;
  userId: string | null;
  userName: string | null;
}

/** A user found by name, e.g. for a new direct message. */
export interface UserHit {
  kind: 'user';
  id: string;
  name: string;
  image: string | null;
  /** Whether the user is connected now, where the source knows it (member mentions show it). */
  online?: boolean;
}

export type SearchHit = ChannelHit | MessageHit | UserHit;

/** What the `searchPage` actor is asked for. `next` is the service's cursor, when it gave one. */
export interface SearchPageInput {
  query: string;
  offset: number;
  next: string | null;
  limit: number;
}

/**
 * A page of hits. A source paged by offset has more while its page is full; one paged by the
 * service's cursor has more while it gives a `next` cursor.
 */
export interface SearchPage {
  hits: SearchHit[];
  paging: 'offset' | 'cursor';
  next: string | null;
}

export interface ChannelSearchContext {
  /** What the member typed (trimmed); '' when the search is closed. */
  text: string;
  /** What the shown hits were found for. */
  query: string;
  hits: SearchHit[];
  next: string | null;
  /** The last page came back full (or with a cursor), so another may exist. */
  hasMore: boolean;
  /** The last "load more" failed; the hits stay and the member can try again. */
  loadMoreFailed: boolean;
}

export type ChannelSearchEvent =
  /** The search box's text changed (blank closes the search). */
  | { type: 'search.typed'; text: string }
  | { type: 'search.cleared' }
  | { type: 'search.loadMore' }
  | { type: 'search.retry' };

/**
 * The player search statechart's types: the Explore page's search over a league's players (docs/api.md,
 * "Players"): the typed text, waited on for 300 ms, and filters that search at once, paged by the
 * server's cursor. The `searchPage` actor provided for it asks the product API.
 */

export type PlayerSort = 'name' | 'goals' | 'appearances';

/** What the member asks for. `q` is the typed text, trimmed ('' lists every player). */
export interface PlayerFilters {
  q: string;
  team: number | null;
  position: string | null;
  status: string | null;
  /** Only players without a team (the server refuses it together with `team`). */
  free: boolean;
  sort: PlayerSort;
}

/** A player found; the provided `searchPage` gives the API's whole row, the machine needs its id. */
export interface PlayerHit {
  id: number;
}

/** What the `searchPage` actor is asked for: the filters and the server's cursor (null: first page). */
export interface PlayerSearchPageInput {
  filters: PlayerFilters;
  cursor: string | null;
}

/** A page of players and the cursor of the next one (null on the last page). */
export interface PlayerSearchPage {
  hits: PlayerHit[];
  next: string | null;
}

export interface PlayerSearchContext {
  /** What is asked for now (the text as typed, trimmed, and the filters). */
  filters: PlayerFilters;
  /** What the shown hits were found for (null before the first page arrived). */
  query: PlayerFilters | null;
  hits: PlayerHit[];
  next: string | null;
  /** Why the first page failed (the server's reason), while `failed`. */
  error: string | null;
  /** The last "load more" failed; the hits stay and the member can try again. */
  loadMoreFailed: boolean;
}

export interface PlayerSearchInput {
  filters: PlayerFilters;
}

export type PlayerSearchEvent =
  /** The search box's text changed: searched after 300 ms of quiet. */
  | { type: 'search.typed'; text: string }
  /** A filter or the sort changed: searched at once. */
  | { type: 'search.filtered'; filters: Partial<Omit<PlayerFilters, 'q'>> }
  | { type: 'search.loadMore' }
  | { type: 'search.retry' };

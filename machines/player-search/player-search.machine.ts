/**
 * The Explore page's player search (docs/api.md, "Players"). It starts searching with the filters
 * it is given. Typing waits for 300 ms of quiet (`searchDebounce`) and restarts the wait; a filter
 * or the sort searches at once. Either drops a search in flight (its request is aborted). The
 * players shown stay until the new ones arrive. Pages come by the server's cursor while it gives one.
 */
import { assign, fromPromise, setup } from 'xstate';
import type {
  PlayerFilters,
  PlayerSearchContext,
  PlayerSearchEvent,
  PlayerSearchInput,
  PlayerSearchPage,
  PlayerSearchPageInput,
} from './player-search.types';

/** Quiet time after typing before searching (the app's search debounce). */
export const PLAYER_SEARCH_DEBOUNCE_MS = 300;

const sameFilters = (a: PlayerFilters, b: PlayerFilters) =>
  a.q === b.q &&
  a.team === b.team &&
  a.position === b.position &&
  a.status === b.status &&
  a.free === b.free &&
  a.sort === b.sort;

/** The filters an event asks for (the context's own when the event changes none). */
function filtersAfter(filters: PlayerFilters, event: PlayerSearchEvent): PlayerFilters {
  if (event.type === 'search.typed') return { ...filters, q: event.text.trim() };
  if (event.type === 'search.filtered') return { ...filters, ...event.filters };
  return filters;
}

const failureText = (error: unknown) =>
  error instanceof Error && error.message
    ? error.message
    : typeof error === 'string' && error
      ? error
      : 'Unknown error';

export const playerSearchMachine = setup({
  types: {
    context: {} as PlayerSearchContext,
    events: {} as PlayerSearchEvent,
    input: {} as PlayerSearchInput,
  },
  actors: {
    searchPage: fromPromise<PlayerSearchPage, PlayerSearchPageInput>(() =>
      Promise.reject(new Error('searchPage not provided')),
    ),
  },
  delays: { searchDebounce: PLAYER_SEARCH_DEBOUNCE_MS },
  guards: {
    isUnchanged: ({ context, event }) => sameFilters(filtersAfter(context.filters, event), context.filters),
    hasMore: ({ context }) => context.next !== null,
  },
  actions: {
    setFilters: assign({ filters: ({ context, event }) => filtersAfter(context.filters, event) }),
    setHits: assign(({ context }, params: { page: PlayerSearchPage }) => ({
      query: context.filters,
      hits: params.page.hits,
      next: params.page.next,
      error: null,
      loadMoreFailed: false,
    })),
    appendHits: assign(({ context }, params: { page: PlayerSearchPage }) => {
      const known = new Set(context.hits.map((hit) => hit.id));
      return {
        hits: [...context.hits, ...params.page.hits.filter((hit) => !known.has(hit.id))],
        next: params.page.next,
        loadMoreFailed: false,
      };
    }),
    setError: assign({ error: (_, params: { error: unknown }) => failureText(params.error) }),
    markLoadMoreFailed: assign({ loadMoreFailed: true }),
  },
}).createMachine({
  id: 'playerSearch',
  context: ({ input }) => ({
    filters: input.filters,
    query: null,
    hits: [],
    next: null,
    error: null,
    loadMoreFailed: false,
  }),
  initial: 'searching',
  on: {
    'search.typed': [{ guard: 'isUnchanged' }, { target: '.debouncing', reenter: true, actions: 'setFilters' }],
    'search.filtered': [{ guard: 'isUnchanged' }, { target: '.searching', reenter: true, actions: 'setFilters' }],
  },
  states: {
    debouncing: {
      after: { searchDebounce: 'searching' },
    },
    searching: {
      invoke: {
        src: 'searchPage',
        input: ({ context }) => ({ filters: context.filters, cursor: null }),
        onDone: {
          target: 'showing',
          actions: { type: 'setHits', params: ({ event }) => ({ page: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    showing: {
      on: { 'search.loadMore': { guard: 'hasMore', target: 'loadingMore' } },
    },
    loadingMore: {
      invoke: {
        src: 'searchPage',
        input: ({ context }) => ({ filters: context.query ?? context.filters, cursor: context.next }),
        onDone: {
          target: 'showing',
          actions: { type: 'appendHits', params: ({ event }) => ({ page: event.output }) },
        },
        onError: { target: 'showing', actions: 'markLoadMoreFailed' },
      },
    },
    failed: {
      on: { 'search.retry': 'searching' },
    },
  },
});

export type PlayerSearchMachine = typeof playerSearchMachine;

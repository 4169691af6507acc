/**
 * A debounced, paged search (spec section 9: search debounce 300 ms, page 10). Typing waits
 * 300 ms of quiet (`searchDebounce`) before the first page is asked for; typing again restarts
 * the wait and drops a search in flight; a blank text closes the search. Results come in pages
 * of 10 with "load more" while a page was full (or, paged by cursor, the service gave one). The source is the
 * `searchPage` actor: the member's channels by name and member, messages, or users.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ChannelSearchContext, ChannelSearchEvent, SearchPage, SearchPageInput } from './channel-search.types';

/** Quiet time after typing before searching (spec section 9). */
export const SEARCH_DEBOUNCE_MS = 300;
/** Hits per page (spec section 9). */
export const SEARCH_PAGE_SIZE = 10;

const typedText = (event: ChannelSearchEvent) => (event.type === 'search.typed' ? event.text.trim() : '');
const hasMoreAfter = (page: SearchPage) =>
  page.paging === 'cursor' ? page.next !== null : page.hits.length >= SEARCH_PAGE_SIZE;

const EMPTY = { text: '', query: '', hits: [], next: null, hasMore: false, loadMoreFailed: false };

export const channelSearchMachine = setup({
  types: {
    context: {} as ChannelSearchContext,
    events: {} as ChannelSearchEvent,
  },
  actors: {
    searchPage: fromPromise<SearchPage, SearchPageInput>(() => Promise.reject(new Error('searchPage not provided'))),
  },
  delays: { searchDebounce: SEARCH_DEBOUNCE_MS },
  guards: {
    isBlank: ({ event }) => typedText(event) === '',
    isUnchanged: ({ context, event }) => typedText(event) === context.text,
    hasMore: ({ context }) => context.hasMore,
  },
  actions: {
    clear: assign(() => EMPTY),
    setText: assign({ text: ({ event }) => typedText(event) }),
    setHits: assign(({ context }, params: { page: SearchPage }) => ({
      query: context.text,
      hits: params.page.hits,
      next: params.page.next,
      hasMore: hasMoreAfter(params.page),
      loadMoreFailed: false,
    })),
    appendHits: assign(({ context }, params: { page: SearchPage }) => {
      const known = new Set(context.hits.map((hit) => `${hit.kind}:${hit.id}`));
      return {
        hits: [...context.hits, ...params.page.hits.filter((hit) => !known.has(`${hit.kind}:${hit.id}`))],
        next: params.page.next,
        hasMore: hasMoreAfter(params.page),
        loadMoreFailed: false,
      };
    }),
    markLoadMoreFailed: assign({ loadMoreFailed: true }),
  },
}).createMachine({
  id: 'channelSearch',
  context: EMPTY,
  on: { 'search.cleared': { target: '.idle', actions: 'clear' } },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'search.typed': [{ guard: 'isBlank' }, { target: 'debouncing', actions: 'setText' }],
      },
    },
    debouncing: {
      after: { searchDebounce: 'searching' },
      on: {
        'search.typed': [
          { guard: 'isBlank', target: 'idle', actions: 'clear' },
          { guard: 'isUnchanged' },
          { target: 'debouncing', reenter: true, actions: 'setText' },
        ],
      },
    },
    searching: {
      invoke: {
        src: 'searchPage',
        input: ({ context }) => ({ query: context.text, offset: 0, next: null, limit: SEARCH_PAGE_SIZE }),
        onDone: {
          target: 'showing',
          actions: { type: 'setHits', params: ({ event }) => ({ page: event.output }) },
        },
        onError: 'failed',
      },
      on: {
        'search.typed': [
          { guard: 'isBlank', target: 'idle', actions: 'clear' },
          { guard: 'isUnchanged' },
          { target: 'debouncing', actions: 'setText' },
        ],
      },
    },
    showing: {
      on: {
        'search.loadMore': { guard: 'hasMore', target: 'loadingMore' },
        'search.typed': [
          { guard: 'isBlank', target: 'idle', actions: 'clear' },
          { guard: 'isUnchanged' },
          { target: 'debouncing', actions: 'setText' },
        ],
      },
    },
    loadingMore: {
      invoke: {
        src: 'searchPage',
        input: ({ context }) => ({
          query: context.query,
          offset: context.hits.length,
          next: context.next,
          limit: SEARCH_PAGE_SIZE,
        }),
        onDone: {
          target: 'showing',
          actions: { type: 'appendHits', params: ({ event }) => ({ page: event.output }) },
        },
        onError: { target: 'showing', actions: 'markLoadMoreFailed' },
      },
      on: {
        'search.typed': [
          { guard: 'isBlank', target: 'idle', actions: 'clear' },
          { guard: 'isUnchanged' },
          { target: 'debouncing', actions: 'setText' },
        ],
      },
    },
    failed: {
      on: {
        'search.retry': 'searching',
        'search.typed': [
          { guard: 'isBlank', target: 'idle', actions: 'clear' },
          { guard: 'isUnchanged' },
          { target: 'debouncing', actions: 'setText' },
        ],
      },
    },
  },
});

export type ChannelSearchMachine = typeof channelSearchMachine;

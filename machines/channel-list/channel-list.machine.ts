/**
 * One paged list of the member's channels (spec section 4, "Channel"; section 9: pages of 10,
 * recovery query 30): loading → ready, "load more" while the last page was full, a re-query
 * after the connection recovers that keeps what is shown, and a first page that is retried
 * three times, 1 s apart, before the list fails. The `watchChannels` actor turns the chat
 * service's events into `channel.promoted` (new message, added, visible), `channel.changed`
 * (member and channel updates) and `channel.removed` (deleted, hidden, removed, left).
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type {
  ChannelListContext,
  ChannelListEvent,
  ChannelListInput,
  ChannelPage,
  ChannelPageInput,
} from './channel-list.types';

/** Channels per page (spec section 9: channel list limit 10). */
export const CHANNEL_PAGE_SIZE = 10;
/** At most this many channels are re-queried after a reconnect (spec: recovery query 30). */
export const RECOVERY_LIMIT = 30;
/** Extra tries of the first page before the list fails, and the wait between them. */
export const FIRST_PAGE_RETRIES = 3;
export const RETRY_DELAY_MS = 1000;

const unique = (cids: string[]) => [...new Set(cids)];
const recoveryLimitOf = (context: ChannelListContext) =>
  Math.min(Math.max(context.cids.length, CHANNEL_PAGE_SIZE), RECOVERY_LIMIT);

export const channelListMachine = setup({
  types: {
    context: {} as ChannelListContext,
    input: {} as ChannelListInput,
    events: {} as ChannelListEvent,
  },
  actors: {
    queryChannels: fromPromise<ChannelPage, ChannelPageInput>(() =>
      Promise.reject(new Error('queryChannels not provided')),
    ),
    watchChannels: fromCallback<ChannelListEvent, ChannelListInput>(() => undefined),
  },
  delays: { retryDelay: RETRY_DELAY_MS },
  guards: {
    hasMore: ({ context }) => context.hasMore,
    canRetry: ({ context }) => context.retriesLeft > 0,
    isListed: ({ context, event }) => 'cid' in event && context.cids.includes(event.cid),
  },
  actions: {
    promote: assign({
      cids: ({ context, event }) =>
        'cid' in event ? [event.cid, ...context.cids.filter((cid) => cid !== event.cid)] : context.cids,
      revision: ({ context }) => context.revision + 1,
    }),
    bumpRevision: assign({ revision: ({ context }) => context.revision + 1 }),
    remove: assign({
      cids: ({ context, event }) => ('cid' in event ? context.cids.filter((cid) => cid !== event.cid) : context.cids),
      revision: ({ context }) => context.revision + 1,
    }),
    /** The first page, after any channel promoted while it loaded. */
    setFirstPage: assign(({ context }, params: { page: ChannelPage }) => ({
      cids: unique([...context.cids, ...params.page.cids]),
      hasMore: params.page.cids.length >= CHANNEL_PAGE_SIZE,
      failed: false,
      loadMoreFailed: false,
      retriesLeft: FIRST_PAGE_RETRIES,
      revision: context.revision + 1,
    })),
    appendPage: assign(({ context }, params: { page: ChannelPage }) => ({
      cids: unique([...context.cids, ...params.page.cids]),
      hasMore: params.page.cids.length >= CHANNEL_PAGE_SIZE,
      loadMoreFailed: false,
      revision: context.revision + 1,
    })),
    /** The re-queried top replaces what it covers; channels loaded beyond it stay. */
    setRecoveredPage: assign(({ context }, params: { page: ChannelPage }) => {
      const limit = recoveryLimitOf(context);
      const beyond = context.cids.length > limit;
      return {
        cids: unique([...params.page.cids, ...(beyond ? context.cids.slice(limit) : [])]),
        hasMore: params.page.cids.length >= limit || (beyond && context.hasMore),
        revision: context.revision + 1,
      };
    }),
    useRetry: assign({ retriesLeft: ({ context }) => context.retriesLeft - 1 }),
    markFailed: assign({ failed: true, retriesLeft: FIRST_PAGE_RETRIES }),
    clearFailure: assign({ failed: false }),
    markLoadMoreFailed: assign({ loadMoreFailed: true }),
    clearLoadMoreFailure: assign({ loadMoreFailed: false }),
  },
}).createMachine({
  id: 'channelList',
  context: ({ input }) => ({
    archived: input.archived,
    cids: [],
    hasMore: false,
    failed: false,
    loadMoreFailed: false,
    revision: 0,
    retriesLeft: FIRST_PAGE_RETRIES,
  }),
  invoke: { src: 'watchChannels', input: ({ context }) => ({ archived: context.archived }) },
  on: {
    'channel.promoted': { actions: 'promote' },
    'channel.changed': [{ guard: 'isListed', actions: 'bumpRevision' }, { actions: 'promote' }],
    'channel.removed': { guard: 'isListed', actions: 'remove' },
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'queryChannels',
        input: ({ context }) => ({ archived: context.archived, offset: 0, limit: CHANNEL_PAGE_SIZE }),
        onDone: {
          target: 'ready',
          actions: { type: 'setFirstPage', params: ({ event }) => ({ page: event.output }) },
        },
        onError: [
          { guard: 'canRetry', target: 'retrying', actions: 'useRetry' },
          { target: 'failed', actions: 'markFailed' },
        ],
      },
    },
    /** Waits before the next try of the first page (still "loading" to the member). */
    retrying: {
      after: { retryDelay: 'loading' },
      on: { 'connection.restored': 'loading' },
    },
    ready: {
      on: {
        'list.loadMore': { guard: 'hasMore', target: 'loadingMore', actions: 'clearLoadMoreFailure' },
        'connection.restored': 'refreshing',
      },
    },
    loadingMore: {
      invoke: {
        src: 'queryChannels',
        input: ({ context }) => ({
          archived: context.archived,
          offset: context.cids.length,
          limit: CHANNEL_PAGE_SIZE,
        }),
        onDone: {
          target: 'ready',
          actions: { type: 'appendPage', params: ({ event }) => ({ page: event.output }) },
        },
        onError: { target: 'ready', actions: 'markLoadMoreFailed' },
      },
      on: { 'connection.restored': 'refreshing' },
    },
    /** Re-queries the top of the list after a reconnect; what is shown stays meanwhile. */
    refreshing: {
      invoke: {
        src: 'queryChannels',
        input: ({ context }) => ({ archived: context.archived, offset: 0, limit: recoveryLimitOf(context) }),
        onDone: {
          target: 'ready',
          actions: { type: 'setRecoveredPage', params: ({ event }) => ({ page: event.output }) },
        },
        // The client has already refreshed the channels it watches; the list keeps them.
        onError: 'ready',
      },
    },
    failed: {
      on: {
        'list.retry': { target: 'loading', actions: 'clearFailure' },
        'connection.restored': { target: 'loading', actions: 'clearFailure' },
      },
    },
  },
});

export type ChannelListMachine = typeof channelListMachine;

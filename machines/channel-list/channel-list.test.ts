import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import {
  CHANNEL_PAGE_SIZE,
  channelListMachine,
  FIRST_PAGE_RETRIES,
  RECOVERY_LIMIT,
  RETRY_DELAY_MS,
} from './channel-list.machine';
import {
  selectCanLoadMore,
  selectCids,
  selectHasLoaded,
  selectIsRefreshing,
  selectListStatus,
  selectLoadMoreFailed,
  selectRevision,
  selectStateName,
} from './channel-list.selectors';
import type { ChannelListEvent, ChannelListInput, ChannelPage, ChannelPageInput } from './channel-list.types';

const cids = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `team:${prefix}${i}`);

/** A list whose queries are settled by the test and whose event source the test drives. */
function start(input: ChannelListInput = { archived: false }) {
  const queries: { input: ChannelPageInput; resolve: (p: ChannelPage) => void; reject: (e: unknown) => void }[] = [];
  const watched: ChannelListInput[] = [];
  let emit: (event: ChannelListEvent) => void = () => undefined;
  const clock = new SimulatedClock();
  const machine = channelListMachine.provide({
    actors: {
      queryChannels: fromPromise<ChannelPage, ChannelPageInput>(
        ({ input }) => new Promise((resolve, reject) => queries.push({ input, resolve, reject })),
      ),
      watchChannels: fromCallback<ChannelListEvent, ChannelListInput>(({ input, sendBack }) => {
        watched.push(input);
        emit = sendBack;
      }),
    },
  });
  const actor = createActor(machine, { input, clock }).start();
  return { actor, queries, watched, clock, emit: (event: ChannelListEvent) => emit(event) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('channel list machine', () => {
  it('loads the first page of 10 and offers more while the page was full', async () => {
    const { actor, queries, watched } = start();
    expect(watched).toEqual([{ archived: false }]);
    expect(selectListStatus(actor.getSnapshot())).toBe('loading');
    expect(queries[0]!.input).toEqual({ archived: false, offset: 0, limit: CHANNEL_PAGE_SIZE });
    queries[0]!.resolve({ cids: cids('a', 10) });
    await settle();
    expect(selectListStatus(actor.getSnapshot())).toBe('ready');
    expect(selectHasLoaded(actor.getSnapshot())).toBe(true);
    expect(selectCids(actor.getSnapshot())).toEqual(cids('a', 10));
    expect(selectCanLoadMore(actor.getSnapshot())).toBe(true);

    actor.send({ type: 'list.loadMore' });
    expect(selectListStatus(actor.getSnapshot())).toBe('loadingMore');
    expect(queries[1]!.input).toEqual({ archived: false, offset: 10, limit: 10 });
    // A channel repeated across pages (it moved meanwhile) is listed once.
    queries[1]!.resolve({ cids: ['team:a9', ...cids('b', 2)] });
    await settle();
    expect(selectCids(actor.getSnapshot())).toEqual([...cids('a', 10), ...cids('b', 2)]);
    expect(selectCanLoadMore(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'list.loadMore' });
    expect(queries).toHaveLength(2);
  });

  it('asks for the archived channels when it is the archive list', () => {
    const { queries, watched } = start({ archived: true });
    expect(watched).toEqual([{ archived: true }]);
    expect(queries[0]!.input.archived).toBe(true);
  });

  it('promotes, includes and removes channels as the service reports them', async () => {
    const { actor, queries, emit } = start();
    // Promoted while the first page loads: kept, ahead of the page.
    emit({ type: 'channel.promoted', cid: 'messaging:dm' });
    queries[0]!.resolve({ cids: ['team:a', 'team:b', 'team:c'] });
    await settle();
    expect(selectCids(actor.getSnapshot())).toEqual(['messaging:dm', 'team:a', 'team:b', 'team:c']);

    emit({ type: 'channel.promoted', cid: 'team:c' });
    expect(selectCids(actor.getSnapshot())).toEqual(['team:c', 'messaging:dm', 'team:a', 'team:b']);

    const revision = selectRevision(actor.getSnapshot());
    emit({ type: 'channel.changed', cid: 'team:a' });
    expect(selectCids(actor.getSnapshot())).toEqual(['team:c', 'messaging:dm', 'team:a', 'team:b']);
    expect(selectRevision(actor.getSnapshot())).toBe(revision + 1);
    emit({ type: 'channel.changed', cid: 'team:new' });
    expect(selectCids(actor.getSnapshot())[0]).toBe('team:new');

    emit({ type: 'channel.removed', cid: 'messaging:dm' });
    expect(selectCids(actor.getSnapshot())).toEqual(['team:new', 'team:c', 'team:a', 'team:b']);
    const before = selectRevision(actor.getSnapshot());
    emit({ type: 'channel.removed', cid: 'messaging:unknown' });
    expect(selectRevision(actor.getSnapshot())).toBe(before);
  });

  it('loads the next page after the channels on screen, so a removal skips none', async () => {
    const { actor, queries, emit } = start();
    queries[0]!.resolve({ cids: cids('a', 10) });
    await settle();
    emit({ type: 'channel.removed', cid: 'team:a3' });
    actor.send({ type: 'list.loadMore' });
    expect(queries[1]!.input.offset).toBe(9);
  });

  it('tries the first page three more times, 1 s apart, then fails until retried', async () => {
    const { actor, queries, clock } = start();
    for (let attempt = 0; attempt < FIRST_PAGE_RETRIES; attempt++) {
      queries[attempt]!.reject(new Error('offline'));
      await settle();
      expect(selectStateName(actor.getSnapshot())).toBe('retrying');
      expect(selectListStatus(actor.getSnapshot())).toBe('loading');
      clock.increment(RETRY_DELAY_MS - 1);
      expect(queries).toHaveLength(attempt + 1);
      clock.increment(1);
      expect(queries).toHaveLength(attempt + 2);
    }
    queries[FIRST_PAGE_RETRIES]!.reject(new Error('offline'));
    await settle();
    expect(selectListStatus(actor.getSnapshot())).toBe('failed');
    expect(selectHasLoaded(actor.getSnapshot())).toBe(false);

    actor.send({ type: 'list.retry' });
    expect(selectListStatus(actor.getSnapshot())).toBe('loading');
    // A fresh set of tries.
    queries.at(-1)!.reject(new Error('offline'));
    await settle();
    expect(selectStateName(actor.getSnapshot())).toBe('retrying');
  });

  it('loads at once when the connection recovers while waiting to retry or failed', async () => {
    const { actor, queries } = start();
    queries[0]!.reject(new Error('offline'));
    await settle();
    actor.send({ type: 'connection.recovered' });
    expect(selectStateName(actor.getSnapshot())).toBe('loading');
    expect(queries).toHaveLength(2);
  });

  it('keeps the channels when loading more fails, and says so until the next try', async () => {
    const { actor, queries } = start();
    queries[0]!.resolve({ cids: cids('a', 10) });
    await settle();
    actor.send({ type: 'list.loadMore' });
    queries[1]!.reject(new Error('offline'));
    await settle();
    expect(selectListStatus(actor.getSnapshot())).toBe('ready');
    expect(selectLoadMoreFailed(actor.getSnapshot())).toBe(true);
    expect(selectCids(actor.getSnapshot())).toHaveLength(10);
    actor.send({ type: 'list.loadMore' });
    expect(selectLoadMoreFailed(actor.getSnapshot())).toBe(false);
    expect(queries[2]!.input.offset).toBe(10);
  });

  it('re-queries the top after a reconnect, keeping what it shows meanwhile', async () => {
    const { actor, queries } = start();
    queries[0]!.resolve({ cids: cids('a', 10) });
    await settle();
    actor.send({ type: 'list.loadMore' });
    queries[1]!.resolve({ cids: cids('b', 10) });
    await settle();

    actor.send({ type: 'connection.recovered' });
    expect(selectIsRefreshing(actor.getSnapshot())).toBe(true);
    expect(selectCids(actor.getSnapshot())).toHaveLength(20);
    expect(queries[2]!.input).toEqual({ archived: false, offset: 0, limit: 20 });
    // Meanwhile one channel went away and another arrived.
    queries[2]!.resolve({ cids: ['team:fresh', ...cids('a', 10), ...cids('b', 8)] });
    await settle();
    expect(selectListStatus(actor.getSnapshot())).toBe('ready');
    expect(selectCids(actor.getSnapshot())).toHaveLength(19);
    expect(selectCids(actor.getSnapshot())[0]).toBe('team:fresh');
    expect(selectCanLoadMore(actor.getSnapshot())).toBe(false);
  });

  it('re-queries at most 30 channels and keeps those loaded beyond them', async () => {
    const { actor, queries } = start();
    queries[0]!.resolve({ cids: cids('a', 10) });
    await settle();
    for (const prefix of ['b', 'c', 'd']) {
      actor.send({ type: 'list.loadMore' });
      queries.at(-1)!.resolve({ cids: cids(prefix, 10) });
      await settle();
    }
    expect(selectCids(actor.getSnapshot())).toHaveLength(40);
    actor.send({ type: 'connection.recovered' });
    expect(queries.at(-1)!.input.limit).toBe(RECOVERY_LIMIT);
    queries.at(-1)!.resolve({ cids: [...cids('a', 10), ...cids('b', 10), ...cids('c', 10)] });
    await settle();
    expect(selectCids(actor.getSnapshot())).toHaveLength(40);
    expect(selectCanLoadMore(actor.getSnapshot())).toBe(true);
  });

  it('keeps the list when the re-query fails, and a reconnect while loading more re-queries', async () => {
    const { actor, queries } = start();
    queries[0]!.resolve({ cids: cids('a', 10) });
    await settle();
    actor.send({ type: 'list.loadMore' });
    actor.send({ type: 'connection.recovered' });
    expect(selectIsRefreshing(actor.getSnapshot())).toBe(true);
    expect(queries.at(-1)!.input).toEqual({ archived: false, offset: 0, limit: 10 });
    queries.at(-1)!.reject(new Error('offline'));
    await settle();
    expect(selectListStatus(actor.getSnapshot())).toBe('ready');
    expect(selectCids(actor.getSnapshot())).toEqual(cids('a', 10));
  });
});

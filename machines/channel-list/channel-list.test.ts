import { describe, expect, it } from 'vitest';
import { fromCallback, fromPromise } from 'xstate';
import { machineTest } from '../shared/machine-test';
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
} from './channel-list.selectors';
import type { ChannelListEvent, ChannelListInput, ChannelPage, ChannelPageInput } from './channel-list.types';

const cids = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `team:${prefix}${i}`);

/** A list whose queries are settled by the test and whose event source the test drives. */
function start(input: ChannelListInput = { archived: false }) {
  const queries: { input: ChannelPageInput; resolve: (p: ChannelPage) => void; reject: (e: unknown) => void }[] = [];
  const watched: ChannelListInput[] = [];
  let emit: (event: ChannelListEvent) => void = () => undefined;
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
  const run = machineTest(machine, { input });
  return { run, queries, watched, emit: (event: ChannelListEvent) => emit(event) };
}

describe('channel list machine', () => {
  it('loads the first page of 10 and offers more while the page was full', async () => {
    const { run, queries, watched } = start();
    expect(watched).toEqual([{ archived: false }]);
    run.expectSelected(selectListStatus, 'loading');
    expect(queries[0]!.input).toEqual({ archived: false, offset: 0, limit: CHANNEL_PAGE_SIZE });
    queries[0]!.resolve({ cids: cids('a', 10) });
    (await run.settle())
      .expectSelected(selectListStatus, 'ready')
      .expectSelected(selectHasLoaded, true)
      .expectSelected(selectCids, cids('a', 10))
      .expectSelected(selectCanLoadMore, true);

    run.send({ type: 'list.loadMore' }).expectSelected(selectListStatus, 'loadingMore');
    expect(queries[1]!.input).toEqual({ archived: false, offset: 10, limit: 10 });
    // A channel repeated across pages (it moved meanwhile) is listed once.
    queries[1]!.resolve({ cids: ['team:a9', ...cids('b', 2)] });
    (await run.settle())
      .expectSelected(selectCids, [...cids('a', 10), ...cids('b', 2)])
      .expectSelected(selectCanLoadMore, false)
      .send({ type: 'list.loadMore' });
    expect(queries).toHaveLength(2);
  });

  it('asks for the archived channels when it is the archive list', () => {
    const { queries, watched } = start({ archived: true });
    expect(watched).toEqual([{ archived: true }]);
    expect(queries[0]!.input.archived).toBe(true);
  });

  it('promotes, includes and removes channels as the service reports them', async () => {
    const { run, queries, emit } = start();
    // Promoted while the first page loads: kept, ahead of the page.
    emit({ type: 'channel.promoted', cid: 'messaging:dm' });
    queries[0]!.resolve({ cids: ['team:a', 'team:b', 'team:c'] });
    (await run.settle()).expectSelected(selectCids, ['messaging:dm', 'team:a', 'team:b', 'team:c']);

    emit({ type: 'channel.promoted', cid: 'team:c' });
    run.expectSelected(selectCids, ['team:c', 'messaging:dm', 'team:a', 'team:b']);

    const revision = selectRevision(run.snapshot());
    emit({ type: 'channel.changed', cid: 'team:a' });
    run
      .expectSelected(selectCids, ['team:c', 'messaging:dm', 'team:a', 'team:b'])
      .expectSelected(selectRevision, revision + 1);
    emit({ type: 'channel.changed', cid: 'team:new' });
    expect(selectCids(run.snapshot())[0]).toBe('team:new');

    emit({ type: 'channel.removed', cid: 'messaging:dm' });
    run.expectSelected(selectCids, ['team:new', 'team:c', 'team:a', 'team:b']);
    const before = selectRevision(run.snapshot());
    emit({ type: 'channel.removed', cid: 'messaging:unknown' });
    run.expectSelected(selectRevision, before);
  });

  it('loads the next page after the channels on screen, so a removal skips none', async () => {
    const { run, queries, emit } = start();
    queries[0]!.resolve({ cids: cids('a', 10) });
    await run.settle();
    emit({ type: 'channel.removed', cid: 'team:a3' });
    run.send({ type: 'list.loadMore' });
    expect(queries[1]!.input.offset).toBe(9);
  });

  it('tries the first page three more times, 1 s apart, then fails until retried', async () => {
    const { run, queries } = start();
    for (let attempt = 0; attempt < FIRST_PAGE_RETRIES; attempt++) {
      queries[attempt]!.reject(new Error('offline'));
      (await run.settle())
        .expectPaths('retrying')
        .expectSelected(selectListStatus, 'loading')
        .advance(RETRY_DELAY_MS - 1);
      expect(queries).toHaveLength(attempt + 1);
      run.advance(1);
      expect(queries).toHaveLength(attempt + 2);
    }
    queries[FIRST_PAGE_RETRIES]!.reject(new Error('offline'));
    (await run.settle()).expectSelected(selectListStatus, 'failed').expectSelected(selectHasLoaded, false);

    run.send({ type: 'list.retry' }).expectSelected(selectListStatus, 'loading');
    // A fresh set of tries.
    queries.at(-1)!.reject(new Error('offline'));
    (await run.settle()).expectPaths('retrying');
  });

  it('loads at once when the connection recovers while waiting to retry or failed', async () => {
    const { run, queries } = start();
    queries[0]!.reject(new Error('offline'));
    (await run.settle()).send({ type: 'connection.restored' }).expectPaths('loading');
    expect(queries).toHaveLength(2);
  });

  it('keeps the channels when loading more fails, and says so until the next try', async () => {
    const { run, queries } = start();
    queries[0]!.resolve({ cids: cids('a', 10) });
    (await run.settle()).send({ type: 'list.loadMore' });
    queries[1]!.reject(new Error('offline'));
    (await run.settle()).expectSelected(selectListStatus, 'ready').expectSelected(selectLoadMoreFailed, true);
    expect(selectCids(run.snapshot())).toHaveLength(10);
    run.send({ type: 'list.loadMore' }).expectSelected(selectLoadMoreFailed, false);
    expect(queries[2]!.input.offset).toBe(10);
  });

  it('re-queries the top after a reconnect, keeping what it shows meanwhile', async () => {
    const { run, queries } = start();
    queries[0]!.resolve({ cids: cids('a', 10) });
    (await run.settle()).send({ type: 'list.loadMore' });
    queries[1]!.resolve({ cids: cids('b', 10) });
    await run.settle();

    run.send({ type: 'connection.restored' }).expectSelected(selectIsRefreshing, true);
    expect(selectCids(run.snapshot())).toHaveLength(20);
    expect(queries[2]!.input).toEqual({ archived: false, offset: 0, limit: 20 });
    // Meanwhile one channel went away and another arrived.
    queries[2]!.resolve({ cids: ['team:fresh', ...cids('a', 10), ...cids('b', 8)] });
    (await run.settle()).expectSelected(selectListStatus, 'ready');
    expect(selectCids(run.snapshot())).toHaveLength(19);
    expect(selectCids(run.snapshot())[0]).toBe('team:fresh');
    run.expectSelected(selectCanLoadMore, false);
  });

  it('re-queries at most 30 channels and keeps those loaded beyond them', async () => {
    const { run, queries } = start();
    queries[0]!.resolve({ cids: cids('a', 10) });
    await run.settle();
    for (const prefix of ['b', 'c', 'd']) {
      run.send({ type: 'list.loadMore' });
      queries.at(-1)!.resolve({ cids: cids(prefix, 10) });
      await run.settle();
    }
    expect(selectCids(run.snapshot())).toHaveLength(40);
    run.send({ type: 'connection.restored' });
    expect(queries.at(-1)!.input.limit).toBe(RECOVERY_LIMIT);
    queries.at(-1)!.resolve({ cids: [...cids('a', 10), ...cids('b', 10), ...cids('c', 10)] });
    await run.settle();
    expect(selectCids(run.snapshot())).toHaveLength(40);
    run.expectSelected(selectCanLoadMore, true);
  });

  it('keeps the list when the re-query fails, and a reconnect while loading more re-queries', async () => {
    const { run, queries } = start();
    queries[0]!.resolve({ cids: cids('a', 10) });
    (await run.settle())
      .send({ type: 'list.loadMore' })
      .send({ type: 'connection.restored' })
      .expectSelected(selectIsRefreshing, true);
    expect(queries.at(-1)!.input).toEqual({ archived: false, offset: 0, limit: 10 });
    queries.at(-1)!.reject(new Error('offline'));
    (await run.settle()).expectSelected(selectListStatus, 'ready').expectSelected(selectCids, cids('a', 10));
  });
});

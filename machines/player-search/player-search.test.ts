import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { machineTest } from '../shared/machine-test';
import { PLAYER_SEARCH_DEBOUNCE_MS, playerSearchMachine } from './player-search.machine';
import {
  selectCanLoadMore,
  selectError,
  selectFilters,
  selectHasFailed,
  selectHasLoaded,
  selectHasMore,
  selectHits,
  selectIsLoadingMore,
  selectIsPending,
  selectIsSettled,
  selectLoadMoreFailed,
} from './player-search.selectors';
import type { PlayerFilters, PlayerSearchPage, PlayerSearchPageInput } from './player-search.types';

const FILTERS: PlayerFilters = { q: '', team: null, position: null, status: null, free: false, sort: 'name' };
const players = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ id: from + i }));

function start(filters: PlayerFilters = FILTERS) {
  const calls: {
    input: PlayerSearchPageInput;
    signal: AbortSignal;
    resolve: (p: PlayerSearchPage) => void;
    reject: (e: unknown) => void;
  }[] = [];
  const machine = playerSearchMachine.provide({
    actors: {
      searchPage: fromPromise<PlayerSearchPage, PlayerSearchPageInput>(
        ({ input, signal }) => new Promise((resolve, reject) => calls.push({ input, signal, resolve, reject })),
      ),
    },
  });
  const run = machineTest(machine, { input: { filters } });
  return { run, calls };
}

describe('player search machine', () => {
  it('searches with the filters it starts with, and shows the first page', async () => {
    const { run, calls } = start({ ...FILTERS, q: 'ana', sort: 'goals' });
    run.expectPaths('searching').expectSelected(selectIsPending, true).expectSelected(selectHasLoaded, false);
    expect(calls[0]!.input).toEqual({ filters: { ...FILTERS, q: 'ana', sort: 'goals' }, cursor: null });
    calls[0]!.resolve({ hits: players(1, 3), next: null });
    (await run.settle()).expectPaths('showing').expectSelected(selectIsSettled, true);
    expect(selectHits(run.snapshot())).toHaveLength(3);
    run.expectSelected(selectHasMore, false).expectSelected(selectCanLoadMore, false);
  });

  it('waits for 300 ms of quiet after typing, and ignores spaces only', async () => {
    const { run, calls } = start();
    calls[0]!.resolve({ hits: players(1, 5), next: null });
    (await run.settle()).send({ type: 'search.typed', text: 'an' }).expectPaths('debouncing');
    // The players of the previous filters stay while the new ones are pending.
    expect(selectHits(run.snapshot())).toHaveLength(5);
    run
      .expectSelected(selectIsSettled, false)
      .advance(PLAYER_SEARCH_DEBOUNCE_MS - 1)
      .send({ type: 'search.typed', text: 'ana' })
      .advance(PLAYER_SEARCH_DEBOUNCE_MS - 1);
    expect(calls).toHaveLength(1);
    run.send({ type: 'search.typed', text: ' ana ' }).advance(1);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.input.filters.q).toBe('ana');
    expect(selectFilters(run.snapshot()).q).toBe('ana');
  });

  it('searches at once when a filter changes, dropping the search in flight', async () => {
    const { run, calls } = start();
    run.send({ type: 'search.filtered', filters: { team: 4 } });
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(calls[1]!.input).toEqual({ filters: { ...FILTERS, team: 4 }, cursor: null });
    // The same filter again asks nothing.
    run.send({ type: 'search.filtered', filters: { team: 4 } });
    expect(calls).toHaveLength(2);
    calls[0]!.resolve({ hits: players(100, 1), next: null });
    calls[1]!.resolve({ hits: players(1, 2), next: null });
    await run.settle();
    expect(selectHits(run.snapshot()).map((h) => h.id)).toEqual([1, 2]);
  });

  it('typing during a search drops it and waits again', () => {
    const { run, calls } = start();
    run.send({ type: 'search.typed', text: 'zoe' });
    expect(calls[0]!.signal.aborted).toBe(true);
    run
      .expectPaths('debouncing')
      .send({ type: 'search.filtered', filters: { position: 'FW' } })
      .expectPaths('searching');
    expect(calls[1]!.input.filters).toEqual({ ...FILTERS, q: 'zoe', position: 'FW' });
    run.advance(PLAYER_SEARCH_DEBOUNCE_MS);
    expect(calls).toHaveLength(2);
  });

  it('loads the next page by cursor with the same filters, without repeats', async () => {
    const { run, calls } = start({ ...FILTERS, sort: 'appearances' });
    calls[0]!.resolve({ hits: players(1, 3), next: 'c1' });
    (await run.settle())
      .expectSelected(selectCanLoadMore, true)
      .send({ type: 'search.loadMore' })
      .expectSelected(selectIsLoadingMore, true);
    expect(calls[1]!.input).toEqual({ filters: { ...FILTERS, sort: 'appearances' }, cursor: 'c1' });
    calls[1]!.resolve({ hits: players(3, 3), next: null });
    await run.settle();
    expect(selectHits(run.snapshot()).map((h) => h.id)).toEqual([1, 2, 3, 4, 5]);
    run.expectSelected(selectHasMore, false).send({ type: 'search.loadMore' });
    expect(calls).toHaveLength(2);
  });

  it('keeps the players when a next page fails, and can try again', async () => {
    const { run, calls } = start();
    calls[0]!.resolve({ hits: players(1, 3), next: 'c1' });
    (await run.settle()).send({ type: 'search.loadMore' });
    calls[1]!.reject(new Error('offline'));
    (await run.settle()).expectPaths('showing').expectSelected(selectLoadMoreFailed, true);
    expect(selectHits(run.snapshot())).toHaveLength(3);
    run.send({ type: 'search.loadMore' });
    calls[2]!.resolve({ hits: players(4, 1), next: null });
    (await run.settle()).expectSelected(selectLoadMoreFailed, false);
    expect(selectHits(run.snapshot())).toHaveLength(4);
  });

  it('a new search while a page loads drops the page', async () => {
    const { run, calls } = start();
    calls[0]!.resolve({ hits: players(1, 3), next: 'c1' });
    (await run.settle()).send({ type: 'search.loadMore' }).send({ type: 'search.filtered', filters: { free: true } });
    expect(calls[1]!.signal.aborted).toBe(true);
    expect(calls[2]!.input).toEqual({ filters: { ...FILTERS, free: true }, cursor: null });
  });

  it('says why the first page failed, and retries', async () => {
    const { run, calls } = start();
    calls[0]!.reject(new Error('querystring/position must be one of GK, DF, MF, FW'));
    (await run.settle())
      .expectSelected(selectHasFailed, true)
      .expectSelected(selectError, 'querystring/position must be one of GK, DF, MF, FW')
      .send({ type: 'search.retry' })
      .expectPaths('searching');
    calls[1]!.resolve({ hits: players(1, 1), next: null });
    (await run.settle()).expectSelected(selectError, null).expectSelected(selectIsSettled, true);
  });

  it('a failure without a message still says something', async () => {
    const { run, calls } = start();
    calls[0]!.reject('');
    (await run.settle())
      .expectSelected(selectError, 'Unknown error')
      .send({ type: 'search.typed', text: 'x' })
      .expectPaths('debouncing');
  });
});

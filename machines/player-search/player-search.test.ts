import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
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
  selectStateName,
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
  const clock = new SimulatedClock();
  const machine = playerSearchMachine.provide({
    actors: {
      searchPage: fromPromise<PlayerSearchPage, PlayerSearchPageInput>(
        ({ input, signal }) => new Promise((resolve, reject) => calls.push({ input, signal, resolve, reject })),
      ),
    },
  });
  const actor = createActor(machine, { clock, input: { filters } }).start();
  return { actor, calls, clock };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('player search machine', () => {
  it('searches with the filters it starts with, and shows the first page', async () => {
    const { actor, calls } = start({ ...FILTERS, q: 'ana', sort: 'goals' });
    expect(selectStateName(actor.getSnapshot())).toBe('searching');
    expect(selectIsPending(actor.getSnapshot())).toBe(true);
    expect(selectHasLoaded(actor.getSnapshot())).toBe(false);
    expect(calls[0]!.input).toEqual({ filters: { ...FILTERS, q: 'ana', sort: 'goals' }, cursor: null });
    calls[0]!.resolve({ hits: players(1, 3), next: null });
    await settle();
    expect(selectStateName(actor.getSnapshot())).toBe('showing');
    expect(selectIsSettled(actor.getSnapshot())).toBe(true);
    expect(selectHits(actor.getSnapshot())).toHaveLength(3);
    expect(selectHasMore(actor.getSnapshot())).toBe(false);
    expect(selectCanLoadMore(actor.getSnapshot())).toBe(false);
  });

  it('waits for 300 ms of quiet after typing, and ignores spaces only', async () => {
    const { actor, calls, clock } = start();
    calls[0]!.resolve({ hits: players(1, 5), next: null });
    await settle();
    actor.send({ type: 'search.typed', text: 'an' });
    expect(selectStateName(actor.getSnapshot())).toBe('debouncing');
    // The players of the previous filters stay while the new ones are pending.
    expect(selectHits(actor.getSnapshot())).toHaveLength(5);
    expect(selectIsSettled(actor.getSnapshot())).toBe(false);
    clock.increment(PLAYER_SEARCH_DEBOUNCE_MS - 1);
    actor.send({ type: 'search.typed', text: 'ana' });
    clock.increment(PLAYER_SEARCH_DEBOUNCE_MS - 1);
    expect(calls).toHaveLength(1);
    actor.send({ type: 'search.typed', text: ' ana ' });
    clock.increment(1);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.input.filters.q).toBe('ana');
    expect(selectFilters(actor.getSnapshot()).q).toBe('ana');
  });

  it('searches at once when a filter changes, dropping the search in flight', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'search.filtered', filters: { team: 4 } });
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(calls[1]!.input).toEqual({ filters: { ...FILTERS, team: 4 }, cursor: null });
    // The same filter again asks nothing.
    actor.send({ type: 'search.filtered', filters: { team: 4 } });
    expect(calls).toHaveLength(2);
    calls[0]!.resolve({ hits: players(100, 1), next: null });
    calls[1]!.resolve({ hits: players(1, 2), next: null });
    await settle();
    expect(selectHits(actor.getSnapshot()).map((h) => h.id)).toEqual([1, 2]);
  });

  it('typing during a search drops it and waits again', () => {
    const { actor, calls, clock } = start();
    actor.send({ type: 'search.typed', text: 'zoe' });
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(selectStateName(actor.getSnapshot())).toBe('debouncing');
    actor.send({ type: 'search.filtered', filters: { position: 'FW' } });
    expect(selectStateName(actor.getSnapshot())).toBe('searching');
    expect(calls[1]!.input.filters).toEqual({ ...FILTERS, q: 'zoe', position: 'FW' });
    clock.increment(PLAYER_SEARCH_DEBOUNCE_MS);
    expect(calls).toHaveLength(2);
  });

  it('loads the next page by cursor with the same filters, without repeats', async () => {
    const { actor, calls } = start({ ...FILTERS, sort: 'appearances' });
    calls[0]!.resolve({ hits: players(1, 3), next: 'c1' });
    await settle();
    expect(selectCanLoadMore(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'search.loadMore' });
    expect(selectIsLoadingMore(actor.getSnapshot())).toBe(true);
    expect(calls[1]!.input).toEqual({ filters: { ...FILTERS, sort: 'appearances' }, cursor: 'c1' });
    calls[1]!.resolve({ hits: players(3, 3), next: null });
    await settle();
    expect(selectHits(actor.getSnapshot()).map((h) => h.id)).toEqual([1, 2, 3, 4, 5]);
    expect(selectHasMore(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'search.loadMore' });
    expect(calls).toHaveLength(2);
  });

  it('keeps the players when a next page fails, and can try again', async () => {
    const { actor, calls } = start();
    calls[0]!.resolve({ hits: players(1, 3), next: 'c1' });
    await settle();
    actor.send({ type: 'search.loadMore' });
    calls[1]!.reject(new Error('offline'));
    await settle();
    expect(selectStateName(actor.getSnapshot())).toBe('showing');
    expect(selectLoadMoreFailed(actor.getSnapshot())).toBe(true);
    expect(selectHits(actor.getSnapshot())).toHaveLength(3);
    actor.send({ type: 'search.loadMore' });
    calls[2]!.resolve({ hits: players(4, 1), next: null });
    await settle();
    expect(selectLoadMoreFailed(actor.getSnapshot())).toBe(false);
    expect(selectHits(actor.getSnapshot())).toHaveLength(4);
  });

  it('a new search while a page loads drops the page', async () => {
    const { actor, calls } = start();
    calls[0]!.resolve({ hits: players(1, 3), next: 'c1' });
    await settle();
    actor.send({ type: 'search.loadMore' });
    actor.send({ type: 'search.filtered', filters: { free: true } });
    expect(calls[1]!.signal.aborted).toBe(true);
    expect(calls[2]!.input).toEqual({ filters: { ...FILTERS, free: true }, cursor: null });
  });

  it('says why the first page failed, and retries', async () => {
    const { actor, calls } = start();
    calls[0]!.reject(new Error('querystring/position must be one of GK, DF, MF, FW'));
    await settle();
    expect(selectHasFailed(actor.getSnapshot())).toBe(true);
    expect(selectError(actor.getSnapshot())).toBe('querystring/position must be one of GK, DF, MF, FW');
    actor.send({ type: 'search.retry' });
    expect(selectStateName(actor.getSnapshot())).toBe('searching');
    calls[1]!.resolve({ hits: players(1, 1), next: null });
    await settle();
    expect(selectError(actor.getSnapshot())).toBeNull();
    expect(selectIsSettled(actor.getSnapshot())).toBe(true);
  });

  it('a failure without a message still says something', async () => {
    const { actor, calls } = start();
    calls[0]!.reject('');
    await settle();
    expect(selectError(actor.getSnapshot())).toBe('Unknown error');
    actor.send({ type: 'search.typed', text: 'x' });
    expect(selectStateName(actor.getSnapshot())).toBe('debouncing');
  });
});

import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { channelSearchMachine, SEARCH_DEBOUNCE_MS, SEARCH_PAGE_SIZE } from './channel-search.machine';
import {
  selectCanLoadMore,
  selectChannelHits,
  selectHasFailed,
  selectHasResults,
  selectHits,
  selectIsActive,
  selectIsLoadingMore,
  selectIsPending,
  selectLoadMoreFailed,
  selectMessageHits,
  selectQuery,
  selectStateName,
  selectText,
  selectUserHits,
} from './channel-search.selectors';
import type { MessageHit, SearchHit, SearchPage, SearchPageInput } from './channel-search.types';

const channels = (prefix: string, count: number): SearchHit[] =>
  Array.from({ length: count }, (_, i) => ({ kind: 'channel', id: `team:${prefix}${i}` }));

function start() {
  const calls: {
    input: SearchPageInput;
    signal: AbortSignal;
    resolve: (p: SearchPage) => void;
    reject: (e: unknown) => void;
  }[] = [];
  const clock = new SimulatedClock();
  const machine = channelSearchMachine.provide({
    actors: {
      searchPage: fromPromise<SearchPage, SearchPageInput>(
        ({ input, signal }) => new Promise((resolve, reject) => calls.push({ input, signal, resolve, reject })),
      ),
    },
  });
  const actor = createActor(machine, { clock }).start();
  return { actor, calls, clock };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('channel search machine', () => {
  it('searches once the member has stopped typing for 300 ms', () => {
    const { actor, calls, clock } = start();
    expect(selectIsActive(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'search.typed', text: 'ma' });
    expect(selectIsActive(actor.getSnapshot())).toBe(true);
    expect(selectIsPending(actor.getSnapshot())).toBe(true);
    clock.increment(SEARCH_DEBOUNCE_MS - 1);
    actor.send({ type: 'search.typed', text: 'match' });
    clock.increment(SEARCH_DEBOUNCE_MS - 1);
    expect(calls).toHaveLength(0);
    // The same text (spaces aside) does not restart the wait.
    actor.send({ type: 'search.typed', text: 'match ' });
    clock.increment(1);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.input).toEqual({ query: 'match', offset: 0, next: null, limit: SEARCH_PAGE_SIZE });
    expect(selectStateName(actor.getSnapshot())).toBe('searching');
  });

  it('gives the same hit lists while the hits stay the same, new ones when they change', async () => {
    const { actor, calls, clock } = start();
    actor.send({ type: 'search.typed', text: 'league' });
    clock.increment(SEARCH_DEBOUNCE_MS);
    calls[0]!.resolve({ hits: channels('a', 10), paging: 'offset', next: null });
    await settle();
    const before = actor.getSnapshot();
    // A new snapshot that leaves the hits alone (the next text waits for its debounce).
    actor.send({ type: 'search.typed', text: 'leagues' });
    expect(actor.getSnapshot()).not.toBe(before);
    expect(selectChannelHits(actor.getSnapshot())).toBe(selectChannelHits(before));
    expect(selectUserHits(actor.getSnapshot())).toBe(selectUserHits(before));
    clock.increment(SEARCH_DEBOUNCE_MS);
    calls[1]!.resolve({ hits: channels('b', 2), paging: 'offset', next: null });
    await settle();
    expect(selectChannelHits(actor.getSnapshot())).not.toBe(selectChannelHits(before));
    expect(selectChannelHits(actor.getSnapshot())).toHaveLength(2);
  });

  it('shows a page of 10 and loads more while pages are full', async () => {
    const { actor, calls, clock } = start();
    actor.send({ type: 'search.typed', text: 'league' });
    clock.increment(SEARCH_DEBOUNCE_MS);
    calls[0]!.resolve({ hits: channels('a', 10), paging: 'offset', next: null });
    await settle();
    expect(selectHasResults(actor.getSnapshot())).toBe(true);
    expect(selectQuery(actor.getSnapshot())).toBe('league');
    expect(selectChannelHits(actor.getSnapshot())).toHaveLength(10);
    expect(selectCanLoadMore(actor.getSnapshot())).toBe(true);

    actor.send({ type: 'search.loadMore' });
    expect(selectIsLoadingMore(actor.getSnapshot())).toBe(true);
    expect(calls[1]!.input).toEqual({ query: 'league', offset: 10, next: null, limit: 10 });
    calls[1]!.resolve({ hits: [...channels('a', 1), ...channels('b', 3)], paging: 'offset', next: null });
    await settle();
    expect(selectHits(actor.getSnapshot())).toHaveLength(13);
    expect(selectCanLoadMore(actor.getSnapshot())).toBe(false);
  });

  it('pages by the service cursor when it gives one', async () => {
    const { actor, calls, clock } = start();
    actor.send({ type: 'search.typed', text: 'kick-off' });
    clock.increment(SEARCH_DEBOUNCE_MS);
    const hit: MessageHit = {
      kind: 'message',
      id: 'm1',
      text: 'Kick-off at 10:30',
      createdAt: '2026-01-01T10:00:00Z',
      channelType: 'team',
      channelId: 'matchday',
      channelName: 'Match day',
      userId: 'u1',
      userName: 'Jordan',
    };
    calls[0]!.resolve({ hits: [hit], paging: 'cursor', next: 'cursor-2' });
    await settle();
    expect(selectMessageHits(actor.getSnapshot())).toEqual([hit]);
    expect(selectUserHits(actor.getSnapshot())).toEqual([]);
    actor.send({ type: 'search.loadMore' });
    expect(calls[1]!.input.next).toBe('cursor-2');
    // A full page without a cursor is the last one.
    const more = Array.from({ length: 10 }, (_, i) => ({ ...hit, id: `m${i + 2}` }));
    calls[1]!.resolve({ hits: more, paging: 'cursor', next: null });
    await settle();
    expect(selectHits(actor.getSnapshot())).toHaveLength(11);
    expect(selectCanLoadMore(actor.getSnapshot())).toBe(false);
  });

  it('drops a search in flight when the text changes, and keeps old hits until new ones come', async () => {
    const { actor, calls, clock } = start();
    actor.send({ type: 'search.typed', text: 'match' });
    clock.increment(SEARCH_DEBOUNCE_MS);
    calls[0]!.resolve({ hits: channels('m', 2), paging: 'offset', next: null });
    await settle();
    actor.send({ type: 'search.typed', text: 'match d' });
    expect(selectHasResults(actor.getSnapshot())).toBe(false);
    expect(selectHits(actor.getSnapshot())).toHaveLength(2);
    expect(selectText(actor.getSnapshot())).toBe('match d');
    clock.increment(SEARCH_DEBOUNCE_MS);
    actor.send({ type: 'search.typed', text: 'match da' });
    expect(calls[1]!.signal.aborted).toBe(true);
    clock.increment(SEARCH_DEBOUNCE_MS);
    calls[2]!.resolve({ hits: channels('d', 1), paging: 'offset', next: null });
    await settle();
    expect(selectQuery(actor.getSnapshot())).toBe('match da');
    expect(selectHits(actor.getSnapshot())).toEqual(channels('d', 1));
  });

  it('closes on a blank text or when cleared, from any state', async () => {
    const { actor, calls, clock } = start();
    actor.send({ type: 'search.typed', text: '   ' });
    expect(selectIsActive(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'search.typed', text: 'x' });
    actor.send({ type: 'search.typed', text: '' });
    expect(selectIsActive(actor.getSnapshot())).toBe(false);
    clock.increment(SEARCH_DEBOUNCE_MS);
    expect(calls).toHaveLength(0);
    actor.send({ type: 'search.typed', text: 'x' });
    clock.increment(SEARCH_DEBOUNCE_MS);
    calls[0]!.resolve({ hits: channels('x', 1), paging: 'offset', next: null });
    await settle();
    actor.send({ type: 'search.cleared' });
    expect(selectIsActive(actor.getSnapshot())).toBe(false);
    expect(selectHits(actor.getSnapshot())).toEqual([]);
    expect(selectText(actor.getSnapshot())).toBe('');
  });

  it('fails visibly and searches again on retry', async () => {
    const { actor, calls, clock } = start();
    actor.send({ type: 'search.typed', text: 'match' });
    clock.increment(SEARCH_DEBOUNCE_MS);
    calls[0]!.reject(new Error('offline'));
    await settle();
    expect(selectHasFailed(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'search.retry' });
    expect(calls[1]!.input.query).toBe('match');
    calls[1]!.resolve({ hits: [], paging: 'offset', next: null });
    await settle();
    expect(selectHasResults(actor.getSnapshot())).toBe(true);
    expect(selectHits(actor.getSnapshot())).toEqual([]);
  });

  it('keeps the hits when loading more fails, and says so until the next try', async () => {
    const { actor, calls, clock } = start();
    actor.send({ type: 'search.typed', text: 'a' });
    clock.increment(SEARCH_DEBOUNCE_MS);
    calls[0]!.resolve({ hits: channels('a', 10), paging: 'offset', next: null });
    await settle();
    actor.send({ type: 'search.loadMore' });
    calls[1]!.reject(new Error('offline'));
    await settle();
    expect(selectLoadMoreFailed(actor.getSnapshot())).toBe(true);
    expect(selectHits(actor.getSnapshot())).toHaveLength(10);
    actor.send({ type: 'search.loadMore' });
    calls[2]!.resolve({ hits: channels('b', 1), paging: 'offset', next: null });
    await settle();
    expect(selectLoadMoreFailed(actor.getSnapshot())).toBe(false);
    expect(selectHits(actor.getSnapshot())).toHaveLength(11);
  });
});

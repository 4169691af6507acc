import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { machineTest } from '../shared/machine-test';
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
  const machine = channelSearchMachine.provide({
    actors: {
      searchPage: fromPromise<SearchPage, SearchPageInput>(
        ({ input, signal }) => new Promise((resolve, reject) => calls.push({ input, signal, resolve, reject })),
      ),
    },
  });
  const run = machineTest(machine);
  return { run, calls };
}

describe('channel search machine', () => {
  it('searches once the member has stopped typing for 300 ms', () => {
    const { run, calls } = start();
    run
      .expectSelected(selectIsActive, false)
      .send({ type: 'search.typed', text: 'ma' })
      .expectSelected(selectIsActive, true)
      .expectSelected(selectIsPending, true)
      .advance(SEARCH_DEBOUNCE_MS - 1)
      .send({ type: 'search.typed', text: 'match' })
      .advance(SEARCH_DEBOUNCE_MS - 1);
    expect(calls).toHaveLength(0);
    // The same text (spaces aside) does not restart the wait.
    run.send({ type: 'search.typed', text: 'match ' }).advance(1);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.input).toEqual({ query: 'match', offset: 0, next: null, limit: SEARCH_PAGE_SIZE });
    run.expectPaths('searching');
  });

  it('gives the same hit lists while the hits stay the same, new ones when they change', async () => {
    const { run, calls } = start();
    run.send({ type: 'search.typed', text: 'league' }).advance(SEARCH_DEBOUNCE_MS);
    calls[0]!.resolve({ hits: channels('a', 10), paging: 'offset', next: null });
    await run.settle();
    const before = run.snapshot();
    // A new snapshot that leaves the hits alone (the next text waits for its debounce).
    run.send({ type: 'search.typed', text: 'leagues' });
    expect(run.snapshot()).not.toBe(before);
    expect(selectChannelHits(run.snapshot())).toBe(selectChannelHits(before));
    expect(selectUserHits(run.snapshot())).toBe(selectUserHits(before));
    run.advance(SEARCH_DEBOUNCE_MS);
    calls[1]!.resolve({ hits: channels('b', 2), paging: 'offset', next: null });
    await run.settle();
    expect(selectChannelHits(run.snapshot())).not.toBe(selectChannelHits(before));
    expect(selectChannelHits(run.snapshot())).toHaveLength(2);
  });

  it('shows a page of 10 and loads more while pages are full', async () => {
    const { run, calls } = start();
    run.send({ type: 'search.typed', text: 'league' }).advance(SEARCH_DEBOUNCE_MS);
    calls[0]!.resolve({ hits: channels('a', 10), paging: 'offset', next: null });
    (await run.settle()).expectSelected(selectHasResults, true).expectSelected(selectQuery, 'league');
    expect(selectChannelHits(run.snapshot())).toHaveLength(10);
    run.expectSelected(selectCanLoadMore, true);

    run.send({ type: 'search.loadMore' }).expectSelected(selectIsLoadingMore, true);
    expect(calls[1]!.input).toEqual({ query: 'league', offset: 10, next: null, limit: 10 });
    calls[1]!.resolve({ hits: [...channels('a', 1), ...channels('b', 3)], paging: 'offset', next: null });
    await run.settle();
    expect(selectHits(run.snapshot())).toHaveLength(13);
    run.expectSelected(selectCanLoadMore, false);
  });

  it('pages by the service cursor when it gives one', async () => {
    const { run, calls } = start();
    run.send({ type: 'search.typed', text: 'kick-off' }).advance(SEARCH_DEBOUNCE_MS);
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
    (await run.settle())
      .expectSelected(selectMessageHits, [hit])
      .expectSelected(selectUserHits, [])
      .send({ type: 'search.loadMore' });
    expect(calls[1]!.input.next).toBe('cursor-2');
    // A full page without a cursor is the last one.
    const more = Array.from({ length: 10 }, (_, i) => ({ ...hit, id: `m${i + 2}` }));
    calls[1]!.resolve({ hits: more, paging: 'cursor', next: null });
    await run.settle();
    expect(selectHits(run.snapshot())).toHaveLength(11);
    run.expectSelected(selectCanLoadMore, false);
  });

  it('drops a search in flight when the text changes, and keeps old hits until new ones come', async () => {
    const { run, calls } = start();
    run.send({ type: 'search.typed', text: 'match' }).advance(SEARCH_DEBOUNCE_MS);
    calls[0]!.resolve({ hits: channels('m', 2), paging: 'offset', next: null });
    (await run.settle()).send({ type: 'search.typed', text: 'match d' }).expectSelected(selectHasResults, false);
    expect(selectHits(run.snapshot())).toHaveLength(2);
    run
      .expectSelected(selectText, 'match d')
      .advance(SEARCH_DEBOUNCE_MS)
      .send({ type: 'search.typed', text: 'match da' });
    expect(calls[1]!.signal.aborted).toBe(true);
    run.advance(SEARCH_DEBOUNCE_MS);
    calls[2]!.resolve({ hits: channels('d', 1), paging: 'offset', next: null });
    (await run.settle()).expectSelected(selectQuery, 'match da').expectSelected(selectHits, channels('d', 1));
  });

  it('closes on a blank text or when cleared, from any state', async () => {
    const { run, calls } = start();
    run
      .send({ type: 'search.typed', text: '   ' })
      .expectSelected(selectIsActive, false)
      .send({ type: 'search.typed', text: 'x' })
      .send({ type: 'search.typed', text: '' })
      .expectSelected(selectIsActive, false)
      .advance(SEARCH_DEBOUNCE_MS);
    expect(calls).toHaveLength(0);
    run.send({ type: 'search.typed', text: 'x' }).advance(SEARCH_DEBOUNCE_MS);
    calls[0]!.resolve({ hits: channels('x', 1), paging: 'offset', next: null });
    (await run.settle())
      .send({ type: 'search.cleared' })
      .expectSelected(selectIsActive, false)
      .expectSelected(selectHits, [])
      .expectSelected(selectText, '');
  });

  it('fails visibly and searches again on retry', async () => {
    const { run, calls } = start();
    run.send({ type: 'search.typed', text: 'match' }).advance(SEARCH_DEBOUNCE_MS);
    calls[0]!.reject(new Error('offline'));
    (await run.settle()).expectSelected(selectHasFailed, true).send({ type: 'search.retry' });
    expect(calls[1]!.input.query).toBe('match');
    calls[1]!.resolve({ hits: [], paging: 'offset', next: null });
    (await run.settle()).expectSelected(selectHasResults, true).expectSelected(selectHits, []);
  });

  it('keeps the hits when loading more fails, and says so until the next try', async () => {
    const { run, calls } = start();
    run.send({ type: 'search.typed', text: 'a' }).advance(SEARCH_DEBOUNCE_MS);
    calls[0]!.resolve({ hits: channels('a', 10), paging: 'offset', next: null });
    (await run.settle()).send({ type: 'search.loadMore' });
    calls[1]!.reject(new Error('offline'));
    (await run.settle()).expectSelected(selectLoadMoreFailed, true);
    expect(selectHits(run.snapshot())).toHaveLength(10);
    run.send({ type: 'search.loadMore' });
    calls[2]!.resolve({ hits: channels('b', 1), paging: 'offset', next: null });
    (await run.settle()).expectSelected(selectLoadMoreFailed, false);
    expect(selectHits(run.snapshot())).toHaveLength(11);
  });
});

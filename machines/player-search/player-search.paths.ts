/** The player search's path model: typing, filters, pages, failures. */
import { fromPromise, type AnyEventObject } from 'xstate';
import { ownEventTypes, type PathEnd, type PathModel } from '../shared/path-coverage';
import { playerSearchMachine } from './player-search.machine';
import {
  selectError,
  selectFilters,
  selectHits,
  selectIsSettled,
  selectLoadMoreFailed,
  selectStateName,
} from './player-search.selectors';
import type { PlayerFilters, PlayerSearchContext, PlayerSearchEvent, PlayerSearchPage } from './player-search.types';

const hits = (count: number) => Array.from({ length: count }, (_, i) => ({ id: i + 1 }));
const pageWithMore: PlayerSearchPage = { hits: hits(3), next: 'cursor-1' };
const lastPage: PlayerSearchPage = { hits: hits(2), next: null };
const filters: PlayerFilters = { q: '', team: null, position: null, status: null, free: false, sort: 'name' };

const samples: PlayerSearchEvent[] = [
  { type: 'search.typed', text: 'ana' },
  { type: 'search.typed', text: ' ana ' },
  { type: 'search.typed', text: '' },
  { type: 'search.filtered', filters: { sort: 'goals' } },
  { type: 'search.filtered', filters: { sort: 'name' } },
  { type: 'search.loadMore' },
  { type: 'search.retry' },
];

type Snapshot = Parameters<typeof selectHits>[0];
const shown = (s: Snapshot) => [selectFilters(s), s.context.query, selectHits(s)];

/**
 * What the last event left: typing sets the trimmed text, a filter merges in, both keeping the
 * players shown until a page replaces them; a first page settles the search with its players, a
 * next page adds only new ones; a failed first page shows why, a failed next one is noted.
 */
function outcome({ snapshot, before, event }: PathEnd) {
  const [s, b] = [snapshot as Snapshot, before as Snapshot];
  const type = event?.type ?? '';
  const [filters, query, hits] = shown(b);
  if (type === 'search.typed' || type === 'search.filtered') {
    const asked =
      type === 'search.typed'
        ? { ...selectFilters(b), q: String(event!.text).trim() }
        : { ...selectFilters(b), ...(event!.filters as Partial<PlayerFilters>) };
    return { actual: shown(s), expected: [asked, query, hits] };
  }
  const from = selectStateName(b);
  if (type.startsWith('xstate.done.actor.')) {
    const page = (event!.output as PlayerSearchPage).hits;
    const known = selectHits(b).map((h) => h.id);
    return {
      actual: [selectHits(s), selectIsSettled(s), selectError(s)],
      expected: [
        from === 'searching' ? page : [...selectHits(b), ...page.filter((h) => !known.includes(h.id))],
        true,
        null,
      ],
    };
  }
  if (type.startsWith('xstate.error.actor.'))
    return from === 'searching'
      ? { actual: [shown(s), selectError(s)], expected: [[filters, query, hits], 'offline'] }
      : { actual: [shown(s), selectLoadMoreFailed(s)], expected: [[filters, query, hits], true] };
  return { actual: shown(s), expected: [filters, query, hits] };
}

export const pathModel: PathModel = {
  name: 'player-search',
  machine: playerSearchMachine.provide({
    actors: { searchPage: fromPromise(() => new Promise<PlayerSearchPage>(() => {})) },
  }),
  input: { filters },
  events: (snapshot) =>
    ownEventTypes(snapshot).flatMap((type): AnyEventObject[] => {
      if (type.startsWith('xstate.done.actor.'))
        return [
          { type, output: pageWithMore },
          { type, output: lastPage },
        ];
      if (type.startsWith('xstate.error.actor.')) return [{ type, error: new Error('offline') }];
      if (type.startsWith('xstate.after.')) return [{ type }];
      return samples.filter((e) => e.type === type);
    }),
  serializeState: (snapshot) => {
    const context = snapshot.context as PlayerSearchContext;
    return JSON.stringify({
      value: snapshot.value as unknown,
      filters: context.filters,
      query: context.query,
      hits: context.hits.length,
      next: context.next,
      error: context.error,
      loadMoreFailed: context.loadMoreFailed,
    });
  },
  outcomes: { '*': outcome },
};

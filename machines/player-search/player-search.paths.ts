/** The player search's path model: typing, filters, pages, failures. */
import { fromPromise, type AnyEventObject } from 'xstate';
import { ownEventTypes, type PathModel } from '../shared/path-coverage';
import { playerSearchMachine } from './player-search.machine';
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
};

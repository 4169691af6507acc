/**
 * The connect layer between the Explore page and its player search (machines/player-search): an
 * actor over the league's players, started with the filters in the address and writing them back
 * there as they change, and the parts the page renders.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { playerSearchMachine } from '../../../machines/player-search/player-search.machine';
import {
  selectCanLoadMore,
  selectError,
  selectFilters,
  selectHasLoaded,
  selectHits,
  selectIsLoadingMore,
  selectIsPending,
  selectIsSettled,
  selectLoadMoreFailed,
  selectStateName,
} from '../../../machines/player-search/player-search.selectors';
import type { PlayerFilters } from '../../../machines/player-search/player-search.types';
import { createPlayerSearchActors, type PlayerRow } from '../../lib/actors/player-search-actors';
import { filtersFromParams, NO_FILTERS, paramsFromFilters } from './explore-params';

export function usePlayerSearch(leagueId: number) {
  const [search, setSearch] = useSearchParams();
  const [initial] = useState(() => filtersFromParams(search));
  const [machine] = useState(() => playerSearchMachine.provide({ actors: createPlayerSearchActors(leagueId) }));
  const actor = useActorRef(machine, { input: { filters: initial } });
  const [text, setText] = useState(initial.q);

  const filters = useSelector(actor, selectFilters);
  const query = paramsFromFilters(filters, search).toString();
  useEffect(() => {
    if (query !== search.toString()) setSearch(new URLSearchParams(query), { replace: true });
  }, [query, search, setSearch]);

  return {
    state: useSelector(actor, selectStateName),
    filters,
    text,
    players: useSelector(actor, selectHits) as PlayerRow[],
    pending: useSelector(actor, selectIsPending),
    settled: useSelector(actor, selectIsSettled),
    loaded: useSelector(actor, selectHasLoaded),
    error: useSelector(actor, selectError),
    loadingMore: useSelector(actor, selectIsLoadingMore),
    canLoadMore: useSelector(actor, selectCanLoadMore),
    loadMoreFailed: useSelector(actor, selectLoadMoreFailed),
    type: (value: string) => {
      setText(value);
      actor.send({ type: 'search.typed', text: value });
    },
    filter: (changes: Partial<Omit<PlayerFilters, 'q'>>) => actor.send({ type: 'search.filtered', filters: changes }),
    reset: () => {
      setText('');
      actor.send({ type: 'search.typed', text: '' });
      const { q: _q, ...rest } = NO_FILTERS;
      actor.send({ type: 'search.filtered', filters: rest });
    },
    loadMore: () => actor.send({ type: 'search.loadMore' }),
    retry: () => actor.send({ type: 'search.retry' }),
  };
}

export type PlayerSearchParts = ReturnType<typeof usePlayerSearch>;

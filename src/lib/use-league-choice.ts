/**
 * Which league the dashboard, league and explore pages show. The member's choice is kept in
 * `selectedLeague`; this hook also loads the member's leagues and settles what needs no
 * choosing: a stored league the member no longer belongs to is forgotten, and a member of one
 * league lands in it, the selection stored without asking: following their own team when they
 * play for or coach one, no team otherwise (they may pick one to follow on the league page).
 */
import { useEffect } from 'react';
import { loadMyLeagues, type LeagueSummary } from './league-client';
import {
  clearSelectedLeague,
  selectionFor,
  setSelectedLeague,
  useSelectedLeague,
  type SelectedLeague,
} from './selected-league';
import { useResource, type Resource } from './use-resource';

export interface LeagueChoice {
  /** The selection, once it is known to be one of the member's leagues (or before they loaded). */
  selected: SelectedLeague | null;
  /** The selected league's summary, once the leagues are loaded. */
  league: LeagueSummary | null;
  leagues: Resource<LeagueSummary[]>;
  /** The leagues are loaded and the member belongs to none. */
  noLeague: boolean;
}

/** The league to land in without asking: the member's only league. */
export function obviousLeague(leagues: readonly LeagueSummary[]): LeagueSummary | null {
  return leagues.length === 1 ? leagues[0]! : null;
}

export function useLeagueChoice(): LeagueChoice {
  const selected = useSelectedLeague();
  const leagues = useResource(loadMyLeagues, null);
  const list = leagues.data;
  const league = list?.find((entry) => entry.id === selected?.league_id) ?? null;
  const stale = list !== null && selected !== null && league === null;
  const landing = list !== null && (selected === null || stale) ? obviousLeague(list) : null;
  useEffect(() => {
    if (landing) setSelectedLeague(selectionFor(landing));
    else if (stale) clearSelectedLeague();
  }, [landing, stale]);
  return {
    selected: stale ? null : selected,
    league,
    leagues,
    noLeague: list !== null && list.length === 0,
  };
}

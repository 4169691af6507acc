/**
 * The selected league (spec sections 3 and 4): browser storage key `selectedLeague` holding
 * `{league_id, team_id, current_season_week?}`. A stored value is accepted only when league_id
 * and team_id are numbers; anything else is ignored and removed. Shared by every screen, and
 * kept in step across tabs through the storage event. A member who follows no team of the league
 * (a new league's commissioner before it has teams, a referee or supporter who has not chosen
 * one) is stored with team_id NO_TEAM.
 */
import { useSyncExternalStore } from 'react';
import type { LeagueSummary } from './league-client';

export const SELECTED_LEAGUE_KEY = 'selectedLeague';

export interface SelectedLeague {
  league_id: number;
  team_id: number;
  current_season_week?: number;
}

/** The team_id of a selection that follows no team (no team has id 0). */
export const NO_TEAM = 0;

/** Whether the selection follows a team (its roster and card can be shown). */
export const followsTeam = (league: SelectedLeague): boolean => league.team_id !== NO_TEAM;

/** The selection that lands a member in `league`: their own team, else none yet. */
export const selectionFor = (league: LeagueSummary): SelectedLeague => ({
  league_id: league.id,
  team_id: league.my_team?.id ?? NO_TEAM,
  current_season_week: league.current_week,
});

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

export function parseSelectedLeague(raw: string | null): SelectedLeague | null {
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Record<string, unknown> | null;
    if (!value || typeof value !== 'object' || !isNumber(value.league_id) || !isNumber(value.team_id)) return null;
    const league: SelectedLeague = { league_id: value.league_id, team_id: value.team_id };
    if (isNumber(value.current_season_week)) league.current_season_week = value.current_season_week;
    return league;
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedValue: SelectedLeague | null = null;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function getSelectedLeague(): SelectedLeague | null {
  const raw = storage()?.getItem(SELECTED_LEAGUE_KEY) ?? null;
  if (raw === cachedRaw) return cachedValue;
  const parsed = parseSelectedLeague(raw);
  if (raw !== null && parsed === null) storage()?.removeItem(SELECTED_LEAGUE_KEY);
  cachedRaw = parsed === null ? null : raw;
  cachedValue = parsed;
  return parsed;
}

export function setSelectedLeague(league: SelectedLeague): void {
  if (!isNumber(league.league_id) || !isNumber(league.team_id)) {
    throw new TypeError('league_id and team_id must be numbers');
  }
  storage()?.setItem(SELECTED_LEAGUE_KEY, JSON.stringify(league));
  listeners.forEach((listener) => listener());
}

export function clearSelectedLeague(): void {
  storage()?.removeItem(SELECTED_LEAGUE_KEY);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => event.key === SELECTED_LEAGUE_KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSelectedLeague(): SelectedLeague | null {
  return useSyncExternalStore(subscribe, getSelectedLeague, () => null);
}

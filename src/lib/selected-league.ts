/**
 * The selected league (spec sections 3 and 4): browser storage key `selectedLeague` holding
 * `{league_id, team_id, current_season_week?}`. A stored value is accepted only when league_id
 * and team_id are numbers; anything else is ignored and removed. Shared by every screen, and
 * kept in step across tabs through the storage event.
 */
import { useSyncExternalStore } from 'react';

export const SELECTED_LEAGUE_KEY = 'selectedLeague';

export interface SelectedLeague {
  league_id: number;
  team_id: number;
  current_season_week?: number;
}

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

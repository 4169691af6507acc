import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearSelectedLeague,
  followsTeam,
  getSelectedLeague,
  NO_TEAM,
  parseSelectedLeague,
  SELECTED_LEAGUE_KEY,
  selectionFor,
  setSelectedLeague,
  useSelectedLeague,
} from './selected-league';

describe('selected league', () => {
  beforeEach(() => localStorage.clear());

  it('accepts numeric league and team ids, with an optional week', () => {
    expect(parseSelectedLeague('{"league_id":3,"team_id":7}')).toEqual({ league_id: 3, team_id: 7 });
    expect(parseSelectedLeague('{"league_id":3,"team_id":7,"current_season_week":5}')).toEqual({
      league_id: 3,
      team_id: 7,
      current_season_week: 5,
    });
    expect(parseSelectedLeague('{"league_id":3,"team_id":7,"current_season_week":"5"}')).toEqual({
      league_id: 3,
      team_id: 7,
    });
  });

  it.each([
    'not json',
    '{"league_id":"3","team_id":7}',
    '{"league_id":3}',
    'null',
    '[]',
    '{"league_id":null,"team_id":1}',
  ])('ignores and removes a corrupted value: %s', (raw) => {
    localStorage.setItem(SELECTED_LEAGUE_KEY, raw);
    expect(getSelectedLeague()).toBeNull();
    expect(localStorage.getItem(SELECTED_LEAGUE_KEY)).toBeNull();
  });

  it('sets, shares and clears the selection', () => {
    const { result } = renderHook(() => useSelectedLeague());
    expect(result.current).toBeNull();
    act(() => setSelectedLeague({ league_id: 1, team_id: 2, current_season_week: 3 }));
    expect(result.current).toEqual({ league_id: 1, team_id: 2, current_season_week: 3 });
    expect(JSON.parse(localStorage.getItem(SELECTED_LEAGUE_KEY)!)).toEqual({
      league_id: 1,
      team_id: 2,
      current_season_week: 3,
    });
    act(() => clearSelectedLeague());
    expect(result.current).toBeNull();
    expect(localStorage.getItem(SELECTED_LEAGUE_KEY)).toBeNull();
  });

  it('refuses to store non-numeric ids', () => {
    expect(() => setSelectedLeague({ league_id: Number.NaN, team_id: 1 })).toThrow(TypeError);
    expect(localStorage.getItem(SELECTED_LEAGUE_KEY)).toBeNull();
  });
});

describe('selection for a league', () => {
  beforeEach(() => localStorage.clear());

  const league = { id: 4, current_week: 2, my_team: { id: 9 } } as Parameters<typeof selectionFor>[0];

  it('follows the member’s own team, else no team (0), and stores either', () => {
    expect(selectionFor(league)).toEqual({ league_id: 4, team_id: 9, current_season_week: 2 });
    const teamless = selectionFor({ ...league, my_team: null });
    expect(teamless).toEqual({ league_id: 4, team_id: NO_TEAM, current_season_week: 2 });
    expect(followsTeam(teamless)).toBe(false);
    setSelectedLeague(teamless);
    expect(getSelectedLeague()).toEqual(teamless);
  });
});

/**
 * The table engine against real published final tables (server/league/real-tables/README.md
 * cites every results file and every published table): three competitions ranked goal difference
 * first, three head-to-head first, with head-to-head among three and four teams, points
 * deductions and a play-off deciding places.
 */
import { describe, expect, it } from 'vitest';
import { loadSeason } from './real-tables/load.js';
import {
  BUNDESLIGA_2023_24,
  CHAMPIONSHIP_2021_22,
  EURO_2024_GROUPS,
  LA_LIGA_2022_23,
  PREMIER_LEAGUE_2023_24,
  SERIE_A_2022_23,
  SERIE_A_2023_24,
  type RealSeason,
} from './real-tables/seasons.js';
import { SPORTS } from './sports.js';
import { computeTable } from './standings.js';
import type { TieBreakRules } from './tie-break.js';

const football = SPORTS.football.points;

function tableOf(season: RealSeason, rules?: TieBreakRules) {
  const loaded = loadSeason(season);
  const options = rules ? { ...loaded.options, rules } : loaded.options;
  const table = computeTable(loaded.teams, loaded.results, football, options);
  const row = (code: string) => table.rows.find((r) => loaded.codeOf(r.team.id) === code)!;
  return { ...loaded, table, row, codes: table.rows.map((r) => loaded.codeOf(r.team.id)) };
}

const published = (season: RealSeason) => season.table.map(([code]) => code);

describe.each([
  { season: PREMIER_LEAGUE_2023_24, matches: 380, played: 38 },
  { season: BUNDESLIGA_2023_24, matches: 306, played: 34 },
  { season: CHAMPIONSHIP_2021_22, matches: 552, played: 46 },
  { season: LA_LIGA_2022_23, matches: 380, played: 38 },
  { season: SERIE_A_2023_24, matches: 380, played: 38 },
  { season: SERIE_A_2022_23, matches: 380, played: 38 },
  ...EURO_2024_GROUPS.map((season) => ({ season, matches: 6, played: 3 })),
])('$season.title', ({ season, matches, played }) => {
  it('has every match of the season, each team playing every other home and away (once in a group)', () => {
    const { results, table } = tableOf(season);
    expect(results).toHaveLength(matches);
    expect(table.rows.map((r) => r.played)).toEqual(season.table.map(() => played));
    const pairs = new Set(results.map((r) => `${r.home_team_id}-${r.away_team_id}`));
    expect(pairs.size).toBe(matches);
  });

  it('orders the table exactly as published, with the published points', () => {
    const { table, codes } = tableOf(season);
    expect(codes).toEqual(published(season));
    expect(table.rows.map((r) => r.points)).toEqual(season.table.map(([, , points]) => points));
    // Every place was decided: no two teams share a rank in a published final table.
    expect(table.rows.map((r) => r.rank)).toEqual(season.table.map((_, index) => index + 1));
    expect(table.tie_break).toEqual(
      'preset' in season.rules
        ? { preset: season.rules.preset, criteria: expect.any(Array) }
        : { preset: null, criteria: season.rules.criteria },
    );
  });
});

describe('goal difference first', () => {
  it('Premier League 2023-24: the deductions put Everton 15th and Forest 17th; goal difference splits 60 and 48 points', () => {
    const { row, codes } = tableOf(PREMIER_LEAGUE_2023_24);
    expect(row('EVE')).toMatchObject({ points: 40, points_adjustment: -8, rank: 15 });
    expect(row('EVE').adjustments.map((a) => a.points)).toEqual([-6, -2]);
    expect(row('NFO')).toMatchObject({ points: 32, points_adjustment: -4, rank: 17 });
    expect([row('NEW').decided_by, row('BHA').decided_by]).toEqual(['goal_difference', 'goal_difference']);
    // Without the deductions Everton (48) would be 12th and Forest (36) 17th still, above Luton.
    const undeducted = tableOf({ ...PREMIER_LEAGUE_2023_24, adjustments: [] });
    expect(undeducted.row('EVE').rank).toBe(12);
    expect(codes.indexOf('EVE')).toBeGreaterThan(codes.indexOf('WOL'));
  });

  it('Bundesliga 2023-24: goal difference splits three teams on 42 and keeps Union above Bochum, unlike head-to-head', () => {
    const { row, codes } = tableOf(BUNDESLIGA_2023_24);
    expect(codes.slice(7, 10)).toEqual(['FCH', 'SVW', 'SCF']);
    expect([row('FCH').decided_by, row('SVW').decided_by]).toEqual(['goal_difference', 'goal_difference']);
    expect(row('FCU').decided_by).toBe('goal_difference');
    // Bochum won both matches with Union (4-3, 3-0), and Freiburg took more points than Bremen from the three.
    const byHeadToHead = tableOf(BUNDESLIGA_2023_24, { preset: 'head_to_head_first' }).codes;
    expect(byHeadToHead.slice(7, 10)).toEqual(['FCH', 'SCF', 'SVW']);
    expect(byHeadToHead.slice(14, 16)).toEqual(['BOC', 'FCU']);
  });

  it('Championship 2021-22: Derby (-21) and Reading (-6) finish where the deductions put them', () => {
    const { row } = tableOf(CHAMPIONSHIP_2021_22);
    expect(row('DER')).toMatchObject({ points: 34, rank: 23, points_adjustment: -21 });
    expect(row('REA')).toMatchObject({ points: 41, rank: 21, points_adjustment: -6 });
    expect([row('SHU'), row('BLB'), row('COV')].map((r) => r.decided_by)).toEqual([
      'goal_difference',
      'goal_difference',
      'goal_difference',
    ]);
    const undeducted = tableOf({ ...CHAMPIONSHIP_2021_22, adjustments: [] });
    expect(undeducted.row('DER').rank).toBe(17);
  });
});

describe('head-to-head first', () => {
  it('LaLiga 2022-23: two three-way ties settled by the mini-table, against goal difference', () => {
    const { row, codes } = tableOf(LA_LIGA_2022_23);
    expect(codes.slice(9, 12)).toEqual(['GIR', 'RAY', 'SEV']);
    expect(codes.slice(13, 16)).toEqual(['CAD', 'GET', 'VAL']);
    expect(['GIR', 'RAY', 'CAD', 'GET'].map((code) => row(code).decided_by)).toEqual([
      'head_to_head',
      'head_to_head',
      'head_to_head',
      'head_to_head',
    ]);
    // Valencia had the best goal difference of the three on 42 (-3) and finished 16th.
    const byGoalDifference = tableOf(LA_LIGA_2022_23, { preset: 'goal_difference_first' }).codes;
    expect(byGoalDifference.slice(13, 16)).toEqual(['VAL', 'GET', 'CAD']);
  });

  it('Serie A 2023-24: head-to-head puts Torino above Napoli and Cagliari above Empoli', () => {
    const { row } = tableOf(SERIE_A_2023_24);
    expect([row('TOR'), row('VER'), row('CAG')].map((r) => r.decided_by)).toEqual([
      'head_to_head',
      'head_to_head',
      'head_to_head',
    ]);
    const byGoalDifference = tableOf(SERIE_A_2023_24, { preset: 'goal_difference_first' });
    expect(byGoalDifference.row('NAP').rank).toBeLessThan(byGoalDifference.row('TOR').rank);
    expect(byGoalDifference.row('EMP').rank).toBeLessThan(byGoalDifference.row('CAG').rank);
  });

  it('EURO 2024 group E: four teams on four points ordered by their mini-table', () => {
    const { table, codes } = tableOf(EURO_2024_GROUPS[4]!);
    expect(codes).toEqual(['ROU', 'BEL', 'SVK', 'UKR']);
    expect(table.rows.map((r) => r.decided_by)).toEqual(['head_to_head', 'head_to_head', 'head_to_head', null]);
  });

  it('EURO 2024 group C: Denmark and Slovenia level on everything, placed by the recorded decision', () => {
    const group = EURO_2024_GROUPS[2]!;
    const { row } = tableOf(group);
    expect(row('DEN')).toMatchObject({
      rank: 2,
      decided_by: 'decision',
      decision: { reason: group.decisions![0]!.reason },
    });
    expect(row('SVN')).toMatchObject({ rank: 3, decision: { reason: group.decisions![0]!.reason } });
    // Without it they share second place.
    const undecided = tableOf({ ...group, decisions: [] });
    expect([undecided.row('DEN').rank, undecided.row('SVN').rank]).toEqual([2, 2]);
  });
});

describe('a custom rule list', () => {
  it('Serie A 2022-23: Juventus -10, and the relegation play-off places Verona above Spezia', () => {
    const { row } = tableOf(SERIE_A_2022_23);
    expect(row('JUV')).toMatchObject({ points: 62, rank: 7, points_adjustment: -10 });
    expect(row('VER')).toMatchObject({ rank: 17, decided_by: 'decision' });
    expect(row('SPE')).toMatchObject({ rank: 18, decision: { reason: SERIE_A_2022_23.decisions![0]!.reason } });
    // Head-to-head (1-2, 0-0) would have kept Spezia up instead: the league played it off.
    const byHeadToHead = tableOf(SERIE_A_2022_23, { preset: 'head_to_head_first' });
    expect(byHeadToHead.row('SPE').rank).toBe(17);
    expect(byHeadToHead.row('SPE').decided_by).toBe('head_to_head');
  });
});

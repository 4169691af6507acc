/**
 * The league table (docs/decisions/0011, "Standings"; rule sets in docs/decisions/0031): computed
 * from the played fixtures every time it is asked for, never stored, so a corrected result can
 * never leave a stale table behind. Pure: no database, no clock.
 */
import { rankRows } from './ranking.js';
import type {
  FormResult,
  LeagueTable,
  PlayedResult,
  PointsRules,
  Standing,
  StandingsOptions,
  StandingsTeam,
} from './standings-types.js';
import { DEFAULT_TIE_BREAK, tieBreakInUse } from './tie-break.js';

export type * from './standings-types.js';

/**
 * The stated rank order of the default rule set (goal_difference_first, then the name that lists
 * teams still level); the league API shows it so the table explains itself.
 */
export const TIE_BREAK = ['points', 'goal_difference', 'goals_for', 'won', 'name'] as const;

const FORM_LENGTH = 5;

function emptyRow<T extends StandingsTeam>(team: T): Standing<T> {
  return {
    rank: 0,
    team,
    played: 0,
    won: 0,
    drawn: 0,
    lost: 0,
    goals_for: 0,
    goals_against: 0,
    goal_difference: 0,
    points: 0,
    form: [],
    form_entries: [],
    points_adjustment: 0,
    adjustments: [],
    decided_by: null,
    decision: null,
  };
}

/** Every team's record from the results, in the order they happened, whatever order they came in. */
function recordResults<T extends StandingsTeam>(
  rows: Map<number, Standing<T>>,
  results: readonly PlayedResult[],
  points: PointsRules,
): void {
  const ordered = [...results].sort(
    (a, b) => a.week - b.week || a.kickoff_at.localeCompare(b.kickoff_at) || a.id - b.id,
  );
  const record = (row: Standing<T> | undefined, fixture: PlayedResult, scored: number, conceded: number) => {
    if (!row) return;
    const result: FormResult = scored > conceded ? 'W' : scored === conceded ? 'D' : 'L';
    row.played += 1;
    row.goals_for += scored;
    row.goals_against += conceded;
    if (result === 'W') row.won += 1;
    else if (result === 'D') row.drawn += 1;
    else row.lost += 1;
    row.points += result === 'W' ? points.win : result === 'D' ? points.draw : points.loss;
    row.form_entries.push({ fixture_id: fixture.id, result, awarded: fixture.awarded === true });
  };
  for (const fixture of ordered) {
    record(rows.get(fixture.home_team_id), fixture, fixture.home_score, fixture.away_score);
    record(rows.get(fixture.away_team_id), fixture, fixture.away_score, fixture.home_score);
  }
}

/** The table with the rule it was ordered by. */
export function computeTable<T extends StandingsTeam>(
  teams: readonly T[],
  results: readonly PlayedResult[],
  points: PointsRules,
  options: StandingsOptions = {},
): LeagueTable<T> {
  const tieBreak = tieBreakInUse(options.rules ?? DEFAULT_TIE_BREAK);
  const rows = new Map<number, Standing<T>>(teams.map((team) => [team.id, emptyRow(team)]));
  recordResults(rows, results, points);
  for (const adjustment of options.adjustments ?? []) {
    const row = rows.get(adjustment.team_id);
    if (!row) continue;
    row.adjustments.push({ points: adjustment.points, reason: adjustment.reason });
    row.points_adjustment += adjustment.points;
    row.points += adjustment.points;
  }
  for (const row of rows.values()) {
    row.goal_difference = row.goals_for - row.goals_against;
    row.form_entries = row.form_entries.slice(-FORM_LENGTH);
    row.form = row.form_entries.map((entry) => entry.result);
  }

  const { order, gaps } = rankRows([...rows.values()], {
    criteria: tieBreak.criteria,
    results,
    points,
    decisions: options.decisions ?? [],
  });
  order.forEach((row, index) => {
    const previous = order[index - 1];
    // Teams level on every rule, with no decision, share the rank (1, 2, 2, 4); the name only lists them.
    row.rank = previous && gaps[index - 1] === null ? previous.rank : index + 1;
    row.decided_by = gaps[index] ?? null;
  });
  return { tie_break: tieBreak, rows: order };
}

export function computeStandings<T extends StandingsTeam>(
  teams: readonly T[],
  results: readonly PlayedResult[],
  points: PointsRules,
  options: StandingsOptions = {},
): Standing<T>[] {
  return computeTable(teams, results, points, options).rows;
}

/**
 * The league table (docs/decisions/0011, "Standings"): computed from the played fixtures every
 * time it is asked for, never stored, so a corrected result can never leave a stale table behind.
 * Pure: no database, no clock.
 */

export interface StandingsTeam {
  id: number;
  name: string;
}

export interface PlayedResult {
  id: number;
  week: number;
  kickoff_at: string;
  home_team_id: number;
  away_team_id: number;
  home_score: number;
  away_score: number;
}

export interface PointsRules {
  win: number;
  draw: number;
  loss: number;
}

export type FormResult = 'W' | 'D' | 'L';

export interface Standing<T extends StandingsTeam> {
  rank: number;
  team: T;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goals_for: number;
  goals_against: number;
  goal_difference: number;
  points: number;
  /** The last five played results, oldest first. */
  form: FormResult[];
}

/** The stated rank order; the API shows it so the table explains itself. */
export const TIE_BREAK = ['points', 'goal_difference', 'goals_for', 'won', 'name'] as const;

const FORM_LENGTH = 5;

/** Negative when `a` ranks above `b` on the sporting criteria (everything but the name). */
function compareSporting<T extends StandingsTeam>(a: Standing<T>, b: Standing<T>): number {
  return b.points - a.points || b.goal_difference - a.goal_difference || b.goals_for - a.goals_for || b.won - a.won;
}

/** Name order must not depend on the server's locale, so the table reads the same everywhere. */
function compareNames(a: StandingsTeam, b: StandingsTeam): number {
  return (
    a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.name.localeCompare(b.name, 'en') || a.id - b.id
  );
}

export function computeStandings<T extends StandingsTeam>(
  teams: readonly T[],
  results: readonly PlayedResult[],
  points: PointsRules,
): Standing<T>[] {
  const rows = new Map<number, Standing<T>>();
  for (const team of teams) {
    rows.set(team.id, {
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
    });
  }

  // Form needs results in the order they happened, whatever order the caller passed them in.
  const ordered = [...results].sort(
    (a, b) => a.week - b.week || a.kickoff_at.localeCompare(b.kickoff_at) || a.id - b.id,
  );
  const record = (row: Standing<T> | undefined, scored: number, conceded: number) => {
    if (!row) return;
    const result: FormResult = scored > conceded ? 'W' : scored === conceded ? 'D' : 'L';
    row.played += 1;
    row.goals_for += scored;
    row.goals_against += conceded;
    if (result === 'W') row.won += 1;
    else if (result === 'D') row.drawn += 1;
    else row.lost += 1;
    row.points += result === 'W' ? points.win : result === 'D' ? points.draw : points.loss;
    row.form.push(result);
  };
  for (const fixture of ordered) {
    record(rows.get(fixture.home_team_id), fixture.home_score, fixture.away_score);
    record(rows.get(fixture.away_team_id), fixture.away_score, fixture.home_score);
  }

  const table = [...rows.values()];
  for (const row of table) {
    row.goal_difference = row.goals_for - row.goals_against;
    row.form = row.form.slice(-FORM_LENGTH);
  }
  table.sort((a, b) => compareSporting(a, b) || compareNames(a.team, b.team));
  table.forEach((row, index) => {
    const previous = table[index - 1];
    // The name orders teams that are level but does not separate them: they share the rank.
    row.rank = previous && compareSporting(previous, row) === 0 ? previous.rank : index + 1;
  });
  return table;
}

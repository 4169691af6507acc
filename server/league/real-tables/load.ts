/**
 * Reads a real season (seasons.ts) into the table engine's plain inputs: the teams, the results
 * from its CSV file (`home,away,home_goals,away_goals`, with a leading `group` column for a
 * tournament; `#` lines are comments), and its adjustments and decisions by team id.
 */
import { readFileSync } from 'node:fs';
import type {
  CommissionerDecision,
  PlayedResult,
  PointsAdjustment,
  StandingsOptions,
  StandingsTeam,
} from '../standings-types.js';
import type { RealSeason } from './seasons.js';

export interface LoadedSeason {
  teams: StandingsTeam[];
  results: PlayedResult[];
  options: StandingsOptions;
  /** The team's code in the results file, by id. */
  codeOf: (id: number) => string;
}

export function loadSeason(season: RealSeason): LoadedSeason {
  // Ids follow the codes backwards, so nothing can come out in the published order by accident.
  const codesBackwards = season.table.map(([code]) => code).sort((a, b) => b.localeCompare(a));
  const ids = new Map(codesBackwards.map((code, index) => [code, index + 1]));
  const idOf = (code: string) => {
    const id = ids.get(code);
    if (id === undefined) throw new Error(`${season.title}: ${code} is not in the published table`);
    return id;
  };
  const lines = readFileSync(new URL(season.file, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'));
  const header = lines[0]!.split(',');
  const results: PlayedResult[] = [];
  for (const [index, line] of lines.slice(1).entries()) {
    const values = line.split(',');
    const cell = (name: string) => values[header.indexOf(name)] ?? '';
    if (season.group !== undefined && cell('group') !== season.group) continue;
    results.push({
      id: index + 1,
      week: 1,
      kickoff_at: '',
      home_team_id: idOf(cell('home')),
      away_team_id: idOf(cell('away')),
      home_score: Number(cell('home_goals')),
      away_score: Number(cell('away_goals')),
    });
  }
  const adjustments: PointsAdjustment[] = (season.adjustments ?? []).map(({ team, points, reason }) => ({
    team_id: idOf(team),
    points,
    reason,
  }));
  const decisions: CommissionerDecision[] = (season.decisions ?? []).map(({ teams, reason }) => ({
    team_ids: teams.map(idOf),
    reason,
  }));
  const codes = new Map([...ids].map(([code, id]) => [id, code]));
  return {
    teams: season.table.map(([code, name]) => ({ id: idOf(code), name })),
    results,
    options: { rules: season.rules, adjustments, decisions },
    codeOf: (id) => codes.get(id)!,
  };
}

/**
 * What the league table is computed from and what it answers (docs/decisions/0011 "Standings",
 * docs/decisions/0031): plain inputs a caller reads from anywhere, and the rows it gets back.
 */
import type { TieBreakCriterion, TieBreakInUse, TieBreakRules } from './tie-break.js';

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
  /** The commissioner set this score (a forfeit, an abandoned match): it counts like any result. */
  awarded?: boolean;
}

export interface PointsRules {
  win: number;
  draw: number;
  loss: number;
}

/** Points taken from (negative) or given to (positive) a team, with the reason the table shows. */
export interface PointsAdjustment {
  team_id: number;
  points: number;
  reason: string;
}

/**
 * The commissioner's order for teams still level after every rule (a play-off, a drawing of
 * lots, a fair-play count): first listed ranks highest. It places only a group whose every team
 * it lists; the teams' rows name its reason.
 */
export interface CommissionerDecision {
  team_ids: readonly number[];
  reason: string;
}

export interface StandingsOptions {
  /** The rule set; by default the preset goal_difference_first. */
  rules?: TieBreakRules;
  adjustments?: readonly PointsAdjustment[];
  decisions?: readonly CommissionerDecision[];
}

export type FormResult = 'W' | 'D' | 'L';

export interface FormEntry {
  fixture_id: number;
  result: FormResult;
  /** The score was set by the commissioner. */
  awarded: boolean;
}

/** What separated a row from the row below it. */
export type DecidedBy = TieBreakCriterion | 'decision';

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
  /** Points from results plus the adjustments. */
  points: number;
  /** The last five played results, oldest first. */
  form: FormResult[];
  /** The same five results with their fixture and whether each was awarded. */
  form_entries: FormEntry[];
  /** The sum of the adjustments (0 without any). */
  points_adjustment: number;
  adjustments: { points: number; reason: string }[];
  /** The criterion that separated this row from the one below; null when level with it, and on the last row. */
  decided_by: DecidedBy | null;
  /** Set when a commissioner's decision placed this row, with its reason. */
  decision: { reason: string } | null;
}

/** A table with the rule it was ordered by. */
export interface LeagueTable<T extends StandingsTeam> {
  tie_break: TieBreakInUse;
  rows: Standing<T>[];
}

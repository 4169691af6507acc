/**
 * The tie-break rule sets a league table can use (docs/decisions/0031): the criteria that order
 * teams and the presets real competitions use (tie-break-rules.ts checks what a client sends).
 * Pure: no database, no clock.
 */

/**
 * What a rule set may list, in the order it applies them. Every criterion but `head_to_head`
 * compares the teams' whole season; `head_to_head` compares a mini-table of only the matches
 * among the teams still level (mini points, then mini goal difference, then mini goals scored),
 * and applies it again to any subset still level, as UEFA, LaLiga and Serie A do.
 */
export const TIE_BREAK_CRITERIA = ['points', 'goal_difference', 'goals_for', 'won', 'head_to_head'] as const;
export type TieBreakCriterion = (typeof TIE_BREAK_CRITERIA)[number];

/** The rule sets a league can pick by name. */
export const TIE_BREAK_PRESETS = {
  /** Premier League, EFL, Bundesliga: points, goal difference, goals scored, wins. */
  goal_difference_first: ['points', 'goal_difference', 'goals_for', 'won'],
  /** LaLiga, Serie A, UEFA groups: points, then head-to-head among the teams level, then the season's figures. */
  head_to_head_first: ['points', 'head_to_head', 'goal_difference', 'goals_for', 'won'],
} as const satisfies Record<string, readonly TieBreakCriterion[]>;
export type TieBreakPreset = keyof typeof TIE_BREAK_PRESETS;
export const TIE_BREAK_PRESET_NAMES = Object.keys(TIE_BREAK_PRESETS) as TieBreakPreset[];

/** A rule set as a league stores it: a preset's name or an ordered list of criteria. */
export type TieBreakRules = { preset: TieBreakPreset } | { criteria: readonly TieBreakCriterion[] };

/** The rule in use, as a table states it: the preset's name (null for a custom list) and its criteria. */
export interface TieBreakInUse {
  preset: TieBreakPreset | null;
  criteria: TieBreakCriterion[];
}

/** What a table uses when the league names no rule set: the order tables had before rule sets existed. */
export const DEFAULT_TIE_BREAK: TieBreakRules = { preset: 'goal_difference_first' };

export function tieBreakInUse(rules: TieBreakRules): TieBreakInUse {
  if ('preset' in rules) return { preset: rules.preset, criteria: [...TIE_BREAK_PRESETS[rules.preset]] };
  return { preset: null, criteria: [...rules.criteria] };
}

/**
 * The stated order as the league API has shown it since the first table: the criteria, then the
 * name, which lists teams still level without separating them.
 */
export function tieBreakOrder(rules: TieBreakRules): string[] {
  return [...tieBreakInUse(rules).criteria, 'name'];
}

/**
 * The tie-break rule sets a league table can use (docs/decisions/0031): the criteria that order
 * teams, the presets real competitions use, and the check an API runs on a rule set it is sent.
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

export type ParsedTieBreak = { ok: true; rules: TieBreakRules } | { ok: false; message: string };

const isCriterion = (value: unknown): value is TieBreakCriterion =>
  (TIE_BREAK_CRITERIA as readonly unknown[]).includes(value);
const isPreset = (value: unknown): value is TieBreakPreset => (TIE_BREAK_PRESET_NAMES as unknown[]).includes(value);

/**
 * Checks a rule set sent by a client (`{ preset }` or `{ criteria }`); the message names what is
 * wrong under `field`, so an API can answer 400 with it as it is. A custom list starts with points
 * (a table ranks by points first) and names each criterion at most once.
 */
export function parseTieBreakRules(input: unknown, field = 'tie_break'): ParsedTieBreak {
  const fail = (message: string): ParsedTieBreak => ({ ok: false, message });
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return fail(`${field} must be an object with either preset or criteria`);
  const keys = Object.keys(input);
  const value = input as Record<string, unknown>;
  if (keys.length !== 1 || !(keys[0] === 'preset' || keys[0] === 'criteria'))
    return fail(`${field} must have exactly one of preset or criteria`);
  if ('preset' in value) {
    if (!isPreset(value.preset)) return fail(`${field}.preset must be one of ${TIE_BREAK_PRESET_NAMES.join(', ')}`);
    return { ok: true, rules: { preset: value.preset } };
  }
  const criteria = value.criteria;
  if (!Array.isArray(criteria) || criteria.length === 0)
    return fail(`${field}.criteria must be a non-empty list of criteria`);
  for (const [index, criterion] of criteria.entries()) {
    if (!isCriterion(criterion))
      return fail(`${field}.criteria[${index}] must be one of ${TIE_BREAK_CRITERIA.join(', ')}`);
    if (criteria.indexOf(criterion) !== index)
      return fail(`${field}.criteria[${index}] repeats ${criterion}; name each criterion once`);
  }
  if (criteria[0] !== 'points') return fail(`${field}.criteria must start with points`);
  return { ok: true, rules: { criteria: criteria as TieBreakCriterion[] } };
}

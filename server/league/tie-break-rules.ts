/**
 * The tie-break rule sets a league may choose (docs/decisions/0033): the one list of criterion
 * names and presets that the set-up routes validate against and the reads state. A league keeps
 * its choice as text in `leagues.tie_break`: a preset's name, or a JSON array of criteria in
 * order. The ranking itself is the standings engine's; this module only names and checks rules.
 * Pure: no database, no clock.
 */

/**
 * What may rank teams level on what comes before it. `head_to_head` is the mini-table of the
 * matches among only the teams still level (points, goal difference, goals for, applied again
 * to any subset still level); the `head_to_head_*` criteria are its single columns.
 */
export const TIE_BREAK_CRITERIA = [
  'points',
  'goal_difference',
  'goals_for',
  'won',
  'head_to_head',
  'head_to_head_points',
  'head_to_head_goal_difference',
  'head_to_head_goals_for',
  'away_goals_for',
] as const;
export type TieBreakCriterion = (typeof TIE_BREAK_CRITERIA)[number];

/** The rule sets most competitions use (issue #28). */
export const TIE_BREAK_PRESETS = {
  goal_difference_first: ['points', 'goal_difference', 'goals_for', 'won'],
  head_to_head_first: ['points', 'head_to_head', 'goal_difference', 'goals_for'],
} as const satisfies Record<string, readonly TieBreakCriterion[]>;
export type TieBreakPreset = keyof typeof TIE_BREAK_PRESETS;
export const TIE_BREAK_PRESET_NAMES = Object.keys(TIE_BREAK_PRESETS) as TieBreakPreset[];

/** A new league's rule set, and what a league made before rule sets existed ranks by. */
export const DEFAULT_TIE_BREAK: TieBreakPreset = 'goal_difference_first';

/** Teams level on every criterion are listed by name; the reads state it as the last step. */
export const LISTING_ORDER = 'name';

export interface TieBreakRule {
  /** The preset chosen, or null for an ordered list of the commissioner's own. */
  preset: TieBreakPreset | null;
  criteria: readonly TieBreakCriterion[];
}

export type TieBreakVerdict = { ok: true; stored: string; rule: TieBreakRule } | { ok: false; message: string };

const isPreset = (value: string): value is TieBreakPreset => Object.hasOwn(TIE_BREAK_PRESETS, value);
const isCriterion = (value: string): value is TieBreakCriterion =>
  (TIE_BREAK_CRITERIA as readonly string[]).includes(value);

/**
 * Checks a rule set as a client sends it (a preset's name, or criteria in order) and gives the
 * text to store. A list starts with points (a tie-break separates teams level on points), names
 * each criterion once, and uses only known criteria.
 */
export function parseTieBreak(value: string | readonly string[], field: string): TieBreakVerdict {
  if (typeof value === 'string') {
    if (isPreset(value))
      return { ok: true, stored: value, rule: { preset: value, criteria: TIE_BREAK_PRESETS[value] } };
    return {
      ok: false,
      message: `${field} '${value}' is not a preset; use ${TIE_BREAK_PRESET_NAMES.join(' or ')}, or a list of criteria`,
    };
  }
  if (value.length === 0) return { ok: false, message: `${field} must name at least one criterion (points first)` };
  const unknown = value.find((criterion) => !isCriterion(criterion));
  if (unknown !== undefined)
    return {
      ok: false,
      message: `${field} has an unknown criterion '${unknown}'; the criteria are ${TIE_BREAK_CRITERIA.join(', ')}`,
    };
  if (value[0] !== 'points')
    return { ok: false, message: `${field} must start with points: a tie-break separates teams level on points` };
  const repeated = value.find((criterion, index) => value.indexOf(criterion) !== index);
  if (repeated !== undefined) return { ok: false, message: `${field} names ${repeated} more than once` };
  const criteria = value as readonly TieBreakCriterion[];
  return { ok: true, stored: JSON.stringify(criteria), rule: { preset: null, criteria } };
}

/**
 * The rule set a league's stored text holds. Text this module did not write (an operator's SQL)
 * falls back to the default rather than failing every read of the league.
 */
export function storedTieBreak(text: string): TieBreakRule {
  if (isPreset(text)) return { preset: text, criteria: TIE_BREAK_PRESETS[text] };
  try {
    const parsed: unknown = JSON.parse(text);
    if (Array.isArray(parsed) && parsed.every((item) => typeof item === 'string')) {
      const verdict = parseTieBreak(parsed, 'tie_break');
      if (verdict.ok) return verdict.rule;
    }
  } catch {
    // not JSON: the default below
  }
  return { preset: DEFAULT_TIE_BREAK, criteria: TIE_BREAK_PRESETS[DEFAULT_TIE_BREAK] };
}

/**
 * The tie-break rule sets a league may choose (docs/decisions/0033): the one list of criterion
 * names and presets that the set-up routes validate against and the reads state. A league keeps
 * its choice as text in `leagues.tie_break`: a preset's name, or a JSON array of criteria in
 * order. The criteria, the presets and the ranking are the standings engine's (tie-break.ts,
 * decision 0031); this module only checks what a client sends and reads what a league stores.
 * Pure: no database, no clock.
 */
import {
  TIE_BREAK_CRITERIA,
  TIE_BREAK_PRESETS,
  TIE_BREAK_PRESET_NAMES,
  tieBreakInUse,
  type TieBreakCriterion,
  type TieBreakInUse,
  type TieBreakPreset,
  type TieBreakRules,
} from './tie-break.js';

export { TIE_BREAK_CRITERIA, TIE_BREAK_PRESETS, TIE_BREAK_PRESET_NAMES };
export type { TieBreakCriterion, TieBreakPreset };

/** A new league's rule set, and what a league made before rule sets existed ranks by. */
export const DEFAULT_TIE_BREAK: TieBreakPreset = 'goal_difference_first';

/** Teams level on every criterion are listed by name; the reads state it as the last step. */
export const LISTING_ORDER = 'name';

/** The rule set a league keeps: the preset chosen (null for the commissioner's own list) and its criteria. */
export type TieBreakRule = TieBreakInUse;

/** The rule set as the standings engine takes it. */
export const engineRules = (rule: TieBreakRule): TieBreakRules =>
  rule.preset ? { preset: rule.preset } : { criteria: rule.criteria };

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
    if (isPreset(value)) return { ok: true, stored: value, rule: tieBreakInUse({ preset: value }) };
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
  return { ok: true, stored: JSON.stringify(criteria), rule: { preset: null, criteria: [...criteria] } };
}

/**
 * The rule set a league's stored text holds. Text this module did not write (an operator's SQL)
 * falls back to the default rather than failing every read of the league.
 */
export function storedTieBreak(text: string): TieBreakRule {
  if (isPreset(text)) return tieBreakInUse({ preset: text });
  try {
    const parsed: unknown = JSON.parse(text);
    if (Array.isArray(parsed) && parsed.every((item) => typeof item === 'string')) {
      const verdict = parseTieBreak(parsed, 'tie_break');
      if (verdict.ok) return verdict.rule;
    }
  } catch {
    // not JSON: the default below
  }
  return tieBreakInUse({ preset: DEFAULT_TIE_BREAK });
}

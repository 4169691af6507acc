/**
 * The text policy for every human-entered name and short text of the product API (docs/api.md,
 * "Text fields"; why: docs/decisions/0015). The server applies it to request bodies
 * (server/http/text-input.ts) and the browser's forms to their fields (src/lib/text-schema.ts),
 * so both refuse the same values for the same reason.
 *
 * A value is checked as it arrives: no unpaired surrogates, no control characters (a multi-line
 * text may hold line feeds), no bidirectional embeddings, overrides or isolates. It is then
 * normalised (NFC, surrounding white space trimmed) and must be at most `max` code points long,
 * hold a visible character (a letter, number, punctuation or symbol) and be at least `min` code
 * points long. Pure: no imports, no I/O.
 */

/** The limits of one field; lengths are Unicode code points of the normalised value. */
export interface TextRule {
  /** 0 lets the field be empty (after trimming); 1 or more requires a visible character. */
  readonly min: number;
  readonly max: number;
  /** A multi-line short text (the bio) may hold line feeds (U+000A); no other line break. */
  readonly multiline: boolean;
}

/** Every human-entered text of the product API; a field added later adds its rule here. */
export const TEXT_RULES = {
  memberName: { min: 1, max: 60, multiline: false },
  bio: { min: 0, max: 280, multiline: true },
  venue: { min: 1, max: 120, multiline: false },
  refereeName: { min: 1, max: 80, multiline: false },
  leagueName: { min: 1, max: 80, multiline: false },
  seasonName: { min: 1, max: 40, multiline: false },
  teamName: { min: 1, max: 60, multiline: false },
  teamShortName: { min: 1, max: 5, multiline: false },
  coachName: { min: 1, max: 60, multiline: false },
  /** A player added to a squad by name (decision 0038); a member's player takes their own name. */
  playerName: { min: 1, max: 60, multiline: false },
  /** Why points were adjusted, a result awarded or level teams ordered (decision 0031). */
  ruleReason: { min: 1, max: 200, multiline: false },
} as const satisfies Record<string, TextRule>;

/** Why a value is refused; a character problem names the first offending code point. */
export type TextProblem =
  | { reason: 'malformed' | 'control' | 'bidi'; codePoint: number }
  | { reason: 'empty' | 'invisible' }
  | { reason: 'too_short'; min: number; length: number }
  | { reason: 'too_long'; max: number; length: number };

export type TextReason = TextProblem['reason'];

export type TextVerdict = { ok: true; value: string } | { ok: false; problem: TextProblem };

/** An unpaired UTF-16 surrogate: not a character, and not storable as UTF-8. */
const UNPAIRED_SURROGATE = /\p{Cs}/u;

/**
 * Control characters: C0 (U+0000–U+001F, tab and line breaks included), DEL, C1
 * (U+0080–U+009F); the line and paragraph separators U+2028/U+2029; the deprecated format
 * characters U+206A–U+206F (symmetric swapping, shaping, digit shapes); the interlinear
 * annotation characters U+FFF9–U+FFFB, which can hide text from view.
 */
const CONTROL = /[\p{Cc}\u2028\u2029\u206A-\u206F\uFFF9-\uFFFB]/u;

/**
 * Bidirectional embeddings and overrides (LRE, RLE, PDF, LRO, RLO: U+202A–U+202E) and isolates
 * (LRI, RLI, FSI, PDI: U+2066–U+2069): they reorder the text after them, so a name can display
 * as something else, and an unclosed one reorders what the page shows next to it. The marks
 * LRM, RLM and ALM (U+200E, U+200F, U+061C) are allowed: see docs/decisions/0015.
 */
const BIDI = /[\u202A-\u202E\u2066-\u2069]/u;

/** A letter, number, punctuation or symbol: something that shows. */
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

/** Letters and symbols that render as nothing (Hangul fillers, the blank Braille pattern). */
const BLANK = /[\u115F\u1160\u3164\uFFA0\u2800]/u;

const LINE_FEED = 0x0a;

/** `U+202E` for a code point, as messages name it. */
export function codePointLabel(codePoint: number): string {
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** How long a text is in the policy's unit: Unicode code points. */
export function codePointLength(text: string): number {
  let length = 0;
  for (const _ of text) length += 1;
  return length;
}

/** The first code point of `text` matching `pattern` (one code point long), if any. */
function firstMatch(text: string, pattern: RegExp, allowed?: number): number | null {
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    if (codePoint !== allowed && pattern.test(char)) return codePoint;
  }
  return null;
}

/** The character problems a raw value may have, in the order they are reported. */
export function characterProblem(
  text: string,
  multiline = false,
): { reason: 'malformed' | 'control' | 'bidi'; codePoint: number } | null {
  const surrogate = firstMatch(text, UNPAIRED_SURROGATE);
  if (surrogate !== null) return { reason: 'malformed', codePoint: surrogate };
  const control = firstMatch(text, CONTROL, multiline ? LINE_FEED : undefined);
  if (control !== null) return { reason: 'control', codePoint: control };
  const bidi = firstMatch(text, BIDI);
  if (bidi !== null) return { reason: 'bidi', codePoint: bidi };
  return null;
}

/** NFC with the surrounding white space trimmed: the form a text is stored and compared in. */
export function normaliseText(text: string): string {
  return text.normalize('NFC').trim();
}

/** Whether the text has a character that shows (not only spaces, marks or invisible ones). */
export function hasVisibleCharacter(text: string): boolean {
  for (const char of text) if (VISIBLE.test(char) && !BLANK.test(char)) return true;
  return false;
}

/** Checks a raw value against a rule; when it passes, `value` is what to store. */
export function checkText(input: string, rule: TextRule): TextVerdict {
  const character = characterProblem(input, rule.multiline);
  if (character) return { ok: false, problem: character };
  const value = normaliseText(input);
  const length = codePointLength(value);
  if (length > rule.max) return { ok: false, problem: { reason: 'too_long', max: rule.max, length } };
  if (length === 0) return rule.min === 0 ? { ok: true, value } : { ok: false, problem: { reason: 'empty' } };
  if (!hasVisibleCharacter(value)) return { ok: false, problem: { reason: 'invisible' } };
  if (length < rule.min) return { ok: false, problem: { reason: 'too_short', min: rule.min, length } };
  return { ok: true, value };
}

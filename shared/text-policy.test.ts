import { describe, expect, it } from 'vitest';
import { checkText, codePointLabel, codePointLength, TEXT_RULES, type TextReason, type TextRule } from './text-policy';

const name = TEXT_RULES.memberName;
const bio = TEXT_RULES.bio;

/** Refused names: the label, the value, the reason and, for a character problem, the code point. */
const refused: [string, string, TextReason, number?][] = [
  ['NUL', 'Al\u0000ex', 'control', 0x0000],
  ['a C0 control (BEL)', 'Al\u0007ex', 'control', 0x0007],
  ['a tab', 'Alex\tMorgan', 'control', 0x0009],
  ['a line feed', 'Alex\nMorgan', 'control', 0x000a],
  ['a carriage return', 'Alex\rMorgan', 'control', 0x000d],
  ['a trailing line feed', 'Alex\n', 'control', 0x000a],
  ['DEL', 'Alex\u007f', 'control', 0x007f],
  ['C1 NEL (U+0085)', 'Alex\u0085', 'control', 0x0085],
  ['C1 CSI (U+009B)', '\u009b31mAlex', 'control', 0x009b],
  ['a line separator (U+2028)', 'Alex\u2028Morgan', 'control', 0x2028],
  ['an interlinear annotation (U+FFF9)', 'Alex\ufff9hidden\ufffb', 'control', 0xfff9],
  ['RIGHT-TO-LEFT OVERRIDE (U+202E)', 'Alex\u202Enagrom', 'bidi', 0x202e],
  ['LEFT-TO-RIGHT EMBEDDING (U+202A)', '\u202AAlex', 'bidi', 0x202a],
  ['POP DIRECTIONAL FORMATTING (U+202C)', 'Alex\u202C', 'bidi', 0x202c],
  ['LEFT-TO-RIGHT ISOLATE (U+2066)', 'Alex\u2066x', 'bidi', 0x2066],
  ['RIGHT-TO-LEFT ISOLATE (U+2067)', 'Alex\u2067x', 'bidi', 0x2067],
  ['FIRST STRONG ISOLATE (U+2068)', 'Alex\u2068x', 'bidi', 0x2068],
  ['POP DIRECTIONAL ISOLATE (U+2069)', 'Alex\u2069', 'bidi', 0x2069],
  ['an unpaired surrogate', 'Alex\ud800', 'malformed', 0xd800],
  ['only U+200B', '\u200b', 'invisible'],
  ['only zero-width characters', '\u200b\u200c\u200d\u2060\ufeff\u200b', 'invisible'],
  ['only combining acute accents (U+0301)', '\u0301\u0301\u0301', 'invisible'],
  ['only variation selectors', '\ufe0f\ufe0e', 'invisible'],
  ['only Hangul fillers', '\u3164\u3164', 'invisible'],
  ['only bidi marks', '\u200e\u200f', 'invisible'],
  ['nothing', '', 'empty'],
  ['only spaces', '     ', 'empty'],
  ['only no-break spaces', '\u00a0\u00a0', 'empty'],
  ['only ideographic spaces', '\u3000', 'empty'],
  ['61 characters', 'a'.repeat(61), 'too_long'],
  ['61 emoji (122 UTF-16 units)', '😀'.repeat(61), 'too_long'],
];

/** Allowed names and what is stored. */
const allowed: [string, string, string][] = [
  ['a plain name', 'Alex Morgan', 'Alex Morgan'],
  ['surrounding spaces, trimmed', '  Alex Morgan\u00a0 ', 'Alex Morgan'],
  ['an emoji-only name', '⚽️🥅', '⚽️🥅'],
  ['a ZWJ emoji sequence', '👩‍👩‍👧', '👩‍👩‍👧'],
  ['NFD input, stored NFC', 'Zoe\u0308 Ferna\u0301ndez', 'Zoë Fernández'],
  ['CJK', '李小龍', '李小龍'],
  ['Japanese', '山田 太郎', '山田 太郎'],
  ['Hangul', '김민준', '김민준'],
  ['Devanagari (with combining signs)', 'अर्जुन शर्मा', 'अर्जुन शर्मा'],
  ['Arabic', 'محمد صلاح', 'محمد صلاح'],
  ['Hebrew with a right-to-left mark', 'דני\u200F 10', 'דני\u200F 10'],
  ['Persian with a zero-width non-joiner', 'می\u200Cخواهم', 'می\u200Cخواهم'],
  ['punctuation', "O'Brien-Smith Jr.", "O'Brien-Smith Jr."],
  ['exactly 60 characters', 'a'.repeat(60), 'a'.repeat(60)],
  ['60 emoji', '😀'.repeat(60), '😀'.repeat(60)],
  ['60 NFC characters typed as 120 NFD code points', 'e\u0301'.repeat(60), 'é'.repeat(60)],
  ['one character', 'X', 'X'],
];

describe('the text policy for names', () => {
  it.each(refused)('refuses %s', (_label, value, reason, codePoint) => {
    const verdict = checkText(value, name);
    expect(verdict.ok).toBe(false);
    if (verdict.ok) return;
    expect(verdict.problem.reason).toBe(reason);
    if (codePoint !== undefined) expect(verdict.problem).toEqual({ reason, codePoint });
  });

  it.each(allowed)('allows %s', (_label, value, stored) => {
    expect(checkText(value, name)).toEqual({ ok: true, value: stored });
  });

  it('names the length in code points at the boundary', () => {
    expect(checkText('a'.repeat(61), name)).toEqual({
      ok: false,
      problem: { reason: 'too_long', max: 60, length: 61 },
    });
    expect(checkText(` ${'b'.repeat(60)} `, name).ok).toBe(true);
  });

  it('stores the composed form, so the two spellings of one name are equal', () => {
    const composed = checkText('Zo\u00eb', name);
    const decomposed = checkText('Zoe\u0308', name);
    expect(composed).toEqual(decomposed);
    expect(composed.ok && composed.value.length).toBe(3);
  });

  it('refuses a text below a minimum above one', () => {
    const rule: TextRule = { min: 3, max: 10, multiline: false };
    expect(checkText('Al', rule)).toEqual({ ok: false, problem: { reason: 'too_short', min: 3, length: 2 } });
    expect(checkText('Ali', rule).ok).toBe(true);
  });
});

describe('the text policy for a multi-line short text (the bio)', () => {
  it('allows line feeds and an empty bio', () => {
    expect(checkText('Left back.\nCaptain since 2024.\n', bio)).toEqual({
      ok: true,
      value: 'Left back.\nCaptain since 2024.',
    });
    expect(checkText('', bio)).toEqual({ ok: true, value: '' });
    expect(checkText('   ', bio)).toEqual({ ok: true, value: '' });
  });

  it.each([
    ['a tab', 'Left\tback', 'control', 0x09],
    ['a carriage return', 'Left back.\r\nCaptain', 'control', 0x0d],
    ['NUL', 'Left\u0000back', 'control', 0x00],
    ['a right-to-left override', 'Left \u202Ekcab', 'bidi', 0x202e],
  ] as const)('refuses %s', (_label, value, reason, codePoint) => {
    expect(checkText(value, bio)).toEqual({ ok: false, problem: { reason, codePoint } });
  });

  it('refuses a bio of only invisible characters, and one over 280', () => {
    expect(checkText('\u200b\n\u200b', bio)).toEqual({ ok: false, problem: { reason: 'invisible' } });
    expect(checkText('b'.repeat(281), bio)).toEqual({
      ok: false,
      problem: { reason: 'too_long', max: 280, length: 281 },
    });
    expect(checkText('b'.repeat(280), bio).ok).toBe(true);
  });
});

describe('helpers', () => {
  it('counts code points, not UTF-16 units', () => {
    expect(codePointLength('😀a')).toBe(2);
    expect('😀a'.length).toBe(3);
  });

  it('labels code points as U+XXXX', () => {
    expect(codePointLabel(0)).toBe('U+0000');
    expect(codePointLabel(0x202e)).toBe('U+202E');
    expect(codePointLabel(0x1f600)).toBe('U+1F600');
  });
});

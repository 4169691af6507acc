import { describe, expect, it } from 'vitest';
import { checkEmail, normaliseEmail, type EmailReason } from './email-policy';

const refused: [string, string, EmailReason][] = [
  ['nothing', '', 'empty'],
  ['only spaces', '   ', 'empty'],
  ['NUL', 'alex\u0000@sideline.example', 'control'],
  ['a tab inside', 'alex\t@sideline.example', 'control'],
  ['a line feed at the end', 'alex@sideline.example\n', 'control'],
  ['C1 NEL', 'alex@sideline.example\u0085', 'control'],
  ['a right-to-left override', 'alex@\u202Eelpmaxe.eniledis', 'bidi'],
  ['an isolate', '\u2066alex@sideline.example', 'bidi'],
  ['an unpaired surrogate', 'alex\udc00@sideline.example', 'malformed'],
  ['a space inside', 'alex morgan@sideline.example', 'space'],
  ['a no-break space inside', 'alex\u00a0morgan@sideline.example', 'space'],
  ['no @', 'alex.sideline.example', 'syntax'],
  ['two @', 'alex@home@sideline.example', 'syntax'],
  ['a fullwidth @', 'alex\uff20sideline.example', 'syntax'],
  ['no top-level domain', 'alex@localhost', 'syntax'],
  ['a one-letter top-level domain', 'alex@sideline.e', 'syntax'],
  ['a numeric top-level domain', 'alex@sideline.123', 'syntax'],
  ['an IP literal', 'alex@[127.0.0.1]', 'syntax'],
  ['a trailing dot', 'alex@sideline.example.', 'syntax'],
  ['a leading dot in the domain', 'alex@.sideline.example', 'syntax'],
  ['a double dot in the domain', 'alex@sideline..example', 'syntax'],
  ['a leading dot in the local part', '.alex@sideline.example', 'syntax'],
  ['a trailing dot in the local part', 'alex.@sideline.example', 'syntax'],
  ['a double dot in the local part', 'alex..morgan@sideline.example', 'syntax'],
  ['a label starting with a hyphen', 'alex@-sideline.example', 'syntax'],
  ['a label ending with a hyphen', 'alex@sideline-.example', 'syntax'],
  ['an underscore in the domain', 'alex@side_line.example', 'syntax'],
  ['markup in the local part', '<script>@sideline.example', 'syntax'],
  ['a quoted local part', '"alex morgan"@sideline.example', 'space'],
  ['a comma', 'alex,morgan@sideline.example', 'syntax'],
  ['a zero-width space', 'alex\u200b@sideline.example', 'syntax'],
  ['a 64-code-point label', `alex@${'a'.repeat(64)}.example`, 'syntax'],
  ['a local part of 65 bytes', `${'a'.repeat(65)}@sideline.example`, 'local_too_long'],
  ['a local part of 33 two-byte letters (66 bytes)', `${'ö'.repeat(33)}@sideline.example`, 'local_too_long'],
  ['255 bytes', `alex@${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(59)}.example`, 'too_long'],
];

const allowed: [string, string, string][] = [
  ['a plain address', 'alex@sideline.example', 'alex@sideline.example'],
  ['capitals, lower-cased', 'Alex.Morgan@Sideline.EXAMPLE', 'alex.morgan@sideline.example'],
  ['surrounding spaces, trimmed', '  alex@sideline.example \u00a0', 'alex@sideline.example'],
  ['plus and other atext', "a.l+e_x-1!#$%&'*/=?^`{|}~@sideline.example", "a.l+e_x-1!#$%&'*/=?^`{|}~@sideline.example"],
  ['a subdomain and digits', 'alex@mail2.sideline.example', 'alex@mail2.sideline.example'],
  ['an IDN domain in Unicode', 'jörg@Bücher.example', 'jörg@bücher.example'],
  ['an IDN domain in NFD', 'jo\u0308rg@bu\u0308cher.example', 'jörg@bücher.example'],
  ['an IDN domain as punycode', 'jorg@xn--bcher-kva.example', 'jorg@xn--bcher-kva.example'],
  ['a Unicode local part', 'ЮЛИЯ@пример.рф', 'юлия@пример.рф'],
  ['a CJK address', '山田@例え.テスト', '山田@例え.テスト'],
  ['a 64-byte local part', `${'a'.repeat(64)}@sideline.example`, `${'a'.repeat(64)}@sideline.example`],
  [
    '254 bytes',
    `alex@${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(58)}.example`,
    `alex@${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(58)}.example`,
  ],
];

describe('the email policy', () => {
  it.each(refused)('refuses %s', (_label, value, reason) => {
    const verdict = checkEmail(value);
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.problem.reason).toBe(reason);
  });

  it.each(allowed)('allows %s', (_label, value, stored) => {
    expect(checkEmail(value)).toEqual({ ok: true, value: stored });
  });

  it('names the character and the limits it refuses', () => {
    expect(checkEmail('alex\u202E@sideline.example')).toEqual({
      ok: false,
      problem: { reason: 'bidi', codePoint: 0x202e },
    });
    expect(checkEmail(`${'a'.repeat(65)}@sideline.example`)).toEqual({
      ok: false,
      problem: { reason: 'local_too_long', max: 64, length: 65 },
    });
  });

  it('normalises the spellings of one address to one form', () => {
    const spellings = ['Jörg@Bücher.Example', ' jo\u0308rg@BU\u0308CHER.example', 'JÖRG@BÜCHER.EXAMPLE'];
    expect(new Set(spellings.map(normaliseEmail))).toEqual(new Set(['jörg@bücher.example']));
  });
});

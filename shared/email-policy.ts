/**
 * Email addresses under the text policy (docs/api.md, "Text fields"; docs/decisions/0015): the
 * same character rules as names, then one normal form (trimmed, NFC, lower case) in which an
 * address is stored, looked up and compared, and a plain `local@domain.tld` syntax:
 *   - at most 254 bytes in UTF-8, the local part at most 64 (RFC 5321);
 *   - local part: letters, marks, digits and ! # $ % & ' * + / = ? ^ _ ` { | } ~ -, in dot-separated
 *     runs (no leading, trailing or double dot); no quoted local parts;
 *   - domain: at least two dot-separated labels of letters, marks, digits and inner hyphens, at
 *     most 63 code points each; the last (the top-level domain) letters only, at least two, or an
 *     `xn--` label. Internationalised domains stay as typed (Unicode), lower-cased; no IP literals.
 * Pure: imports only the text policy.
 */
import { characterProblem } from './text-policy.js';

export const EMAIL_MAX_BYTES = 254;
export const EMAIL_LOCAL_MAX_BYTES = 64;

export type EmailProblem =
  | { reason: 'malformed' | 'control' | 'bidi'; codePoint: number }
  | { reason: 'empty' | 'space' | 'syntax' }
  | { reason: 'too_long' | 'local_too_long'; max: number; length: number };

export type EmailReason = EmailProblem['reason'];

export type EmailVerdict = { ok: true; value: string } | { ok: false; problem: EmailProblem };

const ATEXT = "[\\p{L}\\p{M}\\p{N}!#$%&'*+/=?^_`{|}~-]+";
const LOCAL = new RegExp(`^${ATEXT}(?:\\.${ATEXT})*$`, 'u');
const LABEL = /^(?!-)[\p{L}\p{M}\p{N}-]{1,63}(?<!-)$/u;
const TOP_LEVEL = /^(?:\p{L}[\p{L}\p{M}]+|xn--[a-z0-9-]+)$/u;
const SPACE = /\s/u;

const utf8Length = (text: string) => new TextEncoder().encode(text).length;

/** The stored and compared form of an address: trimmed, NFC, lower case (NFC again after it). */
export function normaliseEmail(input: string): string {
  return input.trim().normalize('NFC').toLowerCase().normalize('NFC');
}

function syntaxOk(local: string, domain: string): boolean {
  if (!LOCAL.test(local)) return false;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label) && [...label].length <= 63)) return false;
  return TOP_LEVEL.test(labels[labels.length - 1]!);
}

/** Checks a raw address; when it passes, `value` is its normal form, to store or look up. */
export function checkEmail(input: string): EmailVerdict {
  const character = characterProblem(input);
  if (character) return { ok: false, problem: character };
  const value = normaliseEmail(input);
  if (value === '') return { ok: false, problem: { reason: 'empty' } };
  if (SPACE.test(value)) return { ok: false, problem: { reason: 'space' } };
  const length = utf8Length(value);
  if (length > EMAIL_MAX_BYTES) return { ok: false, problem: { reason: 'too_long', max: EMAIL_MAX_BYTES, length } };
  const at = value.indexOf('@');
  if (at < 0 || at !== value.lastIndexOf('@')) return { ok: false, problem: { reason: 'syntax' } };
  const local = value.slice(0, at);
  const localLength = utf8Length(local);
  if (localLength > EMAIL_LOCAL_MAX_BYTES)
    return { ok: false, problem: { reason: 'local_too_long', max: EMAIL_LOCAL_MAX_BYTES, length: localLength } };
  if (!syntaxOk(local, value.slice(at + 1))) return { ok: false, problem: { reason: 'syntax' } };
  return { ok: true, value };
}

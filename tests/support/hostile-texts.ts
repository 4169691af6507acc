/**
 * Hostile single-line names for the text policy (docs/api.md, "Text fields"): the same values
 * are refused by the product API (tests/server/text-policy.test.ts) and by the forms
 * (tests/integration/text-forms.test.tsx). `api` is what the 400's message says after
 * `body/<field> `; `reason` is the policy's reason, which picks the form's message.
 */
import type { TextReason } from '../../shared/text-policy';

export interface HostileText {
  label: string;
  value: string;
  reason: TextReason;
  api: RegExp;
}

const control = (codePoint: string) =>
  new RegExp(`must not contain control characters, tabs or line breaks \\(U\\+${codePoint}\\)`);
const bidi = (codePoint: string) =>
  new RegExp(`must not contain bidirectional control characters \\(U\\+${codePoint}\\)`);
const invisible = /must contain a visible character \(a letter, number, punctuation or symbol\)/;

export const HOSTILE_NAMES: HostileText[] = [
  { label: 'NUL', value: 'Al\u0000ex', reason: 'control', api: control('0000') },
  { label: 'a C0 escape sequence', value: 'Alex\u001b[31m', reason: 'control', api: control('001B') },
  { label: 'a tab', value: 'Alex\tMorgan', reason: 'control', api: control('0009') },
  { label: 'a line feed', value: 'Alex\nMorgan', reason: 'control', api: control('000A') },
  { label: 'DEL', value: 'Alex\u007f', reason: 'control', api: control('007F') },
  { label: 'C1 NEL', value: 'Alex\u0085', reason: 'control', api: control('0085') },
  { label: 'C1 CSI', value: '\u009b31mAlex', reason: 'control', api: control('009B') },
  { label: 'a right-to-left override', value: 'Alex\u202Enagrom', reason: 'bidi', api: bidi('202E') },
  { label: 'a left-to-right isolate', value: 'Alex\u2066x', reason: 'bidi', api: bidi('2066') },
  { label: 'a right-to-left isolate', value: 'Alex\u2067x', reason: 'bidi', api: bidi('2067') },
  { label: 'a first-strong isolate', value: 'Alex\u2068x', reason: 'bidi', api: bidi('2068') },
  { label: 'a pop directional isolate', value: 'Alex\u2069', reason: 'bidi', api: bidi('2069') },
  { label: 'an unpaired surrogate', value: 'Alex\ud800', reason: 'malformed', api: /must be well-formed Unicode text/ },
  { label: 'only U+200B', value: '\u200b', reason: 'invisible', api: invisible },
  { label: 'only combining marks', value: '\u0301\u0301\u0301', reason: 'invisible', api: invisible },
  { label: 'only a variation selector', value: '\ufe0f', reason: 'invisible', api: invisible },
  { label: 'only spaces', value: '    ', reason: 'empty', api: /must not be blank/ },
  { label: 'only no-break spaces', value: '\u00a0\u00a0', reason: 'empty', api: /must not be blank/ },
  {
    label: '61 characters',
    value: '\u00e9'.repeat(61),
    reason: 'too_long',
    api: /must NOT have more than 60 characters \(Unicode code points\); it has 61/,
  },
];

/** Names in the world's scripts (and an emoji-only one), accepted and stored as sent. */
export const WORLD_NAMES = [
  '⚽🥅',
  '李小龍',
  '山田 太郎',
  '김민준',
  'अर्जुन शर्मा',
  'محمد صلاح',
  'דני\u200F 10',
  'Zoë Fernández',
];

/**
 * The text policy (shared/text-policy.ts, docs/api.md "Text fields") applied to a request: the
 * normalised value to store, or the product API's 400 naming the field and the rule. Route
 * schemas keep the type and a generous length bound; the rule itself is applied here, once.
 */
import { checkEmail, type EmailProblem } from '../../shared/email-policy.js';
import { checkText, codePointLabel, type TextProblem, type TextRule } from '../../shared/text-policy.js';
import { HttpError } from './errors.js';

/**
 * The JSON schema of a text field: a string, at most four times the rule's maximum (the
 * longest a text within the limit can be before NFC composes it). Everything else is the
 * policy's, so its messages are the ones a client sees.
 */
export function textFieldSchema(rule: TextRule) {
  return { type: 'string', maxLength: rule.max * 4 } as const;
}

/** An address field's schema: a string, bounded; the syntax is the email policy's. */
export const emailFieldSchema = { type: 'string', maxLength: 1024 } as const;

/** `body/name must …`: what is wrong with a text, in the API's words. */
export function describeTextProblem(field: string, problem: TextProblem, multiline = false): string {
  switch (problem.reason) {
    case 'malformed':
      return `${field} must be well-formed Unicode text (unpaired surrogate ${codePointLabel(problem.codePoint)})`;
    case 'control':
      return multiline
        ? `${field} must not contain control characters other than line feeds (${codePointLabel(problem.codePoint)})`
        : `${field} must not contain control characters, tabs or line breaks (${codePointLabel(problem.codePoint)})`;
    case 'bidi':
      return `${field} must not contain bidirectional control characters (${codePointLabel(problem.codePoint)})`;
    case 'empty':
      return `${field} must not be blank`;
    case 'invisible':
      return `${field} must contain a visible character (a letter, number, punctuation or symbol)`;
    case 'too_short':
      return `${field} must NOT have fewer than ${problem.min} characters (Unicode code points); it has ${problem.length}`;
    case 'too_long':
      return `${field} must NOT have more than ${problem.max} characters (Unicode code points); it has ${problem.length}`;
  }
}

/** `body/email must …`: what is wrong with an address. */
export function describeEmailProblem(field: string, problem: EmailProblem): string {
  switch (problem.reason) {
    case 'malformed':
    case 'control':
    case 'bidi':
      return describeTextProblem(field, problem);
    case 'empty':
      return `${field} must not be blank`;
    case 'space':
      return `${field} must not contain spaces`;
    case 'too_long':
      return `${field} must NOT have more than ${problem.max} bytes (UTF-8); it has ${problem.length}`;
    case 'local_too_long':
      return `${field} must NOT have more than ${problem.max} bytes (UTF-8) before the @; it has ${problem.length}`;
    case 'syntax':
      return `${field} must be an email address such as name@example.com`;
  }
}

/** The value to store for a text field (NFC, trimmed), or a 400 naming the field and the rule. */
export function requireText(value: string, field: string, rule: TextRule): string {
  const verdict = checkText(value, rule);
  if (!verdict.ok) throw new HttpError(400, describeTextProblem(field, verdict.problem, rule.multiline));
  return verdict.value;
}

/** The address to store or look up (trimmed, NFC, lower case), or a 400 naming the rule. */
export function requireEmail(value: string, field: string): string {
  const verdict = checkEmail(value);
  if (!verdict.ok) throw new HttpError(400, describeEmailProblem(field, verdict.problem));
  return verdict.value;
}

/**
 * The text policy (shared/text-policy.ts, docs/api.md "Text fields") as yup fields, so a form
 * refuses what the server refuses, for the same reason, in the member's language.
 */
import type { TFunction } from 'i18next';
import * as yup from 'yup';
import { checkEmail, type EmailProblem } from '../../shared/email-policy';
import { checkText, type TextProblem, type TextRule } from '../../shared/text-policy';

/** The field's own texts: what to say when it is empty (a required field) or too long. */
export interface FieldMessages {
  empty?: string;
  tooLong: string;
}

/** What to tell the member about a refused text. */
export function textProblemMessage(t: TFunction, problem: TextProblem, rule: TextRule, own: FieldMessages): string {
  switch (problem.reason) {
    case 'malformed':
      return t('text.malformed');
    case 'control':
      return rule.multiline ? t('text.controlMultiline') : t('text.control');
    case 'bidi':
      return t('text.bidi');
    case 'empty':
      return own.empty ?? t('text.invisible');
    case 'invisible':
      return t('text.invisible');
    case 'too_short':
      return t('text.tooShort', { min: problem.min });
    case 'too_long':
      return own.tooLong;
  }
}

/** What to tell the member about a refused email address. */
export function emailProblemMessage(t: TFunction, problem: EmailProblem): string {
  switch (problem.reason) {
    case 'malformed':
      return t('text.malformed');
    case 'control':
      return t('text.control');
    case 'bidi':
      return t('text.bidi');
    case 'empty':
      return t('login.emailRequired');
    case 'space':
      return t('text.emailSpaces');
    case 'syntax':
    case 'too_long':
    case 'local_too_long':
      return t('login.emailInvalid');
  }
}

/** A text field under `rule`: the value as typed is checked, as the server checks it. */
export function policyText(t: TFunction, rule: TextRule, own: FieldMessages) {
  return yup
    .string()
    .default('')
    .test({
      name: 'text-policy',
      test(value, context) {
        const verdict = checkText(value ?? '', rule);
        return verdict.ok || context.createError({ message: textProblemMessage(t, verdict.problem, rule, own) });
      },
    });
}

/** An email field under the email policy. */
export function policyEmail(t: TFunction) {
  return yup
    .string()
    .default('')
    .test({
      name: 'email-policy',
      test(value, context) {
        const verdict = checkEmail(value ?? '');
        return verdict.ok || context.createError({ message: emailProblemMessage(t, verdict.problem) });
      },
    });
}

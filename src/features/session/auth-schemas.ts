/** Sign-in and registration rules, matching the product API's (docs/api.md, "Text fields"). */
import type { TFunction } from 'i18next';
import * as yup from 'yup';
import { TEXT_RULES } from '../../../shared/text-policy';
import { policyEmail, policyText } from '../../lib/text-schema';

export const signInSchema = (t: TFunction) =>
  yup.object({
    email: policyEmail(t),
    password: yup.string().required(t('login.passwordRequired')),
  });

export const registerSchema = (t: TFunction) =>
  yup.object({
    name: policyText(t, TEXT_RULES.memberName, {
      empty: t('register.nameRequired'),
      tooLong: t('register.nameTooLong'),
    }),
    email: policyEmail(t),
    password: yup
      .string()
      .required(t('login.passwordRequired'))
      .min(8, t('register.passwordTooShort'))
      .max(128, t('register.passwordTooLong')),
  });

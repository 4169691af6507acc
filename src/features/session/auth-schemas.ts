/** Sign-in and registration rules, matching the product API's (docs/api.md). */
import type { TFunction } from 'i18next';
import * as yup from 'yup';

export const signInSchema = (t: TFunction) =>
  yup.object({
    email: yup.string().trim().required(t('login.emailRequired')).email(t('login.emailInvalid')),
    password: yup.string().required(t('login.passwordRequired')),
  });

export const registerSchema = (t: TFunction) =>
  yup.object({
    name: yup.string().trim().required(t('register.nameRequired')).max(60, t('register.nameTooLong')),
    email: yup.string().trim().required(t('login.emailRequired')).email(t('login.emailInvalid')).max(254),
    password: yup
      .string()
      .required(t('login.passwordRequired'))
      .min(8, t('register.passwordTooShort'))
      .max(128, t('register.passwordTooLong')),
  });

/** Profile rules, matching the product API's (docs/api.md). */
import type { TFunction } from 'i18next';
import * as yup from 'yup';

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const profileSchema = (t: TFunction) =>
  yup.object({
    name: yup.string().trim().required(t('account.nameRequired')).max(60, t('account.nameTooLong')),
    bio: yup.string().max(280, t('account.bioTooLong')),
    phone: yup
      .string()
      .trim()
      .matches(/^\+?[0-9 ()-]{6,20}$/, { message: t('account.phoneInvalid'), excludeEmptyString: true }),
    timezone: yup
      .string()
      .trim()
      .test('timezone', t('account.timezoneInvalid'), (value) => !value || isTimeZone(value)),
  });

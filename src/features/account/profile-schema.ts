/** Profile rules, matching the product API's (docs/api.md, "Text fields"). */
import type { TFunction } from 'i18next';
import * as yup from 'yup';
import { TEXT_RULES } from '../../../shared/text-policy';
import { policyText } from '../../lib/text-schema';
import { isTimeZone } from '../../lib/time-zone';

export const profileSchema = (t: TFunction) =>
  yup.object({
    name: policyText(t, TEXT_RULES.memberName, {
      empty: t('account.nameRequired'),
      tooLong: t('account.nameTooLong'),
    }),
    bio: policyText(t, TEXT_RULES.bio, { tooLong: t('account.bioTooLong') }),
    phone: yup
      .string()
      .trim()
      .matches(/^\+?[0-9 ()-]{6,20}$/, { message: t('account.phoneInvalid'), excludeEmptyString: true }),
    timezone: yup
      .string()
      .trim()
      .test('timezone', t('account.timezoneInvalid'), (value) => !value || isTimeZone(value)),
  });

/**
 * The "Add player" form's values and rules: a name under the text policy (the server's rule for
 * player names), one of the sport's positions, and an optional shirt number. Whether the number
 * is free and the squad has room is the server's to say (docs/decisions/0038).
 */
import type { TFunction } from 'i18next';
import * as yup from 'yup';
import { TEXT_RULES } from '../../../shared/text-policy';
import type { NewPlayerBody } from '../../lib/league-client';
import { policyText } from '../../lib/text-schema';

export interface NewPlayerValues {
  name: string;
  position: string;
  /** As typed; '' for none. */
  shirt: string;
}

export const newPlayerValues = (positions: readonly string[]): NewPlayerValues => ({
  name: '',
  position: positions[0] ?? '',
  shirt: '',
});

export const newPlayerSchema = (t: TFunction) =>
  yup.object({
    name: policyText(t, TEXT_RULES.playerName, {
      empty: t('roster.add.nameRequired'),
      tooLong: t('roster.add.nameTooLong', { max: TEXT_RULES.playerName.max }),
    }),
    shirt: yup
      .string()
      .default('')
      .matches(/^\d{0,3}$/, t('roster.add.shirtInvalid')),
  });

export function newPlayerBody(values: NewPlayerValues): NewPlayerBody {
  return {
    name: values.name.trim(),
    position: values.position,
    shirt_number: values.shirt === '' ? null : Number(values.shirt),
  };
}

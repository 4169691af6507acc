/**
 * The "Add player" and "Edit player" forms' values and rules: a name under the text policy (the server's rule for
 * player names), one of the sport's positions, and an optional shirt number. Whether the number
 * is free and the squad has room is the server's to say (docs/decisions/0038).
 */
import type { TFunction } from 'i18next';
import * as yup from 'yup';
import { TEXT_RULES } from '../../../shared/text-policy';
import type { NewPlayerBody, PlayerChangesBody, SquadPlayer } from '../../lib/league-client';
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

/** The edit form's values: the player as they are. */
export const playerValues = (player: SquadPlayer): NewPlayerValues => ({
  name: player.name,
  position: player.position,
  shirt: player.shirt_number === null ? '' : String(player.shirt_number),
});

/** Whether the player's name is changed here: a member's player goes by the member's display name. */
export const nameEditable = (player: SquadPlayer) => player.user_id === null;

/** What the edit form sends: only what changed (nothing changed: an empty body, not sent). */
export function playerChanges(player: SquadPlayer, values: NewPlayerValues): PlayerChangesBody {
  const next = newPlayerBody(values);
  return {
    ...(nameEditable(player) && next.name !== player.name ? { name: next.name } : {}),
    ...(next.position !== player.position ? { position: next.position } : {}),
    ...(next.shirt_number !== player.shirt_number ? { shirt_number: next.shirt_number } : {}),
  };
}

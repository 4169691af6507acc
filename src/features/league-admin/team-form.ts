/** A team's form (add a team, change one): its name, colours and coach, with the server's rules. */
import type { TFunction } from 'i18next';
import * as yup from 'yup';
import { TEXT_RULES } from '../../../shared/text-policy';
import type { MemberView } from '../../lib/league-setup-client';
import type { TeamBody } from '../../lib/league-setup-client';
import { policyText } from '../../lib/text-schema';

export interface TeamValues {
  name: string;
  primary: string;
  secondary: string;
  /** The coach's user id as the picker holds it; '' for none. */
  coach: string;
}

/** Colours a new team starts with, one pair after another, so teams added in a row differ. */
const PALETTE: [string, string][] = [
  ['#c62828', '#ffffff'],
  ['#1565c0', '#ffffff'],
  ['#2e7d32', '#ffeb3b'],
  ['#212121', '#ff9800'],
  ['#6a1b9a', '#ffffff'],
  ['#00838f', '#263238'],
  ['#ef6c00', '#000000'],
  ['#f9a825', '#1a237e'],
];

export function newTeamValues(teamsSoFar: number): TeamValues {
  const [primary, secondary] = PALETTE[teamsSoFar % PALETTE.length]!;
  return { name: '', primary, secondary, coach: '' };
}

export const teamSchema = (t: TFunction) =>
  yup.object({
    name: policyText(t, TEXT_RULES.teamName, {
      empty: t('admin.teams.nameRequired'),
      tooLong: t('admin.settings.tooLong', { max: TEXT_RULES.teamName.max }),
    }),
  });

export function teamBody(values: TeamValues): Required<TeamBody> {
  return {
    name: values.name.trim(),
    colours: { primary: values.primary, secondary: values.secondary },
    coach_user_id: values.coach === '' ? null : Number(values.coach),
  };
}

/** Who may coach: any member but a referee (the server's rule). */
export const coachCandidates = (members: readonly MemberView[]) =>
  members.filter((member) => member.role !== 'referee').sort((a, b) => a.name.localeCompare(b.name));

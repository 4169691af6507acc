/** The fields of a team: its name, its two colours and its coach, picked from the league's members. */
import { Field } from 'formik';
import { FormField } from '../../components/ui/FormField';
import { useTranslation } from '../../i18n/use-translation';
import type { MemberView } from '../../lib/league-setup-client';
import { coachCandidates } from './team-form';

export function TeamFields({ idPrefix, members }: { idPrefix: string; members: readonly MemberView[] | null }) {
  const { t } = useTranslation();
  return (
    <>
      <FormField id={`${idPrefix}-name`} name="name" label={t('admin.teams.name')} autoComplete="off" />
      <div className="colour-row">
        <ColourField id={`${idPrefix}-primary`} name="primary" label={t('admin.teams.primary')} />
        <ColourField id={`${idPrefix}-secondary`} name="secondary" label={t('admin.teams.secondary')} />
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-coach`}>{t('admin.teams.coach')}</label>
        <Field as="select" id={`${idPrefix}-coach`} name="coach" aria-describedby={`${idPrefix}-coach-hint`}>
          <option value="">{t('admin.teams.noCoach')}</option>
          {coachCandidates(members ?? []).map((member) => (
            <option key={member.user_id} value={String(member.user_id)}>
              {member.team ? t('admin.teams.coachOption', { name: member.name, team: member.team.name }) : member.name}
            </option>
          ))}
        </Field>
        <p className="field-hint" id={`${idPrefix}-coach-hint`}>
          {t('admin.teams.coachHint')}
        </p>
      </div>
    </>
  );
}

function ColourField({ id, name, label }: { id: string; name: string; label: string }) {
  return (
    <div className="field colour-field">
      <label htmlFor={id}>{label}</label>
      <Field id={id} name={name} type="color" />
    </div>
  );
}

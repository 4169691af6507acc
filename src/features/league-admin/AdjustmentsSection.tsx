/**
 * Points deductions and additions (decision 0031): the recorded ones, each with its team, points,
 * reason and date and a way to remove it; and the form that adds one, within the server's limit
 * (`max_points`, ADJUSTMENT_MAX_POINTS). The server's refusal is shown as it says it.
 */
import { Field, Form, Formik } from 'formik';
import { TeamMark } from '../../components/league/TeamMark';
import { FocusFirstError } from '../../components/ui/FocusFirstError';
import { FormField } from '../../components/ui/FormField';
import { FormError, SubmitButton } from '../../components/ui/FormStatus';
import { useTranslation } from '../../i18n/use-translation';
import { addAdjustment, deleteAdjustment, type AdjustmentView } from '../../lib/competition-rules-client';
import { reasonOf, type LeagueDetail } from '../../lib/league-client';
import { useToast } from '../../lib/toasts';
import type { Resource } from '../../lib/use-resource';
import { RemoveButton } from './RemoveButton';
import { adjustmentBody, adjustmentSchema, newAdjustment } from './rules-form';
import { RecordedOn, SectionList } from './SectionList';
import { SelectField } from './SelectField';

type Adjustments = Resource<{ adjustments: AdjustmentView[]; max_points: number }>;

export function AdjustmentsSection({
  league,
  list,
  onChanged,
}: {
  league: LeagueDetail;
  list: Adjustments;
  onChanged: () => void;
}) {
  const { t, i18n } = useTranslation();
  const signed = new Intl.NumberFormat(i18n.language, { signDisplay: 'always' });
  const items = list.data?.adjustments ?? null;
  return (
    <section className="card rules-section" aria-labelledby="adjustments-title">
      <h2 id="adjustments-title">{t('admin.rules.adjustments.title')}</h2>
      <p className="muted">{t('admin.rules.adjustments.hint')}</p>
      <SectionList
        resource={list}
        items={items}
        empty={t('admin.rules.adjustments.none')}
        label={t('admin.rules.adjustments.listLabel')}
        render={(item) => {
          const points = signed.format(item.points);
          const what = `${item.team.name} ${points}`;
          return (
            <li key={item.id} className="rule-row">
              <span className="rule-what">
                <TeamMark team={item.team} /> <strong>{item.team.name}</strong>{' '}
                <span className={item.points < 0 ? 'rule-points rule-minus' : 'rule-points'}>
                  {t('admin.rules.adjustments.points', { points })}
                </span>
              </span>
              <span className="rule-reason">{item.reason}</span>
              <RecordedOn at={item.at} />
              <RemoveButton
                label={t('admin.rules.remove')}
                what={what}
                title={t('admin.rules.adjustments.removeTitle', { what })}
                text={<p>{t('admin.rules.adjustments.removeText')}</p>}
                confirmLabel={t('admin.rules.adjustments.removeConfirm')}
                done={t('admin.rules.adjustments.removed', { what })}
                failed={(reason) => t('admin.rules.removeFailed', { reason })}
                remove={() => deleteAdjustment(league.id, item.id)}
                onRemoved={onChanged}
              />
            </li>
          );
        }}
      />
      {list.data && <AdjustmentForm league={league} maxPoints={list.data.max_points} onAdded={onChanged} />}
    </section>
  );
}

function AdjustmentForm({
  league,
  maxPoints,
  onAdded,
}: {
  league: LeagueDetail;
  maxPoints: number;
  onAdded: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const teams = league.standings.map((row) => row.team).sort((a, b) => a.name.localeCompare(b.name));
  if (teams.length === 0) return <p className="empty-state">{t('admin.rules.noTeams')}</p>;
  return (
    <Formik
      initialValues={newAdjustment()}
      validationSchema={adjustmentSchema(t, maxPoints)}
      onSubmit={async (values, { setStatus, resetForm }) => {
        setStatus(null);
        try {
          const added = await addAdjustment(league.id, adjustmentBody(values));
          toast.success(t('admin.rules.adjustments.added', { team: added.team.name }));
          resetForm();
          onAdded();
        } catch (error) {
          setStatus(t('admin.rules.adjustments.addFailed', { reason: reasonOf(error) }));
        }
      }}
    >
      {({ isSubmitting, status }) => (
        <Form noValidate className="form rules-form" aria-labelledby="adjustment-form-title">
          <h3 id="adjustment-form-title">{t('admin.rules.adjustments.addTitle')}</h3>
          <SelectField
            id="adjustment-team"
            name="team"
            label={t('admin.rules.team')}
            placeholder={t('admin.rules.chooseTeam')}
            options={teams.map((team) => ({ value: String(team.id), label: team.name }))}
          />
          <fieldset className="rules-kind">
            <legend>{t('admin.rules.adjustments.kind.legend')}</legend>
            {(['deduct', 'add'] as const).map((kind) => (
              <label key={kind} className="choice-inline">
                <Field type="radio" name="kind" value={kind} /> {t(`admin.rules.adjustments.kind.${kind}`)}
              </label>
            ))}
          </fieldset>
          <FormField
            id="adjustment-points"
            name="points"
            type="number"
            min={1}
            max={maxPoints}
            label={t('admin.rules.adjustments.pointsLabel')}
            hint={t('admin.rules.adjustments.pointsHint', { max: maxPoints })}
          />
          <FormField
            id="adjustment-reason"
            name="reason"
            label={t('admin.rules.reason')}
            hint={t('admin.rules.adjustments.reasonHint')}
            autoComplete="off"
          />
          <FormError message={status as unknown} />
          <FocusFirstError />
          <SubmitButton busy={isSubmitting} label={t('admin.rules.adjustments.submit')} busyLabel={t('admin.saving')} />
        </Form>
      )}
    </Formik>
  );
}

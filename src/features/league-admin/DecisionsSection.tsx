/**
 * The commissioner's decisions (decision 0031): the order of teams still level after every rule
 * of the league, e.g. after a play-off. The list shows each decision's order and reason with a
 * way to remove it; the form offers only the groups the table says are level (`decided_by`, see
 * `levelGroups`) and whose teams no decision names yet, and asks for every place of the group.
 */
import { Form, Formik, useFormikContext } from 'formik';
import { FocusFirstError } from '../../components/ui/FocusFirstError';
import { FormField } from '../../components/ui/FormField';
import { FormError, SubmitButton } from '../../components/ui/FormStatus';
import { useTranslation } from '../../i18n/use-translation';
import { addDecision, deleteDecision, type DecisionView } from '../../lib/competition-rules-client';
import { reasonOf, type LeagueDetail, type StandingRow } from '../../lib/league-client';
import { useToast } from '../../lib/toasts';
import type { Resource } from '../../lib/use-resource';
import { RemoveButton } from './RemoveButton';
import { decisionSchema, levelGroups, type DecisionValues } from './rules-form';
import { RecordedOn, SectionList } from './SectionList';
import { SelectField } from './SelectField';

type Decisions = Resource<{ decisions: DecisionView[] }>;

export function DecisionsSection({
  league,
  list,
  onChanged,
}: {
  league: LeagueDetail;
  list: Decisions;
  onChanged: () => void;
}) {
  const { t, i18n } = useTranslation();
  const names = (teams: readonly { name: string }[]) =>
    new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(teams.map((team) => team.name));
  const decided = new Set((list.data?.decisions ?? []).flatMap((decision) => decision.teams.map((team) => team.id)));
  const groups = levelGroups(league.standings);
  const open = groups.filter((group) => group.every((row) => !decided.has(row.team.id)));
  const blocked = groups.filter((group) => !group.every((row) => row.decision) && !open.includes(group));
  return (
    <section className="card rules-section" aria-labelledby="decisions-title">
      <h2 id="decisions-title">{t('admin.rules.decisions.title')}</h2>
      <p className="muted">{t('admin.rules.decisions.hint')}</p>
      <SectionList
        resource={list}
        items={list.data?.decisions ?? null}
        empty={t('admin.rules.decisions.none')}
        label={t('admin.rules.decisions.listLabel')}
        render={(decision) => (
          <li key={decision.id} className="rule-row">
            <ol
              className="rule-order"
              aria-label={t('admin.rules.decisions.orderOf', { teams: names(decision.teams) })}
            >
              {decision.teams.map((team) => (
                <li key={team.id}>{team.name}</li>
              ))}
            </ol>
            <span className="rule-reason">{decision.reason}</span>
            <RecordedOn at={decision.at} />
            <RemoveButton
              label={t('admin.rules.remove')}
              what={names(decision.teams)}
              title={t('admin.rules.decisions.removeTitle', { teams: names(decision.teams) })}
              text={<p>{t('admin.rules.decisions.removeText')}</p>}
              confirmLabel={t('admin.rules.decisions.removeConfirm')}
              done={t('admin.rules.decisions.removed', { teams: names(decision.teams) })}
              failed={(reason) => t('admin.rules.removeFailed', { reason })}
              remove={() => deleteDecision(league.id, decision.id)}
              onRemoved={onChanged}
            />
          </li>
        )}
      />
      {blocked.map((group) => (
        <p key={group[0]!.team.id} className="notice">
          {t('admin.rules.decisions.blocked', { teams: names(group.map((row) => row.team)) })}
        </p>
      ))}
      {list.data &&
        (open.length === 0 ? (
          <p className="empty-state">{t('admin.rules.decisions.noneLevel')}</p>
        ) : (
          <DecisionForm
            key={open.map((group) => group.map((row) => row.team.id).join('-')).join('|')}
            league={league}
            groups={open}
            names={names}
            onAdded={onChanged}
          />
        ))}
    </section>
  );
}

function DecisionForm({
  league,
  groups,
  names,
  onAdded,
}: {
  league: LeagueDetail;
  groups: StandingRow[][];
  names: (teams: readonly { name: string }[]) => string;
  onAdded: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  // With one level group it is chosen already.
  const start: DecisionValues = {
    group: groups.length === 1 ? '0' : '',
    order: groups.length === 1 ? groups[0]!.map((row) => String(row.team.id)) : [],
    reason: '',
  };
  return (
    <Formik
      initialValues={start}
      validationSchema={decisionSchema(t)}
      onSubmit={async (values, { setStatus }) => {
        setStatus(null);
        try {
          const added = await addDecision(league.id, {
            team_ids: values.order.map(Number),
            reason: values.reason.trim(),
          });
          toast.success(t('admin.rules.decisions.added', { teams: names(added.teams) }));
          onAdded();
        } catch (error) {
          setStatus(t('admin.rules.decisions.addFailed', { reason: reasonOf(error) }));
        }
      }}
    >
      {({ isSubmitting, status }) => (
        <Form noValidate className="form rules-form" aria-labelledby="decision-form-title">
          <h3 id="decision-form-title">{t('admin.rules.decisions.addTitle')}</h3>
          <DecisionFields groups={groups} names={names} />
          <FormField
            id="decision-reason"
            name="reason"
            label={t('admin.rules.reason')}
            hint={t('admin.rules.decisions.reasonHint')}
            autoComplete="off"
          />
          <FormError message={status as unknown} />
          <FocusFirstError />
          <SubmitButton busy={isSubmitting} label={t('admin.rules.decisions.submit')} busyLabel={t('admin.saving')} />
        </Form>
      )}
    </Formik>
  );
}

/** Which level group, then one team for each of its places, first place first. */
function DecisionFields({
  groups,
  names,
}: {
  groups: StandingRow[][];
  names: (teams: readonly { name: string }[]) => string;
}) {
  const { t } = useTranslation();
  const { values, setFieldValue } = useFormikContext<DecisionValues>();
  const group = values.group === '' ? null : groups[Number(values.group)]!;
  return (
    <>
      <SelectField
        id="decision-group"
        name="group"
        label={t('admin.rules.decisions.groupLabel')}
        placeholder={groups.length > 1 ? t('admin.rules.decisions.chooseGroup') : undefined}
        options={groups.map((rows, index) => ({
          value: String(index),
          label: t('admin.rules.decisions.group', {
            teams: names(rows.map((row) => row.team)),
            points: rows[0]!.points,
            rank: rows[0]!.rank,
          }),
        }))}
        onPicked={(value) =>
          void setFieldValue('order', value === '' ? [] : groups[Number(value)]!.map((row) => String(row.team.id)))
        }
      />
      {group && (
        <fieldset className="choices rules-places">
          <legend>{t('admin.rules.decisions.places')}</legend>
          <p className="field-hint">{t('admin.rules.decisions.placesHint')}</p>
          {group.map((_, place) => (
            <SelectField
              key={place}
              id={`decision-place-${place}`}
              name={`order.${place}`}
              label={t('admin.rules.decisions.place', { place: group[0]!.rank + place })}
              options={group.map((row) => ({ value: String(row.team.id), label: row.team.name }))}
            />
          ))}
          <PlacesError />
        </fieldset>
      )}
    </>
  );
}

/** The places' own error (a team chosen twice), which belongs to no single place. */
function PlacesError() {
  const { errors, submitCount } = useFormikContext<DecisionValues>();
  if (submitCount === 0 || typeof errors.order !== 'string') return null;
  return (
    <p className="field-error" role="alert">
      {errors.order}
    </p>
  );
}

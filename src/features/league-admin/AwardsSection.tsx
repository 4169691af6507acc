/**
 * Awarded results (decision 0031): the fixtures whose score the commissioner set, each with its
 * reason and "Remove award"; and the form that awards one: a week, one of its fixtures
 * (scheduled or played), the score and the reason. The server's refusal is shown as it says it
 * (a match with player lines keeps its award: its result is recorded instead).
 */
import { Form, Formik, useFormikContext } from 'formik';
import { Link } from 'react-router-dom';
import { FocusFirstError } from '../../components/ui/FocusFirstError';
import { FormField } from '../../components/ui/FormField';
import { FormError, SubmitButton } from '../../components/ui/FormStatus';
import { useTranslation } from '../../i18n/use-translation';
import { awardFixture, withdrawAward } from '../../lib/competition-rules-client';
import {
  loadWeek,
  reasonOf,
  type AwardedFixtures,
  type FixtureSummary,
  type LeagueDetail,
} from '../../lib/league-client';
import { useToast } from '../../lib/toasts';
import { useResource, type Resource } from '../../lib/use-resource';
import { RemoveButton } from './RemoveButton';
import { AWARD_SCORE_MAX, awardBody, awardSchema, newAward, type AwardValues } from './rules-form';
import { SectionList } from './SectionList';
import { SelectField } from './SelectField';

const match = (fixture: FixtureSummary) => `${fixture.home.name} – ${fixture.away.name}`;
const result = (fixture: FixtureSummary) =>
  `${fixture.home.name} ${fixture.home_score}–${fixture.away_score} ${fixture.away.name}`;

export function AwardsSection({
  league,
  list,
  onChanged,
}: {
  league: LeagueDetail;
  list: Resource<AwardedFixtures>;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="card rules-section" aria-labelledby="awards-title">
      <h2 id="awards-title">{t('admin.rules.awards.title')}</h2>
      <p className="muted">{t('admin.rules.awards.hint')}</p>
      <SectionList
        resource={list}
        items={list.data?.fixtures ?? null}
        empty={t('admin.rules.awards.none')}
        label={t('admin.rules.awards.listLabel')}
        render={(fixture) => (
          <li key={fixture.id} className="rule-row">
            <span className="rule-what">
              <span className="muted">{t('admin.rules.awards.week', { week: fixture.week })}</span>{' '}
              <strong>{result(fixture)}</strong>
            </span>
            <span className="rule-reason">{fixture.awarded_reason}</span>
            <RemoveButton
              label={t('admin.rules.awards.remove')}
              what={match(fixture)}
              title={t('admin.rules.awards.removeTitle', { match: match(fixture) })}
              text={<p>{t('admin.rules.awards.removeText')}</p>}
              confirmLabel={t('admin.rules.awards.removeConfirm')}
              done={t('admin.rules.awards.removed', { match: match(fixture) })}
              failed={(reason) => t('admin.rules.removeFailed', { reason })}
              remove={() => withdrawAward(fixture.id)}
              onRemoved={onChanged}
            />
          </li>
        )}
      />
      {league.weeks === 0 ? (
        <p className="empty-state">
          {t('admin.rules.awards.noSchedule')} <Link to="/league/schedule">{t('admin.rules.awards.toSchedule')}</Link>
        </p>
      ) : (
        <AwardForm league={league} onAwarded={onChanged} />
      )}
    </section>
  );
}

function AwardForm({ league, onAwarded }: { league: LeagueDetail; onAwarded: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const start = newAward(Math.min(league.current_week, league.weeks));
  return (
    <Formik
      initialValues={start}
      validationSchema={awardSchema(t)}
      onSubmit={async (values, { setStatus, resetForm }) => {
        setStatus(null);
        try {
          const fixture = await awardFixture(Number(values.fixture), awardBody(values));
          toast.success(t('admin.rules.awards.added', { result: result(fixture) }));
          resetForm({ values: { ...start, week: values.week } });
          onAwarded();
        } catch (error) {
          setStatus(t('admin.rules.awards.addFailed', { reason: reasonOf(error) }));
        }
      }}
    >
      {({ isSubmitting, status }) => (
        <Form noValidate className="form rules-form" aria-labelledby="award-form-title">
          <h3 id="award-form-title">{t('admin.rules.awards.addTitle')}</h3>
          <AwardFields league={league} />
          <FormField
            id="award-reason"
            name="reason"
            label={t('admin.rules.reason')}
            hint={t('admin.rules.awards.reasonHint')}
            autoComplete="off"
          />
          <FormError message={status as unknown} />
          <FocusFirstError />
          <SubmitButton busy={isSubmitting} label={t('admin.rules.awards.submit')} busyLabel={t('admin.saving')} />
        </Form>
      )}
    </Formik>
  );
}

/** The week, its fixtures (loaded for the week chosen) and the score, each side named for its team. */
function AwardFields({ league }: { league: LeagueDetail }) {
  const { t } = useTranslation();
  const { values, setFieldValue } = useFormikContext<AwardValues>();
  const week = useResource(loadWeek, { leagueId: league.id, week: Number(values.week) });
  const fixtures = week.data?.week === Number(values.week) ? week.data.fixtures : [];
  const chosen = fixtures.find((fixture) => String(fixture.id) === values.fixture);
  const state = (fixture: FixtureSummary) =>
    fixture.status === 'played'
      ? t(fixture.awarded ? 'admin.rules.awards.wasAwarded' : 'admin.rules.awards.wasPlayed', {
          score: `${fixture.home_score}–${fixture.away_score}`,
        })
      : t(`league.status.${fixture.status}`);
  return (
    <>
      <div className="number-row award-pick">
        <SelectField
          id="award-week"
          name="week"
          label={t('admin.rules.awards.weekLabel')}
          options={Array.from({ length: league.weeks }, (_, i) => ({
            value: String(i + 1),
            label: t('admin.rules.awards.week', { week: i + 1 }),
          }))}
          onPicked={() => void setFieldValue('fixture', '')}
        />
        <SelectField
          id="award-fixture"
          name="fixture"
          label={t('admin.rules.awards.fixtureLabel')}
          placeholder={t(week.status === 'loading' ? 'admin.loading' : 'admin.rules.awards.chooseFixture')}
          options={fixtures.map((fixture) => ({
            value: String(fixture.id),
            label: `${match(fixture)} (${state(fixture)})`,
          }))}
        />
      </div>
      {week.error && <p className="form-error">{t('admin.rules.loadFailed', { reason: week.error })}</p>}
      <div className="number-row">
        <FormField
          id="award-home"
          name="home_score"
          type="number"
          min={0}
          max={AWARD_SCORE_MAX}
          label={chosen ? t('admin.rules.awards.goalsOf', { team: chosen.home.name }) : t('admin.rules.awards.home')}
        />
        <FormField
          id="award-away"
          name="away_score"
          type="number"
          min={0}
          max={AWARD_SCORE_MAX}
          label={chosen ? t('admin.rules.awards.goalsOf', { team: chosen.away.name }) : t('admin.rules.awards.away')}
        />
      </div>
    </>
  );
}

/**
 * The schedule generator (`/league/schedule`, the commissioner): a round robin (single or double)
 * from a pattern (first date, weekday, kick-off times, venues). "Preview" shows every week's
 * fixtures without saving anything; "Save schedule" asks before it replaces the league's fixtures
 * with the previewed ones. Once a fixture is played the league keeps its schedule: the form says
 * so and is disabled (single fixtures still change on the league page).
 */
import { Field, Form, Formik } from 'formik';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { FocusFirstError } from '../../components/ui/FocusFirstError';
import { FormError, SubmitButton } from '../../components/ui/FormStatus';
import { FormField } from '../../components/ui/FormField';
import { useTranslation } from '../../i18n/use-translation';
import { reasonOf, type LeagueDetail } from '../../lib/league-client';
import { previewSchedule, saveSchedule, type ScheduleBody, type ScheduleView } from '../../lib/league-setup-client';
import { useToast } from '../../lib/toasts';
import { AdminScreen } from './AdminScreen';
import { ListField } from './ListField';
import { scheduleBody, scheduleSchema, scheduleValues, WEEKDAYS } from './schedule-form';
import { SchedulePreview } from './SchedulePreview';

export default function SchedulePage() {
  const { t } = useTranslation();
  return (
    <AdminScreen
      title={(league) => (league ? t('admin.schedule.title', { league }) : t('admin.schedule.titleNone'))}
      commissionerOnly
    >
      {(league, reload) => <ScheduleGenerator league={league} onSaved={reload} />}
    </AdminScreen>
  );
}

interface Previewed {
  body: ScheduleBody;
  schedule: ScheduleView;
}

function ScheduleGenerator({ league, onSaved }: { league: LeagueDetail; onSaved: () => void }) {
  const { t } = useTranslation();
  const [previewed, setPreviewed] = useState<Previewed | null>(null);
  const [saved, setSaved] = useState<ScheduleView | null>(null);
  const locked = !league.can.change_rules;
  const teams = league.standings.length;
  return (
    <>
      {locked && <p className="notice">{t('admin.schedule.locked')}</p>}
      {!locked && teams < 2 && (
        <p className="empty-state">
          {t('admin.schedule.needTeams', { number: teams })}{' '}
          <Link to="/league/teams">{t('admin.schedule.addTeams')}</Link>
        </p>
      )}
      <section className="card" aria-labelledby="pattern-title">
        <h2 id="pattern-title">{t('admin.schedule.patternTitle')}</h2>
        <Formik
          initialValues={scheduleValues(league)}
          validationSchema={scheduleSchema(t)}
          onSubmit={async (values, { setStatus }) => {
            setStatus(null);
            setSaved(null);
            const body = scheduleBody(values, league);
            try {
              setPreviewed({ body, schedule: await previewSchedule(league.id, body) });
            } catch (error) {
              setPreviewed(null);
              setStatus(t('admin.schedule.previewFailed', { reason: reasonOf(error) }));
            }
          }}
        >
          {({ isSubmitting, status }) => (
            <Form noValidate className="form schedule-form">
              <fieldset className="choices" disabled={locked}>
                <legend>{t('admin.schedule.rounds')}</legend>
                {(['1', '2'] as const).map((rounds) => (
                  <div className="choice" key={rounds}>
                    <Field type="radio" id={`rounds-${rounds}`} name="rounds" value={rounds} />
                    <label htmlFor={`rounds-${rounds}`}>{t(`admin.schedule.rounds${rounds}`)}</label>
                  </div>
                ))}
              </fieldset>
              <div className="number-row">
                <FormField
                  name="first_date"
                  type="date"
                  label={t('admin.schedule.firstDate')}
                  hint={t('admin.schedule.firstDateHint')}
                  disabled={locked}
                />
                <div className="field">
                  <label htmlFor="weekday">{t('admin.schedule.weekday')}</label>
                  <Field as="select" id="weekday" name="weekday" disabled={locked}>
                    <option value="">{t('admin.schedule.sameWeekday')}</option>
                    {WEEKDAYS.map((day) => (
                      <option key={day} value={day}>
                        {t(`admin.schedule.day.${day}`)}
                      </option>
                    ))}
                  </Field>
                </div>
              </div>
              <ListField
                name="times"
                type="time"
                legend={t('admin.schedule.times')}
                hint={t('admin.schedule.timesHint', { zone: league.time_zone })}
                itemLabel={(i) => t('admin.schedule.time', { number: i + 1 })}
                removeLabel={(i) => t('admin.schedule.removeTime', { number: i + 1 })}
                addLabel={t('admin.schedule.addTime')}
                disabled={locked}
              />
              <ListField
                name="venues"
                type="text"
                legend={t('admin.schedule.venues')}
                hint={t('admin.schedule.venuesHint')}
                itemLabel={(i) => t('admin.schedule.venue', { number: i + 1 })}
                removeLabel={(i) => t('admin.schedule.removeVenue', { number: i + 1 })}
                addLabel={t('admin.schedule.addVenue')}
                disabled={locked}
              />
              <FormError message={status as unknown} />
              <FocusFirstError />
              <div className="form-actions">
                <SubmitButton
                  busy={isSubmitting}
                  label={t('admin.schedule.preview')}
                  busyLabel={t('admin.schedule.previewing')}
                />
              </div>
            </Form>
          )}
        </Formik>
      </section>
      {saved && (
        <p role="status" className="notice">
          {t('admin.schedule.savedNotice')} <Link to="/league">{t('admin.schedule.seeFixtures')}</Link>
        </p>
      )}
      {previewed && !saved && (
        <PreviewSection
          league={league}
          previewed={previewed}
          onSaved={(schedule) => {
            setSaved(schedule);
            setPreviewed(null);
            onSaved();
          }}
        />
      )}
    </>
  );
}

function PreviewSection({
  league,
  previewed,
  onSaved,
}: {
  league: LeagueDetail;
  previewed: Previewed;
  onSaved: (schedule: ScheduleView) => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const { schedule } = previewed;
  const save = async () => {
    setSaving({ busy: true, error: null });
    try {
      const answer = await saveSchedule(league.id, { ...previewed.body, revision: schedule.revision });
      setConfirming(false);
      toast.success(t('admin.schedule.saved'));
      onSaved(answer);
    } catch (error) {
      setSaving({ busy: false, error: t('admin.schedule.saveFailed', { reason: reasonOf(error) }) });
    }
  };
  return (
    <section className="card" aria-labelledby="preview-title">
      <h2 id="preview-title">{t('admin.schedule.previewTitle')}</h2>
      <p role="status">
        {t('admin.schedule.summary', {
          weeks: schedule.weeks,
          fixtures: schedule.fixtures.length,
          teams: schedule.teams,
        })}
      </p>
      <SchedulePreview schedule={schedule} />
      <div className="form-actions">
        <button
          type="button"
          onClick={() => {
            setSaving({ busy: false, error: null });
            setConfirming(true);
          }}
        >
          {t('admin.schedule.save')}
        </button>
      </div>
      {confirming && (
        <ConfirmDialog
          title={t('admin.schedule.confirmTitle')}
          confirmLabel={t('admin.schedule.confirmSave')}
          cancelLabel={t('admin.cancel')}
          busy={saving.busy}
          error={saving.error}
          onConfirm={() => void save()}
          onCancel={() => setConfirming(false)}
        >
          <p>{league.weeks > 0 ? t('admin.schedule.confirmReplace') : t('admin.schedule.confirmNew')}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

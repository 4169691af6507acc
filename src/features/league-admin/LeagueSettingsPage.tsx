/**
 * The league's settings (`/league/settings`, its commissioner): the same fields as "Start a
 * league". Once a fixture is played the rules the table was ranked by stay as they were: those
 * fields are disabled with the reason, and the name and season still change. Only what changed
 * is sent. Below the form, whether the league's chat has caught up with it (ChatSyncStatus).
 */
import { Form, Formik } from 'formik';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { FocusFirstError } from '../../components/ui/FocusFirstError';
import { FormError, SubmitButton } from '../../components/ui/FormStatus';
import { useTranslation } from '../../i18n/use-translation';
import { reasonOf, type LeagueDetail } from '../../lib/league-client';
import { changeLeague } from '../../lib/league-setup-client';
import { useToast } from '../../lib/toasts';
import { AdminScreen } from './AdminScreen';
import { ChatSyncStatus } from './ChatSyncStatus';
import { LeagueSettingsFields } from './LeagueSettingsFields';
import { changedBody, leagueValues, settingsSchema } from './settings-form';

export default function LeagueSettingsPage() {
  const { t } = useTranslation();
  return (
    <AdminScreen
      title={(league) => (league ? t('admin.settingsPage.title', { league }) : t('admin.settingsPage.titleNone'))}
      commissionerOnly
    >
      {(league, reload) => (
        <>
          <SettingsForm league={league} onSaved={reload} />
          <p className="muted rules-pointer">
            {t('admin.settingsPage.rulesPointer')} <Link to="/league/rules">{t('admin.settingsPage.rulesLink')}</Link>
          </p>
          <ChatSyncStatus leagueId={league.id} />
        </>
      )}
    </AdminScreen>
  );
}

function SettingsForm({ league, onSaved }: { league: LeagueDetail; onSaved: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const initial = useMemo(() => leagueValues(league), [league]);
  const locked = !league.can.change_rules;
  return (
    <Formik
      initialValues={initial}
      enableReinitialize
      validationSchema={settingsSchema(t)}
      onSubmit={async (values, { setStatus }) => {
        setStatus(null);
        const body = changedBody(initial, values);
        if (Object.keys(body).length === 0) {
          toast.info(t('admin.settingsPage.unchanged'));
          return;
        }
        try {
          await changeLeague(league.id, body);
          toast.success(t('admin.settingsPage.saved'));
          onSaved();
        } catch (error) {
          setStatus(t('admin.settingsPage.failed', { reason: reasonOf(error) }));
        }
      }}
    >
      {({ isSubmitting, status }) => (
        <Form noValidate className="form settings-form">
          {locked && (
            <p className="notice" id="settings-locked">
              {t('admin.settingsPage.locked')}
            </p>
          )}
          <LeagueSettingsFields rulesLocked={locked} />
          <FormError message={status as unknown} />
          <FocusFirstError />
          <SubmitButton
            busy={isSubmitting}
            label={t('admin.settingsPage.submit')}
            busyLabel={t('admin.settingsPage.submitting')}
          />
        </Form>
      )}
    </Formik>
  );
}

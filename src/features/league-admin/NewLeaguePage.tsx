/**
 * "Start a league" (`/leagues/new`): any member names a league, its sport and season, and its
 * rules (prefilled from the sport). The creator becomes its commissioner; the new league is
 * selected and its set-up continues with its teams.
 */
import { Form, Formik } from 'formik';
import { useNavigate } from 'react-router-dom';
import { FocusFirstError } from '../../components/ui/FocusFirstError';
import { FormError, SubmitButton } from '../../components/ui/FormStatus';
import { PageHeading } from '../../components/ui/PageHeading';
import { useTranslation } from '../../i18n/use-translation';
import { reasonOf } from '../../lib/league-client';
import { createLeague } from '../../lib/league-setup-client';
import { selectionFor, setSelectedLeague } from '../../lib/selected-league';
import { useToast } from '../../lib/toasts';
import { LeagueSettingsFields } from './LeagueSettingsFields';
import { newLeagueValues, settingsBody, settingsSchema } from './settings-form';
import './league-admin.css';

export default function NewLeaguePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  return (
    <section aria-labelledby="new-league-title" className="page admin-page">
      <PageHeading id="new-league-title">{t('admin.newLeague.title')}</PageHeading>
      <p className="muted">{t('admin.newLeague.intro')}</p>
      <Formik
        initialValues={newLeagueValues()}
        validationSchema={settingsSchema(t)}
        onSubmit={async (values, { setStatus }) => {
          setStatus(null);
          try {
            const league = await createLeague(settingsBody(values));
            setSelectedLeague(selectionFor(league));
            toast.success(t('admin.newLeague.created', { league: league.name }));
            await navigate('/league/teams');
          } catch (error) {
            setStatus(t('admin.newLeague.failed', { reason: reasonOf(error) }));
          }
        }}
      >
        {({ isSubmitting, status }) => (
          <Form noValidate className="form settings-form">
            <LeagueSettingsFields rulesLocked={false} />
            <FormError message={status as unknown} />
            <FocusFirstError />
            <SubmitButton
              busy={isSubmitting}
              label={t('admin.newLeague.submit')}
              busyLabel={t('admin.newLeague.submitting')}
            />
          </Form>
        )}
      </Formik>
    </section>
  );
}

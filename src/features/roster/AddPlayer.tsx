/**
 * "Add player" on a team's roster, for the commissioner and the team's coach: a player by name,
 * their position and, if they have one, their shirt number. The server checks the squad's rules
 * (room in the squad, the number free in it) and its refusal is shown under the form. A full
 * squad shows why there is no form instead; the form comes back once a place is free.
 */
import { Form, Formik } from 'formik';
import { useRef } from 'react';
import { FocusFirstError } from '../../components/ui/FocusFirstError';
import { FormField } from '../../components/ui/FormField';
import { FormError, SubmitButton } from '../../components/ui/FormStatus';
import { useTranslation } from '../../i18n/use-translation';
import { addPlayer, reasonOf, type Sport, type TeamDetail } from '../../lib/league-client';
import { useToast } from '../../lib/toasts';
import { PositionAndShirt } from './PlayerFields';
import { newPlayerBody, newPlayerSchema, newPlayerValues } from './squad-form';

export function AddPlayer({
  team,
  positions,
  sport,
  squadMax,
  onAdded,
}: {
  team: TeamDetail;
  positions: string[];
  sport: Sport;
  squadMax: number;
  onAdded: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="card add-player" aria-labelledby="add-player-title">
      <h2 id="add-player-title">{t('roster.add.title')}</h2>
      {team.squad.length >= squadMax ? (
        <p className="add-player-full">{t('roster.add.full', { count: team.squad.length, max: squadMax })}</p>
      ) : (
        <>
          <p className="muted">{t('roster.add.count', { count: team.squad.length, max: squadMax })}</p>
          <AddPlayerForm team={team} positions={positions} sport={sport} onAdded={onAdded} />
        </>
      )}
    </section>
  );
}

function AddPlayerForm({
  team,
  positions,
  sport,
  onAdded,
}: {
  team: TeamDetail;
  positions: string[];
  sport: Sport;
  onAdded: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const form = useRef<HTMLFormElement>(null);
  return (
    <Formik
      initialValues={newPlayerValues(positions)}
      validationSchema={newPlayerSchema(t)}
      onSubmit={async (values, { setStatus, resetForm }) => {
        setStatus(null);
        try {
          const added = await addPlayer(team.id, newPlayerBody(values));
          toast.success(t('roster.add.added', { name: added.player.name }));
          resetForm({ values: { ...newPlayerValues(positions), position: values.position } });
          onAdded();
          form.current?.querySelector<HTMLInputElement>('#add-player-name')?.focus();
        } catch (error) {
          setStatus(t('roster.add.failed', { reason: reasonOf(error) }));
        }
      }}
    >
      {({ isSubmitting, status }) => (
        <Form ref={form} noValidate className="form add-player-form">
          <FormField id="add-player-name" name="name" label={t('roster.add.name')} autoComplete="off" />
          <PositionAndShirt idPrefix="add-player" positions={positions} sport={sport} />
          <FormError message={status as unknown} />
          <FocusFirstError />
          <SubmitButton busy={isSubmitting} label={t('roster.add.submit')} busyLabel={t('roster.add.adding')} />
        </Form>
      )}
    </Formik>
  );
}

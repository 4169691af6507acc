/**
 * The league's teams (`/league/teams`, its commissioner): add a team (name, colours, coach), and
 * for each team change its name, colours, coach and crest, or remove it. The server decides what
 * may be removed; its reason is shown when it refuses (a team that has played).
 */
import { Form, Formik } from 'formik';
import { useRef } from 'react';
import { FocusFirstError } from '../../components/ui/FocusFirstError';
import { FormError, SubmitButton } from '../../components/ui/FormStatus';
import { useTranslation } from '../../i18n/use-translation';
import { reasonOf, type LeagueDetail, type TeamRef } from '../../lib/league-client';
import { createTeam, loadMembers, type MemberView } from '../../lib/league-setup-client';
import { useToast } from '../../lib/toasts';
import { useResource } from '../../lib/use-resource';
import { AdminScreen } from './AdminScreen';
import { newTeamValues, teamBody, teamSchema } from './team-form';
import { TeamFields } from './TeamFields';
import { TeamRow } from './TeamRow';

export default function TeamsPage() {
  const { t } = useTranslation();
  return (
    <AdminScreen
      title={(league) => (league ? t('admin.teams.title', { league }) : t('admin.teams.titleNone'))}
      commissionerOnly
    >
      {(league, reload) => <Teams league={league} reload={reload} />}
    </AdminScreen>
  );
}

const teamsOf = (league: LeagueDetail): TeamRef[] =>
  league.standings.map((row) => row.team).sort((a, b) => a.name.localeCompare(b.name));

function Teams({ league, reload }: { league: LeagueDetail; reload: () => void }) {
  const { t } = useTranslation();
  const members = useResource(loadMembers, { leagueId: league.id });
  const teams = teamsOf(league);
  const changed = () => {
    reload();
    members.reload();
  };
  return (
    <>
      <AddTeam league={league} members={members.data?.members ?? null} onAdded={changed} />
      <section className="card" aria-labelledby="teams-title">
        <h2 id="teams-title">{t('admin.teams.listTitle', { number: teams.length })}</h2>
        {members.error && <p className="form-error">{t('admin.teams.membersFailed', { reason: members.error })}</p>}
        {teams.length === 0 ? (
          <p className="empty-state">{t('admin.teams.none')}</p>
        ) : (
          <ul className="team-list">
            {teams.map((team) => (
              <TeamRow key={team.id} team={team} members={members.data?.members ?? null} onChanged={changed} />
            ))}
          </ul>
        )}
        {teams.length >= 2 && league.weeks === 0 && <p className="muted">{t('admin.teams.nextStep')}</p>}
      </section>
    </>
  );
}

function AddTeam({
  league,
  members,
  onAdded,
}: {
  league: LeagueDetail;
  members: readonly MemberView[] | null;
  onAdded: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const form = useRef<HTMLFormElement>(null);
  const count = league.standings.length;
  return (
    <section className="card" aria-labelledby="add-team-title">
      <h2 id="add-team-title">{t('admin.teams.addTitle')}</h2>
      {!league.can.change_rules && <p className="notice">{t('admin.teams.addLocked')}</p>}
      <Formik
        initialValues={newTeamValues(count)}
        validationSchema={teamSchema(t)}
        onSubmit={async (values, { setStatus, resetForm }) => {
          setStatus(null);
          try {
            const team = await createTeam(league.id, teamBody(values));
            toast.success(t('admin.teams.added', { team: team.name }));
            resetForm({ values: newTeamValues(count + 1) });
            onAdded();
            // The next team's name is typed at once.
            form.current?.querySelector<HTMLInputElement>('#add-team-name')?.focus();
          } catch (error) {
            setStatus(t('admin.teams.addFailed', { reason: reasonOf(error) }));
          }
        }}
      >
        {({ isSubmitting, status }) => (
          <Form ref={form} noValidate className="form team-form">
            <TeamFields idPrefix="add-team" members={members} />
            <FormError message={status as unknown} />
            <FocusFirstError />
            <SubmitButton busy={isSubmitting} label={t('admin.teams.add')} busyLabel={t('admin.teams.adding')} />
          </Form>
        )}
      </Formik>
    </section>
  );
}

/**
 * The league's members (`/league/members`, every member): who is in it, with their roles and
 * teams. The commissioner changes roles and teams, removes members and invites new ones by link
 * (InvitationsSection); any member can leave the league after a confirmation, and lands on the
 * league page without it.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { LoadFailure } from '../../components/league/LoadFailure';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { useTranslation } from '../../i18n/use-translation';
import { reasonOf, type LeagueDetail, type TeamRef } from '../../lib/league-client';
import { leaveLeague, loadMembers } from '../../lib/league-setup-client';
import { clearSelectedLeague } from '../../lib/selected-league';
import { useSession } from '../../lib/session';
import { useToast } from '../../lib/toasts';
import { useResource } from '../../lib/use-resource';
import { AdminScreen } from './AdminScreen';
import { InvitationsSection } from './InvitationsSection';
import { MemberRow } from './MemberRow';

export default function MembersPage() {
  const { t } = useTranslation();
  return (
    <AdminScreen
      title={(league) => (league ? t('admin.members.title', { league }) : t('admin.members.titleNone'))}
      commissionerOnly={false}
    >
      {(league, reload) => <Members league={league} onTeamsChanged={reload} />}
    </AdminScreen>
  );
}

const teamsOf = (league: LeagueDetail): TeamRef[] =>
  league.standings.map((row) => row.team).sort((a, b) => a.name.localeCompare(b.name));

function Members({ league, onTeamsChanged }: { league: LeagueDetail; onTeamsChanged: () => void }) {
  const { t } = useTranslation();
  const me = useSession().user?.id;
  const members = useResource(loadMembers, { leagueId: league.id });
  const list = members.data?.members ?? [];
  const manages = members.data?.can_manage ?? false;
  const teams = teamsOf(league);
  return (
    <>
      <section className="card" aria-labelledby="members-title" data-state={members.status}>
        <h2 id="members-title">{t('admin.members.listTitle', { number: list.length })}</h2>
        {members.error && (
          <LoadFailure text={t('admin.members.failed', { reason: members.error })} onRetry={members.reload} />
        )}
        {!members.data && members.status === 'loading' && <p className="muted">{t('admin.loading')}</p>}
        <ul className="member-list">
          {list.map((member) => (
            <MemberRow
              key={member.user_id}
              leagueId={league.id}
              member={member}
              teams={teams}
              manages={manages && member.user_id !== me}
              onChanged={() => {
                members.reload();
                onTeamsChanged();
              }}
            />
          ))}
        </ul>
      </section>
      {manages && <InvitationsSection league={league} teams={teams} />}
      <LeaveLeague league={league} />
    </>
  );
}

function LeaveLeague({ league }: { league: LeagueDetail }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const leave = async () => {
    setState({ busy: true, error: null });
    try {
      await leaveLeague(league.id);
      clearSelectedLeague();
      toast.success(t('admin.members.left', { league: league.name }));
      await navigate('/league');
    } catch (error) {
      setState({ busy: false, error: t('admin.members.leaveFailed', { reason: reasonOf(error) }) });
    }
  };
  return (
    <section className="card" aria-labelledby="leave-title">
      <h2 id="leave-title">{t('admin.members.leaveTitle')}</h2>
      <p className="muted">{t('admin.members.leaveText')}</p>
      <button
        type="button"
        className="secondary danger"
        onClick={() => {
          setState({ busy: false, error: null });
          setAsking(true);
        }}
      >
        {t('admin.members.leave')}
      </button>
      {asking && (
        <ConfirmDialog
          title={t('admin.members.leaveConfirmTitle', { league: league.name })}
          confirmLabel={t('admin.members.leaveConfirm')}
          cancelLabel={t('admin.cancel')}
          busy={state.busy}
          error={state.error}
          onConfirm={() => void leave()}
          onCancel={() => setAsking(false)}
        >
          <p>{t('admin.members.leaveConfirmText')}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

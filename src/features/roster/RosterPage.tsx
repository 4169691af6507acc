/**
 * A team's roster (`/roster/:team_id`): the team with its colours, coach and standing, the squad
 * by position, and the next fixture with the team sheet, which the team's coach sets here. A save
 * shows the new sheet at once; the screen then loads the team again, so a refused save brings
 * back the server's sheet, and the toast says why (docs/decisions/0012). The commissioner and the
 * team's coach add players, change and release them here (docs/decisions/0038).
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { FormMarks } from '../../components/league/FormMarks';
import { LoadFailure } from '../../components/league/LoadFailure';
import { TeamMark } from '../../components/league/TeamMark';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { useTranslation } from '../../i18n/use-translation';
import {
  loadLeague,
  reasonOf,
  releasePlayer,
  saveSheet,
  type SheetBody,
  type SquadPlayer,
  type TeamDetail,
} from '../../lib/league-client';
import { useSession } from '../../lib/session';
import { useToast } from '../../lib/toasts';
import { useResource, type Resource } from '../../lib/use-resource';
import { AddPlayer } from './AddPlayer';
import { EditPlayer } from './EditPlayer';
import { NextFixture } from './NextFixture';
import { loadRoster, teamIdOf, withSheet } from './roster-data';
import { SquadList } from './SquadList';
import './roster.css';

export default function RosterPage() {
  const { t } = useTranslation();
  const { team_id: text = '' } = useParams();
  const teamId = teamIdOf(text);
  if (teamId === null) {
    return (
      <section aria-labelledby="roster-title" className="page roster-page">
        <h1 id="roster-title">{t('roster.title')}</h1>
        <NotFound text={t('roster.invalidTeam', { id: text })} />
      </section>
    );
  }
  return <Roster teamId={teamId} />;
}

function NotFound({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <div className="empty-state">
      <p role="alert">{text}</p>
      <Link to="/league">{t('roster.toLeague')}</Link>
    </div>
  );
}

function Roster({ teamId }: { teamId: number }) {
  const { t } = useTranslation();
  const team = useResource(loadRoster, { teamId });
  const data = team.data;
  return (
    <section aria-labelledby="roster-title" className="page roster-page" data-state={team.status}>
      <h1 id="roster-title">
        {data ? (
          <>
            <TeamMark team={data} /> {data.name}
          </>
        ) : (
          t('roster.title')
        )}
      </h1>
      {team.error && <LoadFailure text={t('roster.failed', { reason: team.error })} onRetry={team.reload} />}
      {!data && team.status === 'loading' && <p className="muted">{t('roster.loading')}</p>}
      {data === null && team.status === 'ready' && <NotFound text={t('roster.notFound', { id: teamId })} />}
      {data && <TeamView team={data} resource={team} />}
    </section>
  );
}

function TeamView({ team, resource }: { team: TeamDetail; resource: Resource<TeamDetail | null> }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { user } = useSession();
  const league = useResource(loadLeague, { leagueId: team.league_id });
  const rules = league.data?.rules ?? null;
  const sport = league.data?.sport ?? null;
  const standing = team.standing;
  const manages = team.can.manage_squad;
  const [editing, setEditing] = useState<SquadPlayer | null>(null);
  // After a save the squad is loaded again and the row may move to another position group: its
  // Edit button is a new element then, so focus goes to it once the new squad is shown.
  const refocus = useRef<number | null>(null);
  useEffect(() => {
    if (refocus.current === null) return;
    const buttons = [...document.querySelectorAll<HTMLElement>(`[data-edit-player="${refocus.current}"]`)];
    refocus.current = null;
    if (buttons.some((button) => button === document.activeElement)) return;
    (buttons.find((button) => button.getClientRects().length > 0) ?? buttons.at(-1))?.focus();
  }, [team]);
  const [releasing, setReleasing] = useState<{ player: SquadPlayer; busy: boolean; error: string | null } | null>(null);
  const release = async (player: SquadPlayer) => {
    setReleasing({ player, busy: true, error: null });
    try {
      await releasePlayer(team.id, player.id);
      setReleasing(null);
      toast.success(t('roster.release.done', { name: player.name }));
      resource.reload();
    } catch (error) {
      setReleasing({ player, busy: false, error: t('roster.release.failed', { reason: reasonOf(error) }) });
    }
  };

  const save = async (body: SheetBody) => {
    const fixture = team.next_fixture;
    if (!fixture) return;
    resource.replace(withSheet(team, body));
    try {
      await saveSheet(fixture.id, team.id, body);
      toast.success(t('roster.sheet.saved'));
    } catch (error) {
      toast.error(t('roster.sheet.refused', { reason: reasonOf(error) }));
    } finally {
      // The server's sheet either way: after a refusal, this is the rollback.
      resource.reload();
    }
  };

  return (
    <>
      <div className="roster-summary">
        {team.coach_name && <p>{t('roster.coach', { name: team.coach_name })}</p>}
        {standing ? (
          <p className="roster-standing">
            <span>
              {t('roster.standing', { rank: standing.rank, points: standing.points, played: standing.played })}
            </span>{' '}
            <FormMarks results={standing.form} />
          </p>
        ) : (
          <p className="muted">{t('roster.noStanding')}</p>
        )}
        <Link to="/league">{t('roster.toLeague')}</Link>
      </div>
      {league.error && (
        <LoadFailure text={t('roster.leagueFailed', { reason: league.error })} onRetry={league.reload} />
      )}
      <NextFixture team={team} rules={rules} sport={sport} onSave={save} />
      <section className="card" aria-labelledby="squad-title" aria-busy={resource.status === 'loading'}>
        <h2 id="squad-title">{t('roster.squad')}</h2>
        {rules && sport ? (
          <SquadList
            squad={team.squad}
            positions={rules.positions}
            sport={sport}
            myUserId={user?.id ?? null}
            actions={
              manages
                ? {
                    onEdit: setEditing,
                    onRelease: (player) => setReleasing({ player, busy: false, error: null }),
                  }
                : undefined
            }
          />
        ) : (
          !league.error && <p className="muted">{t('roster.loading')}</p>
        )}
      </section>
      {manages && rules && sport && (
        <AddPlayer
          team={team}
          positions={rules.positions}
          sport={sport}
          squadMax={rules.squad_max}
          onAdded={resource.reload}
        />
      )}
      {editing && rules && sport && (
        <EditPlayer
          player={editing}
          positions={rules.positions}
          sport={sport}
          onClose={() => setEditing(null)}
          onSaved={() => {
            refocus.current = editing.id;
            setEditing(null);
            resource.reload();
          }}
        />
      )}
      {releasing && (
        <ConfirmDialog
          title={t('roster.release.title', { name: releasing.player.name })}
          confirmLabel={t('roster.release.confirm')}
          cancelLabel={t('roster.release.cancel')}
          busy={releasing.busy}
          error={releasing.error}
          onConfirm={() => void release(releasing.player)}
          onCancel={() => setReleasing(null)}
        >
          <p>{t('roster.release.text', { name: releasing.player.name, team: team.name })}</p>
        </ConfirmDialog>
      )}
    </>
  );
}

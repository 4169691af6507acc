import { useEffect } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router-dom';
import { AvatarButton } from '../../components/ui/AvatarButton';
import { formatLongDate } from '../../i18n/dates';
import { useImagePreview } from '../../lib/image-preview';
import { LoadFailure } from '../../components/league/LoadFailure';
import { NoLeagueYet } from '../../components/league/NoLeagueYet';
import { followsTeam, setSelectedLeague, type SelectedLeague } from '../../lib/selected-league';
import { loadLeague, type LeagueSummary } from '../../lib/league-client';
import { useLeagueChoice } from '../../lib/use-league-choice';
import { useResource } from '../../lib/use-resource';
import { useSession } from '../../lib/session';
import { useChatUnreadCount } from '../../lib/chat/chat-provider';
import { LeagueNews } from './LeagueNews';
import { MyTeamCard } from './MyTeamCard';
import './dashboard.css';

export default function DashboardPage() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const { selected, league, leagues, noLeague } = useLeagueChoice();
  const preview = useImagePreview();
  return (
    <section aria-labelledby="dashboard-title" className="page">
      <h1 id="dashboard-title">{t('dashboard.title')}</h1>
      <div className="welcome">
        {user?.avatar_url && (
          <AvatarButton
            src={user.avatar_url}
            size={56}
            label={t('dashboard.viewAvatar')}
            onOpen={() => preview.open(user.avatar_url!, user.name)}
          />
        )}
        <div>
          <p className="welcome-name">{t('dashboard.welcome', { name: user?.name ?? '' })}</p>
          <p className="muted" key={i18n.language}>
            {t('dashboard.today', { date: formatLongDate(new Date()) })}
          </p>
        </div>
      </div>
      {leagues.error && !selected && (
        <LoadFailure text={t('league.failed', { reason: leagues.error })} onRetry={leagues.reload} />
      )}
      {noLeague && <NoLeagueYet />}
      {!noLeague && selected && <LeagueSection league={selected} summary={league} />}
      {!noLeague && !selected && leagues.data && (
        <div className="card">
          <p>{t('dashboard.noLeague')}</p>
          <Link to="/league">{t('dashboard.pickLeague')}</Link>
        </div>
      )}
      <h2>{t('dashboard.shortcuts')}</h2>
      <ul className="shortcut-list">
        <li>
          <Link to="/chat">{t('dashboard.openChat')}</Link>
        </li>
        <li>
          <Link to="/account">{t('dashboard.editProfile')}</Link>
        </li>
        <li>
          <Link to="/help">{t('dashboard.getHelp')}</Link>
        </li>
      </ul>
    </section>
  );
}

/**
 * The selected league's part of the dashboard. The stored week is a hint; the league's own
 * current week replaces it (and is stored) once known, so an advanced week shows the right news.
 * A league without a schedule has no news yet; a member who follows no team sees what to do.
 */
function LeagueSection({ league, summary }: { league: SelectedLeague; summary: LeagueSummary | null }) {
  const detail = useResource(loadLeague, { leagueId: league.league_id });
  const current = detail.data?.current_week;
  useEffect(() => {
    if (current !== undefined && current !== league.current_season_week)
      setSelectedLeague({ ...league, current_season_week: current });
  }, [current, league]);
  const week = current ?? league.current_season_week ?? 1;
  return (
    <>
      <div className="dashboard-grid">
        {followsTeam(league) ? <MyTeamCard teamId={league.team_id} /> : summary && <NoTeamCard league={summary} />}
        <ChatUnreadCard />
      </div>
      {detail.data && detail.data.weeks > 0 && <LeagueNews leagueId={league.league_id} week={week} />}
    </>
  );
}

/** The league of a member who follows no team: its set-up steps for its commissioner, else the way to choose a team. */
function NoTeamCard({ league }: { league: LeagueSummary }) {
  const { t } = useTranslation();
  const settingUp = league.my_role === 'commissioner' && (league.teams === 0 || league.weeks === 0);
  return (
    <section className="card" aria-labelledby="no-team-title">
      <h2 id="no-team-title">{league.name}</h2>
      {settingUp ? (
        <>
          <p>{t('dashboard.setUp')}</p>
          <p>
            <Link to={league.teams === 0 ? '/league/teams' : '/league/schedule'}>
              {t(league.teams === 0 ? 'dashboard.addTeams' : 'dashboard.makeSchedule')}
            </Link>
          </p>
        </>
      ) : (
        <>
          <p>{t(league.teams === 0 ? 'dashboard.noTeamsYet' : 'dashboard.followNone')}</p>
          <p>
            <Link to="/league">{t('dashboard.openLeague')}</Link>
          </p>
        </>
      )}
    </section>
  );
}

function ChatUnreadCard() {
  const { t } = useTranslation();
  const unread = useChatUnreadCount();
  return (
    <section className="card chat-unread-card" aria-labelledby="chat-unread-title">
      <h2 id="chat-unread-title">{t('dashboard.chatTitle')}</h2>
      <p>{unread > 0 ? t('dashboard.unread', { count: unread }) : t('dashboard.noUnread')}</p>
      <p>
        <Link to="/chat">{t('dashboard.openChat')}</Link>
      </p>
    </section>
  );
}

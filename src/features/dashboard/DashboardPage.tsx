import { useEffect } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router-dom';
import { AvatarButton } from '../../components/ui/AvatarButton';
import { formatLongDate } from '../../i18n/dates';
import { useImagePreview } from '../../lib/image-preview';
import { setSelectedLeague, useSelectedLeague, type SelectedLeague } from '../../lib/selected-league';
import { loadLeague } from '../../lib/league-client';
import { useResource } from '../../lib/use-resource';
import { useSession } from '../../lib/session';
import { useChatUnreadCount } from '../../lib/chat/chat-provider';
import { LeagueNews } from './LeagueNews';
import { MyTeamCard } from './MyTeamCard';
import './dashboard.css';

export default function DashboardPage() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const league = useSelectedLeague();
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
      {league ? (
        <LeagueSection league={league} />
      ) : (
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
 */
function LeagueSection({ league }: { league: SelectedLeague }) {
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
        <MyTeamCard teamId={league.team_id} />
        <ChatUnreadCard />
      </div>
      <LeagueNews leagueId={league.league_id} week={week} />
    </>
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

import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router-dom';
import { AvatarButton } from '../../components/ui/AvatarButton';
import { formatLongDate } from '../../i18n/dates';
import { useImagePreview } from '../../lib/image-preview';
import { useSelectedLeague } from '../../lib/selected-league';
import { useSession } from '../../lib/session';

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
      <div className="card">
        {league ? (
          <>
            <p>{t('dashboard.leagueSelected', { league: league.league_id, team: league.team_id })}</p>
            {league.current_season_week !== undefined && (
              <p>{t('dashboard.weekSelected', { week: league.current_season_week })}</p>
            )}
          </>
        ) : (
          <p>{t('dashboard.noLeague')}</p>
        )}
      </div>
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

/**
 * The ways from the league page to running it: a commissioner sees the league's settings, teams,
 * schedule, members and competition rules; every member sees the members. Any member may start a league of their own.
 */
import { Link } from 'react-router-dom';
import { useTranslation } from '../../i18n/use-translation';

const COMMISSIONER_LINKS = [
  { to: '/league/settings', key: 'league.links.settings' },
  { to: '/league/teams', key: 'league.links.teams' },
  { to: '/league/schedule', key: 'league.links.schedule' },
  { to: '/league/members', key: 'league.links.members' },
  { to: '/league/rules', key: 'league.links.rules' },
] as const;

export function LeagueLinks({ commissioner }: { commissioner: boolean }) {
  const { t } = useTranslation();
  const links = commissioner ? COMMISSIONER_LINKS : COMMISSIONER_LINKS.filter((link) => link.to === '/league/members');
  return (
    <nav className="league-links" aria-label={t('league.links.label')}>
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{t(link.key)}</Link>
          </li>
        ))}
        <li>
          <Link to="/leagues/new">{t('league.links.start')}</Link>
        </li>
      </ul>
    </nav>
  );
}

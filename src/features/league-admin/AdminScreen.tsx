/**
 * The frame of the league's set-up screens (settings, teams, schedule, members, rules): the selected
 * league loaded in full, its title, the way between the screens, and what a member sees who
 * cannot use the screen (no league chosen yet; not the commissioner, for the commissioner's
 * screens). The screen's own part gets the league and a way to load it again.
 */
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { LoadFailure } from '../../components/league/LoadFailure';
import { PageHeading } from '../../components/ui/PageHeading';
import { useTranslation } from '../../i18n/use-translation';
import { loadLeague, type LeagueDetail } from '../../lib/league-client';
import { useSelectedLeague } from '../../lib/selected-league';
import { useResource } from '../../lib/use-resource';
import './league-admin.css';

const loadChosen = ({ leagueId }: { leagueId: number | null }, signal: AbortSignal) =>
  leagueId === null ? Promise.resolve(null) : loadLeague({ leagueId }, signal);

export interface AdminScreenProps {
  /** The screen's title, given the league's name once it is known. */
  title: (league: string | null) => string;
  /** Only the commissioner may use it (settings, teams, schedule). */
  commissionerOnly: boolean;
  children: (league: LeagueDetail, reload: () => void) => ReactNode;
}

export function AdminScreen({ title, commissionerOnly, children }: AdminScreenProps) {
  const { t } = useTranslation();
  const selected = useSelectedLeague();
  const league = useResource(loadChosen, { leagueId: selected?.league_id ?? null });
  const data = league.data;
  const commissioner = data?.my_role === 'commissioner';
  return (
    <section aria-labelledby="admin-title" className="page admin-page" data-state={league.status}>
      <PageHeading id="admin-title">{title(data?.name ?? null)}</PageHeading>
      {!selected && (
        <p className="empty-state">
          {t('admin.noLeague')} <Link to="/league">{t('admin.chooseLeague')}</Link>
        </p>
      )}
      {league.error && <LoadFailure text={t('admin.failed', { reason: league.error })} onRetry={league.reload} />}
      {selected && !data && league.status === 'loading' && <p className="muted">{t('admin.loading')}</p>}
      {data && <AdminNav commissioner={commissioner} />}
      {data && commissionerOnly && !commissioner && <p className="empty-state">{t('admin.commissionerOnly')}</p>}
      {data && (commissioner || !commissionerOnly) && children(data, league.reload)}
    </section>
  );
}

const STEPS = [
  { to: '/league/settings', key: 'admin.nav.settings' },
  { to: '/league/teams', key: 'admin.nav.teams' },
  { to: '/league/schedule', key: 'admin.nav.schedule' },
  { to: '/league/members', key: 'admin.nav.members' },
  { to: '/league/rules', key: 'admin.nav.rules' },
] as const;

/** Between the set-up screens (the commissioner's), and back to the league. */
function AdminNav({ commissioner }: { commissioner: boolean }) {
  const { t } = useTranslation();
  return (
    <nav className="admin-nav" aria-label={t('admin.nav.label')}>
      <ul>
        <li>
          <Link to="/league">{t('admin.nav.back')}</Link>
        </li>
        {commissioner &&
          STEPS.map((step) => (
            <li key={step.to}>
              <NavLink to={step.to}>{t(step.key)}</NavLink>
            </li>
          ))}
      </ul>
    </nav>
  );
}

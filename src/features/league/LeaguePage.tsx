/**
 * The league view: the member's leagues to choose from, then the chosen one's standings and its
 * fixtures and results by week. The choice is kept in `selectedLeague` (this browser); a stored
 * league the member no longer belongs to is forgotten.
 */
import { LoadFailure } from '../../components/league/LoadFailure';
import { LeagueSummaryLine } from '../../components/league/LeagueSummaryLine';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../i18n/use-translation';
import { loadLeague, loadMyLeagues, type FixtureSummary, type LeagueSummary } from '../../lib/league-client';
import { useSession } from '../../lib/session';
import { clearSelectedLeague, useSelectedLeague } from '../../lib/selected-league';
import { useResource } from '../../lib/use-resource';
import { LeaguePicker } from './LeaguePicker';
import { StandingsTable } from './StandingsTable';
import { WeekFixtures } from './WeekFixtures';
import './league.css';

export default function LeaguePage() {
  const { t } = useTranslation();
  const selected = useSelectedLeague();
  const leagues = useResource(loadMyLeagues, null);
  const chosen = leagues.data?.find((league) => league.id === selected?.league_id) ?? null;
  const stale = leagues.status === 'ready' && selected !== null && chosen === null;
  useEffect(() => {
    if (stale) clearSelectedLeague();
  }, [stale]);

  return (
    <section aria-labelledby="league-title" className="page league-page" data-state={leagues.status}>
      <h1 id="league-title">{chosen ? chosen.name : t('league.title')}</h1>
      {leagues.error && <LoadFailure text={t('league.failed', { reason: leagues.error })} onRetry={leagues.reload} />}
      {!leagues.data && leagues.status === 'loading' && <p className="muted">{t('league.loading')}</p>}
      {leagues.data?.length === 0 && <p className="empty-state">{t('league.noLeagues')}</p>}
      {leagues.data && leagues.data.length > 0 && !chosen && <LeaguePicker leagues={leagues.data} />}
      {chosen && selected && <LeagueView league={chosen} teamId={selected.team_id} />}
    </section>
  );
}

/**
 * The server's rule (decision record 0011) as the page offers it: the commissioner records and
 * corrects any fixture up to the current week; the fixture's referee records it once.
 */
function mayRecord(league: LeagueSummary, userId: number | undefined, fixture: FixtureSummary): boolean {
  if (fixture.status === 'postponed' || fixture.week > league.current_week) return false;
  if (league.my_role === 'commissioner') return true;
  return fixture.status === 'scheduled' && userId !== undefined && fixture.referee_user_id === userId;
}

function LeagueView({ league, teamId }: { league: LeagueSummary; teamId: number }) {
  const { t } = useTranslation();
  const userId = useSession().user?.id;
  const detail = useResource(loadLeague, { leagueId: league.id });
  return (
    <>
      <div className="league-bar">
        <LeagueSummaryLine league={league} />
        <div className="league-bar-actions">
          <Link to={`/roster/${teamId}`}>{t('league.openRoster')}</Link>
          <button type="button" className="secondary" onClick={clearSelectedLeague}>
            {t('league.change')}
          </button>
        </div>
      </div>
      <section className="card" aria-labelledby="standings-title" data-state={detail.status}>
        <h2 id="standings-title">{t('league.standings')}</h2>
        {detail.error && <LoadFailure text={t('league.failed', { reason: detail.error })} onRetry={detail.reload} />}
        {detail.data ? (
          <>
            <StandingsTable rows={detail.data.standings} myTeamId={teamId} />
            <p className="muted standings-note">{t('league.tieBreak')}</p>
          </>
        ) : (
          detail.status === 'loading' && <p className="muted">{t('league.loadingStandings')}</p>
        )}
      </section>
      <WeekFixtures
        leagueId={league.id}
        weeks={league.weeks}
        currentWeek={league.current_week}
        mayRecord={(fixture) => mayRecord(league, userId, fixture)}
        onRecorded={detail.reload}
      />
    </>
  );
}

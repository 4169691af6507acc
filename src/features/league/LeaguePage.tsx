/**
 * The league view: the member's leagues to choose from, then the chosen one's standings and its
 * fixtures and results by week. The choice is kept in `selectedLeague` (this browser); a stored
 * league the member no longer belongs to is forgotten, and a member with one obvious league lands
 * in it (src/lib/use-league-choice.ts). A member of no league is offered to start one or to join
 * one by its invitation link; a new league without teams or fixtures says what to do next.
 */
import { LoadFailure } from '../../components/league/LoadFailure';
import { LeagueSummaryLine } from '../../components/league/LeagueSummaryLine';
import { NoLeagueYet } from '../../components/league/NoLeagueYet';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../i18n/use-translation';
import { loadLeague, type FixtureSummary, type LeagueSummary } from '../../lib/league-client';
import { useSession } from '../../lib/session';
import { clearSelectedLeague, followsTeam, type SelectedLeague } from '../../lib/selected-league';
import { useLeagueChoice } from '../../lib/use-league-choice';
import { useResource } from '../../lib/use-resource';
import { AdjustmentNotes } from './AdjustmentNotes';
import { DecisionNotes } from './DecisionNotes';
import { LeagueLinks } from './LeagueLinks';
import { FollowTeam, LeaguePicker } from './LeaguePicker';
import { StandingsTable } from './StandingsTable';
import { TieBreakNote } from './TieBreakNote';
import { WeekFixtures } from './WeekFixtures';
import './league.css';

export default function LeaguePage() {
  const { t } = useTranslation();
  const { selected, league: chosen, leagues, noLeague } = useLeagueChoice();

  return (
    <section aria-labelledby="league-title" className="page league-page" data-state={leagues.status}>
      <h1 id="league-title">{chosen ? chosen.name : t('league.title')}</h1>
      {leagues.error && <LoadFailure text={t('league.failed', { reason: leagues.error })} onRetry={leagues.reload} />}
      {!leagues.data && leagues.status === 'loading' && <p className="muted">{t('league.loading')}</p>}
      {noLeague && <NoLeagueYet />}
      {leagues.data && leagues.data.length > 0 && !chosen && <LeaguePicker leagues={leagues.data} />}
      {chosen && selected && (
        <LeagueView
          key={chosen.id}
          league={chosen}
          selected={selected}
          mayChange={mayChangeFrom(leagues.data ?? [], chosen, selected)}
        />
      )}
    </section>
  );
}

/**
 * Whether "Change league" has something to offer: another league, or another team to follow in
 * this one (a member following no team chooses one on the page itself).
 */
function mayChangeFrom(leagues: LeagueSummary[], chosen: LeagueSummary, selected: SelectedLeague): boolean {
  if (leagues.length > 1) return true;
  return chosen.my_team === null && followsTeam(selected);
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

function LeagueView({
  league,
  selected,
  mayChange,
}: {
  league: LeagueSummary;
  selected: SelectedLeague;
  /** Whether there is another league (or team) to choose instead. */
  mayChange: boolean;
}) {
  const { t } = useTranslation();
  const userId = useSession().user?.id;
  const detail = useResource(loadLeague, { leagueId: league.id });
  const commissioner = league.my_role === 'commissioner';
  const teamId = followsTeam(selected) ? selected.team_id : null;
  return (
    <>
      <div className="league-bar">
        <LeagueSummaryLine league={league} />
        <div className="league-bar-actions">
          {teamId !== null && <Link to={`/roster/${teamId}`}>{t('league.openRoster')}</Link>}
          {mayChange && (
            <button type="button" className="secondary" onClick={clearSelectedLeague}>
              {t('league.change')}
            </button>
          )}
        </div>
      </div>
      <LeagueLinks commissioner={commissioner} />
      {teamId === null && league.teams > 0 && (
        <section className="card" aria-labelledby="follow-title">
          <h2 id="follow-title">{t('league.followNone')}</h2>
          <FollowTeam league={league} />
        </section>
      )}
      <section className="card" aria-labelledby="standings-title" data-state={detail.status}>
        <h2 id="standings-title">{t('league.standings')}</h2>
        {detail.error && <LoadFailure text={t('league.failed', { reason: detail.error })} onRetry={detail.reload} />}
        {detail.data && detail.data.standings.length === 0 && (
          <p className="empty-state">
            {commissioner ? (
              <>
                {t('league.noTeamsCommissioner')} <Link to="/league/teams">{t('league.addTeams')}</Link>
              </>
            ) : (
              t('league.noTeams')
            )}
          </p>
        )}
        {detail.data && detail.data.standings.length > 0 && (
          <>
            <StandingsTable rows={detail.data.standings} myTeamId={teamId} />
            <AdjustmentNotes rows={detail.data.standings} />
            <DecisionNotes rows={detail.data.standings} />
            <TieBreakNote criteria={detail.data.tie_break} />
          </>
        )}
        {!detail.data && detail.status === 'loading' && <p className="muted">{t('league.loadingStandings')}</p>}
      </section>
      {league.weeks > 0 ? (
        <WeekFixtures
          leagueId={league.id}
          weeks={league.weeks}
          currentWeek={league.current_week}
          mayRecord={(fixture) => mayRecord(league, userId, fixture)}
          onRecorded={detail.reload}
        />
      ) : (
        <section className="card" aria-labelledby="week-title">
          <h2 id="week-title">{t('league.fixtures')}</h2>
          <p className="empty-state">
            {commissioner ? (
              <>
                {t('league.noFixturesCommissioner')} <Link to="/league/schedule">{t('league.makeSchedule')}</Link>
              </>
            ) : (
              t('league.noFixtures')
            )}
          </p>
        </section>
      )}
    </>
  );
}

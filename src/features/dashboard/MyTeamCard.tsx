/**
 * The member's team at a glance: its place and form in the table, its next fixture (opponent,
 * kick-off, pitch) and its last result, with the way to the roster.
 */
import { LoadFailure } from '../../components/league/LoadFailure';
import { Link } from 'react-router-dom';
import { AwardedBadge } from '../../components/league/AwardedBadge';
import { FormMarks } from '../../components/league/FormMarks';
import { TeamMark } from '../../components/league/TeamMark';
import { formatKickoff } from '../../i18n/dates';
import { useTranslation } from '../../i18n/use-translation';
import { loadTeam, type FixtureSummary } from '../../lib/league-client';
import { useResource } from '../../lib/use-resource';

export function MyTeamCard({ teamId }: { teamId: number }) {
  const { t, i18n } = useTranslation();
  const team = useResource(loadTeam, { teamId });
  // The team's own latest result (the last of its form), whichever week it was in.
  const last = team.data?.last_result ?? null;
  const next = team.data?.next_fixture ?? null;
  return (
    <section className="card my-team" aria-labelledby="my-team-title" data-state={team.status}>
      {team.error && <LoadFailure text={t('dashboard.teamFailed', { reason: team.error })} onRetry={team.reload} />}
      {!team.data && team.status === 'loading' && <p className="muted">{t('dashboard.loadingTeam')}</p>}
      {team.data && (
        <>
          <h2 id="my-team-title">
            <TeamMark team={team.data} /> {team.data.name}
          </h2>
          {team.data.standing && (
            <p className="my-team-standing">
              {t('dashboard.position', {
                rank: team.data.standing.rank,
                points: team.data.standing.points,
                played: team.data.standing.played,
              })}{' '}
              <FormMarks results={team.data.standing.form} entries={team.data.standing.form_entries} />
            </p>
          )}
          <dl className="my-team-facts">
            <dt>{t('dashboard.nextFixture')}</dt>
            <dd>
              {next ? (
                <FixtureLine fixture={next} teamId={teamId} language={i18n.language} />
              ) : (
                t('dashboard.noNextFixture')
              )}
            </dd>
            <dt>{t('dashboard.lastResult')}</dt>
            <dd>{last ? <ResultLine fixture={last} teamId={teamId} /> : t('dashboard.noLastResult')}</dd>
          </dl>
          <p>
            <Link to={`/roster/${teamId}`}>{t('dashboard.openRoster')}</Link>
          </p>
        </>
      )}
    </section>
  );
}

function FixtureLine({ fixture, teamId, language }: { fixture: FixtureSummary; teamId: number; language: string }) {
  const { t } = useTranslation();
  const home = fixture.home.id === teamId;
  const opponent = home ? fixture.away : fixture.home;
  return (
    <>
      <strong>{t(home ? 'dashboard.versusHome' : 'dashboard.versusAway', { team: opponent.name })}</strong>
      <br />
      <time dateTime={fixture.kickoff_at}>{formatKickoff(fixture.kickoff_at, language)}</time> · {fixture.venue}
    </>
  );
}

function ResultLine({ fixture, teamId }: { fixture: FixtureSummary; teamId: number }) {
  const { t } = useTranslation();
  const home = fixture.home.id === teamId;
  const mine = (home ? fixture.home_score : fixture.away_score) ?? 0;
  const theirs = (home ? fixture.away_score : fixture.home_score) ?? 0;
  const outcome = mine > theirs ? 'W' : mine < theirs ? 'L' : 'D';
  return (
    <>
      <strong>{t(`dashboard.outcome.${outcome}`)}</strong>{' '}
      {t('league.scoreLabel', {
        home: fixture.home.name,
        homeScore: fixture.home_score,
        away: fixture.away.name,
        awayScore: fixture.away_score,
      })}
      {fixture.awarded && (
        <>
          {' '}
          <AwardedBadge reason={fixture.awarded_reason} />
        </>
      )}
    </>
  );
}

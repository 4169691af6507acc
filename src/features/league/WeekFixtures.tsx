/**
 * Fixtures and results of one week, with a week picker (previous, next, any week). The week is
 * part of the address (`/league?week=9`), so a link from the chat's league card or the browser's
 * back button lands on it; without one the league's current week is shown.
 */
import { LoadFailure } from '../../components/league/LoadFailure';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatKickoff } from '../../i18n/dates';
import { useTranslation } from '../../i18n/use-translation';
import { loadWeek, type FixtureSummary } from '../../lib/league-client';
import { useResource } from '../../lib/use-resource';
import { FixtureDetails } from './FixtureDetails';
import { ResultForm } from './ResultForm';
import { AwardedBadge } from '../../components/league/AwardedBadge';
import { TeamMark } from '../../components/league/TeamMark';
import { ChevronIcon } from '../../components/ui/icons';

export interface WeekFixturesProps {
  leagueId: number;
  weeks: number;
  currentWeek: number;
  /** Whether the member may record this fixture's result (decision record 0011). */
  mayRecord: (fixture: FixtureSummary) => boolean;
  /** After a result was recorded: the table changes too. */
  onRecorded: () => void;
}

export function WeekFixtures({ leagueId, weeks, currentWeek, mayRecord, onRecorded }: WeekFixturesProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const asked = Number(search.get('week'));
  const week = Number.isInteger(asked) && asked >= 1 && asked <= weeks ? asked : currentWeek;
  const fixtures = useResource(loadWeek, { leagueId, week });
  const go = (next: number) =>
    setSearch(
      (params) => {
        params.set('week', String(next));
        return params;
      },
      { replace: false },
    );

  return (
    <section className="card week-fixtures" aria-labelledby="week-title" data-state={fixtures.status}>
      <div className="week-header">
        <h2 id="week-title">{t('league.fixtures')}</h2>
        <div className="week-picker">
          <button type="button" className="secondary" disabled={week <= 1} onClick={() => go(week - 1)}>
            <ChevronIcon direction="left" />
            <span className="visually-hidden">{t('league.previousWeek')}</span>
          </button>
          <label className="visually-hidden" htmlFor="week-select">
            {t('league.chooseWeek')}
          </label>
          <select id="week-select" value={week} onChange={(event) => go(Number(event.target.value))}>
            {Array.from({ length: weeks }, (_, i) => i + 1).map((w) => (
              <option key={w} value={w}>
                {w === currentWeek ? t('league.weekCurrent', { week: w }) : t('league.week', { week: w })}
              </option>
            ))}
          </select>
          <button type="button" className="secondary" disabled={week >= weeks} onClick={() => go(week + 1)}>
            <ChevronIcon direction="right" />
            <span className="visually-hidden">{t('league.nextWeek')}</span>
          </button>
        </div>
      </div>
      {fixtures.error && (
        <LoadFailure text={t('league.weekFailed', { reason: fixtures.error })} onRetry={fixtures.reload} />
      )}
      {fixtures.data && fixtures.data.fixtures.length === 0 && (
        <p className="empty-state">{t('league.weekEmpty', { week })}</p>
      )}
      {fixtures.data && fixtures.data.fixtures.length > 0 && (
        <ul className="fixture-list" aria-busy={fixtures.status === 'loading'}>
          {fixtures.data.fixtures.map((fixture) => (
            <FixtureRow
              key={fixture.id}
              fixture={fixture}
              mayRecord={mayRecord(fixture)}
              onRecorded={() => {
                fixtures.reload();
                onRecorded();
              }}
            />
          ))}
        </ul>
      )}
      {!fixtures.data && fixtures.status === 'loading' && <p className="muted">{t('league.loadingWeek')}</p>}
    </section>
  );
}

function FixtureRow({
  fixture,
  mayRecord,
  onRecorded,
}: {
  fixture: FixtureSummary;
  mayRecord: boolean;
  onRecorded: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [recording, setRecording] = useState(false);
  const [open, setOpen] = useState(false);
  const kickoff = formatKickoff(fixture.kickoff_at, i18n.language);
  const played = fixture.status === 'played';
  return (
    <li className="fixture" data-state={fixture.status}>
      <span className="fixture-team fixture-home">
        <span>{fixture.home.name}</span>
        <TeamMark team={fixture.home} />
      </span>
      <span className="fixture-middle">
        {played ? (
          <span
            className="fixture-score"
            aria-label={t('league.scoreLabel', {
              home: fixture.home.name,
              homeScore: fixture.home_score,
              away: fixture.away.name,
              awayScore: fixture.away_score,
            })}
          >
            {fixture.home_score}–{fixture.away_score}
          </span>
        ) : (
          <span className="fixture-vs">{t('league.versus')}</span>
        )}
      </span>
      <span className="fixture-team fixture-away">
        <TeamMark team={fixture.away} />
        <span>{fixture.away.name}</span>
      </span>
      <span className="fixture-meta">
        <span className={`fixture-status fixture-status-${fixture.status}`}>
          {t(`league.status.${fixture.status}`)}
        </span>
        {fixture.awarded && <AwardedBadge reason={fixture.awarded_reason} />}
        <time dateTime={fixture.kickoff_at}>{kickoff}</time>
        <span>{fixture.venue}</span>
        {fixture.referee_name && <span>{t('league.referee', { name: fixture.referee_name })}</span>}
        {played && (
          <button
            type="button"
            className="secondary fixture-record"
            aria-expanded={open}
            onClick={() => setOpen(!open)}
          >
            {t(open ? 'league.hideDetails' : 'league.showDetails')}
          </button>
        )}
        {mayRecord && !recording && (
          <button type="button" className="secondary fixture-record" onClick={() => setRecording(true)}>
            {t(played ? 'league.correctResult' : 'league.recordResult')}
          </button>
        )}
      </span>
      {open && played && <FixtureDetails fixtureId={fixture.id} />}
      {recording && (
        <ResultForm
          fixture={fixture}
          onCancel={() => setRecording(false)}
          onDone={() => {
            setRecording(false);
            onRecorded();
          }}
        />
      )}
    </li>
  );
}

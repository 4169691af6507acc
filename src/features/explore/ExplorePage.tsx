/**
 * Explore: the players of the member's selected league, searched as the member types (after
 * 300 ms of quiet, in machines/player-search) and filtered by team, position, status and "without
 * a team", sorted by name, goals or appearances. The filters live in the address. A member with
 * one obvious league lands in it; without a chosen league the page says where to choose one, and
 * a member of no league is offered to start or join one.
 */
import { Link } from 'react-router-dom';
import { LoadFailure } from '../../components/league/LoadFailure';
import { useTranslation } from '../../i18n/use-translation';
import { loadLeague, type LeagueDetail } from '../../lib/league-client';
import { NoLeagueYet } from '../../components/league/NoLeagueYet';
import { useLeagueChoice } from '../../lib/use-league-choice';
import { useResource } from '../../lib/use-resource';
import { ExploreFilters } from './ExploreFilters';
import { PlayerResults } from './PlayerResults';
import { usePlayerSearch, type PlayerSearchParts } from './use-player-search';
import '../../components/league/player-card.css';
import './explore.css';

export default function ExplorePage() {
  const { t } = useTranslation();
  const { selected, leagues, noLeague } = useLeagueChoice();
  return (
    <section aria-labelledby="explore-title" className="page explore-page">
      <h1 id="explore-title">{t('explore.title')}</h1>
      {leagues.error && !selected && (
        <LoadFailure text={t('league.failed', { reason: leagues.error })} onRetry={leagues.reload} />
      )}
      {noLeague && <NoLeagueYet />}
      {selected && <ExploreLeague key={selected.league_id} leagueId={selected.league_id} />}
      {!selected && !noLeague && leagues.data && (
        <p className="empty-state">
          {t('explore.noLeague')} <Link to="/league">{t('explore.chooseLeague')}</Link>
        </p>
      )}
    </section>
  );
}

function ExploreLeague({ leagueId }: { leagueId: number }) {
  const { t } = useTranslation();
  const league = useResource(loadLeague, { leagueId });
  const search = usePlayerSearch(leagueId);
  const teams = league.data ? teamsOf(league.data) : [];
  return (
    <>
      {league.data && <p className="muted">{league.data.name}</p>}
      {league.error && (
        <LoadFailure text={t('explore.leagueFailed', { reason: league.error })} onRetry={league.reload} />
      )}
      <ExploreFilters
        search={search}
        teams={teams}
        positions={league.data?.rules.positions ?? []}
        sport={league.data?.sport ?? null}
      />
      <h2 id="explore-results-title" className="visually-hidden">
        {t('explore.results')}
      </h2>
      <p className="explore-status" role="status" aria-live="polite">
        <ResultsStatus search={search} />
      </p>
      {search.error && <LoadFailure text={t('explore.failed', { reason: search.error })} onRetry={search.retry} />}
      {search.settled && search.players.length === 0 ? (
        <div className="empty-state explore-empty">
          <p>{search.filters.q ? t('explore.noMatch', { q: search.filters.q }) : t('explore.noMatchFilters')}</p>
          <button type="button" className="secondary" onClick={search.reset}>
            {t('explore.clear')}
          </button>
        </div>
      ) : (
        search.loaded && (
          <PlayerResults search={search} labelledBy="explore-results-title" sport={league.data?.sport ?? null} />
        )
      )}
    </>
  );
}

/** What the live region says: searching, or how many players the list holds. */
function ResultsStatus({ search }: { search: PlayerSearchParts }) {
  const { t } = useTranslation();
  if (search.error) return null;
  if (!search.settled) return <>{t('explore.searching')}</>;
  const count = search.players.length;
  if (count === 0) return <>{t('explore.noneFound')}</>;
  return <>{search.canLoadMore ? t('explore.foundMore', { count }) : t('explore.found', { count })}</>;
}

function teamsOf(league: LeagueDetail) {
  return league.standings.map((row) => row.team).sort((a, b) => a.name.localeCompare(b.name));
}

/** The Explore page's search box, filters and sort; every control is labelled. */
import type { PlayerSort } from '../../../machines/player-search/player-search.types';
import { TeamMark } from '../../components/league/TeamMark';
import { useTranslation } from '../../i18n/use-translation';
import type { Sport, TeamRef } from '../../lib/league-client';
import { usePositionText } from '../../components/league/PositionName';
import { SORTS, STATUSES } from './explore-params';
import type { PlayerSearchParts } from './use-player-search';

export function ExploreFilters({
  search,
  teams,
  positions,
  sport,
}: {
  search: PlayerSearchParts;
  teams: TeamRef[];
  positions: string[];
  sport: Sport | null;
}) {
  const { t } = useTranslation();
  const positionText = usePositionText();
  const { filters } = search;
  const chosenTeam = teams.find((team) => team.id === filters.team);
  return (
    <form className="explore-filters card" role="search" onSubmit={(event) => event.preventDefault()}>
      <div className="explore-field explore-query">
        <label htmlFor="explore-q">{t('explore.search')}</label>
        <input
          id="explore-q"
          type="search"
          value={search.text}
          maxLength={100}
          autoComplete="off"
          placeholder={t('explore.searchPlaceholder')}
          onChange={(event) => search.type(event.target.value)}
        />
      </div>
      <div className="explore-field">
        <label htmlFor="explore-team">
          {t('explore.team')} {chosenTeam && <TeamMark team={chosenTeam} />}
        </label>
        <select
          id="explore-team"
          value={filters.team ?? ''}
          disabled={filters.free}
          onChange={(event) => search.filter({ team: event.target.value ? Number(event.target.value) : null })}
        >
          <option value="">{t('explore.allTeams')}</option>
          {teams.map((team) => (
            <option key={team.id} value={team.id}>
              {team.name}
            </option>
          ))}
        </select>
      </div>
      <div className="explore-field">
        <label htmlFor="explore-position">{t('explore.position')}</label>
        <select
          id="explore-position"
          value={filters.position ?? ''}
          onChange={(event) => search.filter({ position: event.target.value || null })}
        >
          <option value="">{t('explore.allPositions')}</option>
          {positions.map((position) => (
            <option key={position} value={position}>
              {positionText(sport, position).name}
            </option>
          ))}
        </select>
      </div>
      <div className="explore-field">
        <label htmlFor="explore-status">{t('explore.status')}</label>
        <select
          id="explore-status"
          value={filters.status ?? ''}
          onChange={(event) => search.filter({ status: event.target.value || null })}
        >
          <option value="">{t('explore.anyStatus')}</option>
          {STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`playerCard.status.${status}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="explore-field">
        <label htmlFor="explore-sort">{t('explore.sort')}</label>
        <select
          id="explore-sort"
          value={filters.sort}
          onChange={(event) => search.filter({ sort: event.target.value as PlayerSort })}
        >
          {SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t(`explore.sortBy.${sort}`)}
            </option>
          ))}
        </select>
      </div>
      <label className="explore-free">
        <input
          type="checkbox"
          checked={filters.free}
          onChange={(event) => search.filter({ free: event.target.checked })}
        />{' '}
        {t('explore.free')}
      </label>
    </form>
  );
}

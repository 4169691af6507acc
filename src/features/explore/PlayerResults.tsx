/**
 * The players found, as a virtualized list (react-virtuoso): reaching the end asks for the next
 * page; the footer says a page is loading or failed. Each name opens the player card.
 */
import { forwardRef, type HTMLAttributes } from 'react';
import { Virtuoso, type Components } from 'react-virtuoso';
import { TeamMark } from '../../components/league/TeamMark';
import { useTranslation } from '../../i18n/use-translation';
import type { PlayerRow } from '../../lib/actors/player-search-actors';
import type { Sport } from '../../lib/league-client';
import { PositionAbbr } from '../../components/league/PositionName';
import { usePlayerCard } from '../../lib/player-card';
import type { PlayerSearchParts } from './use-player-search';

const List = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(function List(props, ref) {
  return <div {...props} ref={ref} role="list" />;
});

const Item: Components<PlayerRow>['Item'] = ({ item: _item, context: _context, ...props }) => (
  <div {...props} role="listitem" className="explore-row" />
);

export function PlayerResults({
  search,
  labelledBy,
  sport,
}: {
  search: PlayerSearchParts;
  labelledBy: string;
  sport: Sport | null;
}) {
  const { t } = useTranslation();
  const { players } = search;
  return (
    <div
      className="explore-results"
      aria-labelledby={labelledBy}
      role="region"
      aria-busy={search.pending}
      data-state={search.state}
    >
      <div className="explore-row explore-head" aria-hidden="true">
        <span>{t('explore.col.name')}</span>
        <span>{t('explore.col.team')}</span>
        <span>{t('explore.col.position')}</span>
        <span>{t('explore.col.status')}</span>
        <abbr className="explore-num" title={t('explore.col.goals')}>
          {t('roster.colShort.goals')}
        </abbr>
        <abbr className="explore-num" title={t('explore.col.appearances')}>
          {t('roster.colShort.appearances')}
        </abbr>
      </div>
      <Virtuoso
        className="explore-scroller"
        // Virtuoso sets its own height (100%) inline; the list's own height must be inline too.
        style={{ height: 'min(65vh, 640px)' }}
        data={players}
        computeItemKey={(_, player) => player.id}
        // The machine asks only while the server gave a next cursor and no page is loading.
        endReached={search.loadMore}
        increaseViewportBy={200}
        components={{ List, Item, Footer: () => <ResultsFooter search={search} /> }}
        itemContent={(_, player) => <PlayerRowContent player={player} sport={sport} />}
      />
    </div>
  );
}

function ResultsFooter({ search }: { search: PlayerSearchParts }) {
  const { t } = useTranslation();
  if (search.loadingMore) return <p className="muted explore-footer">{t('explore.loadingMore')}</p>;
  if (search.loadMoreFailed)
    return (
      <p className="form-error explore-footer">
        {t('explore.moreFailed')}{' '}
        <button type="button" className="secondary" onClick={search.loadMore}>
          {t('league.retry')}
        </button>
      </p>
    );
  // Scrolling to the end loads the next page; the button does the same from the keyboard.
  if (search.canLoadMore)
    return (
      <p className="explore-footer">
        <button type="button" className="secondary" onClick={search.loadMore}>
          {t('explore.showMore')}
        </button>
      </p>
    );
  return null;
}

function PlayerRowContent({ player, sport }: { player: PlayerRow; sport: Sport | null }) {
  const { t } = useTranslation();
  const card = usePlayerCard();
  return (
    <>
      <span className="explore-name">
        <button type="button" className="link-button" onClick={() => card.open(player.id)}>
          {player.name}
        </button>
        {player.shirt_number !== null && <span className="muted"> #{player.shirt_number}</span>}
      </span>
      <span className="explore-team">
        {player.team ? (
          <>
            <TeamMark team={player.team} /> <abbr title={player.team.name}>{player.team.short_name}</abbr>
          </>
        ) : (
          <span className="muted">{t('explore.noTeam')}</span>
        )}
      </span>
      <span>
        <span className="visually-hidden">{t('explore.col.position')}: </span>
        <PositionAbbr sport={sport} code={player.position} />
      </span>
      <span className={`player-status player-status-${player.status}`}>{t(`playerCard.status.${player.status}`)}</span>
      <span className="explore-num">
        <span className="visually-hidden">{t('explore.col.goals')}: </span>
        {player.goals}
        {/* On a phone, where the column heads are not shown, each number carries its short name. */}
        <span className="explore-unit" aria-hidden="true">
          {' '}
          {t('roster.colShort.goals')}
        </span>
      </span>
      <span className="explore-num">
        <span className="visually-hidden">{t('explore.col.appearances')}: </span>
        {player.appearances}
        <span className="explore-unit" aria-hidden="true">
          {' '}
          {t('roster.colShort.appearances')}
        </span>
      </span>
    </>
  );
}

/**
 * The squad by position group, in the sport's order: shirt number, name (opens the player card),
 * status as text with a marker (under the name on a phone), and season appearances, goals and
 * assists. The signed-in member's own player is marked. For those who manage the squad, each
 * row ends with "Edit" and "Release" (`actions`), named for its player.
 */
import { useTranslation } from '../../i18n/use-translation';
import type { PlayerStatus, Sport, SquadPlayer } from '../../lib/league-client';
import { usePlayerCard } from '../../lib/player-card';
import { groupByPosition } from './roster-data';

export function PlayerStatusMark({ status }: { status: PlayerStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`player-status player-status-${status}`}>
      <span className="player-status-marker" aria-hidden="true" />
      {t(`roster.status.${status}`)}
    </span>
  );
}

export interface SquadActions {
  onEdit: (player: SquadPlayer) => void;
  onRelease: (player: SquadPlayer) => void;
}

/** Edit and Release, named for the row's player; Edit is found again by `data-edit-player` after a reload. */
function RowActions({ player, actions }: { player: SquadPlayer; actions: SquadActions }) {
  const { t } = useTranslation();
  return (
    <span className="squad-row-actions">
      <button
        type="button"
        className="secondary squad-edit"
        data-edit-player={player.id}
        aria-label={t('roster.edit.button', { name: player.name })}
        onClick={() => actions.onEdit(player)}
      >
        {t('roster.edit.label')}
      </button>
      <button
        type="button"
        className="secondary danger squad-release"
        aria-label={t('roster.release.button', { name: player.name })}
        onClick={() => actions.onRelease(player)}
      >
        {t('roster.release.label')}
      </button>
    </span>
  );
}

export function SquadList({
  squad,
  positions,
  sport,
  myUserId,
  actions,
}: {
  squad: SquadPlayer[];
  positions: string[];
  sport: Sport;
  myUserId: number | null;
  /** For those who manage the squad. */
  actions?: SquadActions;
}) {
  const { t } = useTranslation();
  const card = usePlayerCard();
  if (squad.length === 0) return <p className="empty-state">{t('roster.empty')}</p>;
  return (
    <>
      {groupByPosition(squad, positions).map(({ position, players }) => {
        const headingId = `squad-${position}`;
        return (
          <section key={position} className="squad-group" aria-labelledby={headingId}>
            <h3 id={headingId}>{t(`roster.positions.${sport}.${position}`, { defaultValue: position })}</h3>
            <table className="squad-table" aria-labelledby={headingId}>
              <thead>
                <tr>
                  <th scope="col" className="squad-shirt">
                    <abbr title={t('roster.col.shirt')}>{t('roster.colShort.shirt')}</abbr>
                  </th>
                  <th scope="col">{t('roster.col.name')}</th>
                  <th scope="col" className="squad-status">
                    {t('roster.col.status')}
                  </th>
                  <th scope="col" className="squad-number">
                    <abbr title={t('roster.col.appearances')}>{t('roster.colShort.appearances')}</abbr>
                  </th>
                  <th scope="col" className="squad-number">
                    <abbr title={t('roster.col.goals')}>{t('roster.colShort.goals')}</abbr>
                  </th>
                  <th scope="col" className="squad-number">
                    <abbr title={t('roster.col.assists')}>{t('roster.colShort.assists')}</abbr>
                  </th>
                  {actions && (
                    <th scope="col" className="squad-actions">
                      <span className="visually-hidden">{t('roster.col.actions')}</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {players.map((player) => {
                  const me = myUserId !== null && player.user_id === myUserId;
                  return (
                    <tr key={player.id} className={me ? 'squad-me' : undefined} data-status={player.status}>
                      <td className="squad-shirt">{player.shirt_number ?? '–'}</td>
                      <th scope="row" className="squad-name">
                        <button type="button" className="link-button" onClick={() => card.open(player.id)}>
                          {player.name}
                        </button>
                        {me && <span className="badge squad-you">{t('roster.you')}</span>}
                        {/* On a phone the status sits under the name (its own column is hidden there). */}
                        <span className="squad-status-inline">
                          <PlayerStatusMark status={player.status} />
                          {/* On a phone Edit and Release sit here too (their own column is hidden there). */}
                          {actions && <RowActions player={player} actions={actions} />}
                        </span>
                      </th>
                      <td className="squad-status">
                        <PlayerStatusMark status={player.status} />
                      </td>
                      <td className="squad-number">{player.appearances}</td>
                      <td className="squad-number">{player.goals}</td>
                      <td className="squad-number">{player.assists}</td>
                      {actions && (
                        <td className="squad-actions">
                          <RowActions player={player} actions={actions} />
                        </td>
                      )}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </section>
        );
      })}
    </>
  );
}

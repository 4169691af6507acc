/**
 * The player card (the spec's player detail modal), opened from any screen through
 * `usePlayerCard().open(id)` (src/lib/player-card.tsx): the player's picture, team, position,
 * shirt number, status, season totals and a chart of their weeks. A native modal dialog, named by
 * the player's name: it keeps focus inside, and Escape, the close button or a click on the
 * backdrop close it (the provider gives focus back to what opened it).
 */
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { loadLeague, loadPlayer, type PlayerDetail } from '../../lib/league-client';
import { useResource } from '../../lib/use-resource';
import { LoadFailure } from './LoadFailure';
import { PlayerWeeksChart } from './PlayerWeeksChart';
import { PositionName } from './PositionName';
import { TeamMark } from './TeamMark';
import './player-card.css';

/** Only our own paths and http(s) addresses become an image source. */
export function safePictureUrl(url: string | null): string | null {
  if (!url) return null;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  return /^https?:\/\//i.test(url) ? url : null;
}

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters.map((word) => Array.from(word)[0]!.toUpperCase()).join('');
}

export function PlayerCardDialog({ playerId, onClose }: { playerId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const player = useResource(loadPlayer, { playerId });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
  }, []);

  const data = player.data?.id === playerId ? player.data : null;
  return (
    <dialog
      ref={ref}
      className="player-card"
      aria-labelledby={titleId}
      aria-busy={player.status === 'loading'}
      data-state={player.status}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="player-card-body">
        <div className="player-card-top">
          <h2 id={titleId} className="player-card-name">
            {data ? data.name : t('playerCard.title')}
          </h2>
          <button type="button" className="secondary player-card-close" onClick={onClose} autoFocus>
            {t('playerCard.close')}
          </button>
        </div>
        {player.error && (
          <LoadFailure text={t('playerCard.failed', { reason: player.error })} onRetry={player.reload} />
        )}
        {!data && player.status === 'loading' && <p className="muted">{t('playerCard.loading')}</p>}
        {data && <PlayerCardContent player={data} />}
      </div>
    </dialog>
  );
}

function PlayerCardContent({ player }: { player: PlayerDetail }) {
  const { t, i18n } = useTranslation();
  const league = useResource(loadLeague, { leagueId: player.league_id });
  const picture = safePictureUrl(player.avatar_url);
  const number = new Intl.NumberFormat(i18n.language);
  const totals: [string, number][] = [
    [t('playerCard.appearances'), player.totals.appearances],
    [t('playerCard.minutes'), player.totals.minutes],
    [t('playerCard.goals'), player.totals.goals],
    [t('playerCard.assists'), player.totals.assists],
    [t('playerCard.yellowCards'), player.totals.yellow_cards],
    [t('playerCard.redCards'), player.totals.red_cards],
  ];
  // The match length scales the minutes; without the league's rules, the longest week does.
  const matchMinutes =
    league.data?.rules.match_minutes ?? (league.error ? Math.max(1, ...player.weeks.map((w) => w.minutes)) : null);

  return (
    <>
      <div className="player-card-head">
        {picture ? (
          <img className="player-card-picture" src={picture} alt="" width={72} height={72} />
        ) : (
          <span className="player-card-picture player-card-initials" aria-hidden="true">
            {initialsOf(player.name)}
          </span>
        )}
        <dl className="player-card-facts">
          <div>
            <dt>{t('playerCard.team')}</dt>
            <dd>
              {player.team ? (
                <>
                  <TeamMark team={player.team} /> {player.team.name}
                </>
              ) : (
                t('playerCard.noTeam')
              )}
            </dd>
          </div>
          <div>
            <dt>{t('playerCard.position')}</dt>
            <dd>
              <PositionName sport={league.data?.sport} code={player.position} />
            </dd>
          </div>
          <div>
            <dt>{t('playerCard.shirt')}</dt>
            <dd>{player.shirt_number ?? t('playerCard.noShirt')}</dd>
          </div>
          <div>
            <dt>{t('playerCard.statusLabel')}</dt>
            <dd>
              <span className={`player-status player-status-${player.status}`}>
                {t(`playerCard.status.${player.status}`)}
              </span>
            </dd>
          </div>
        </dl>
      </div>
      <section aria-labelledby="player-card-totals" className="player-card-section">
        <h3 id="player-card-totals">{t('playerCard.totals')}</h3>
        <dl className="player-card-totals">
          {totals.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{number.format(value)}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="player-card-weeks" className="player-card-section" data-state={league.status}>
        <h3 id="player-card-weeks">{t('playerCard.weeks')}</h3>
        {matchMinutes === null ? (
          <p className="muted">{t('playerCard.loading')}</p>
        ) : (
          <PlayerWeeksChart weeks={player.weeks} matchMinutes={matchMinutes} />
        )}
      </section>
    </>
  );
}

/**
 * A played fixture's match events: who scored, assisted and was booked, for each team, with
 * every name opening the player card; an awarded result says so first, with its reason.
 */
import { AwardedBadge } from '../../components/league/AwardedBadge';
import { LoadFailure } from '../../components/league/LoadFailure';
import { useTranslation } from '../../i18n/use-translation';
import { loadFixture, type AppearanceLine, type TeamRef } from '../../lib/league-client';
import { usePlayerCard } from '../../lib/player-card';
import { useResource } from '../../lib/use-resource';

export function FixtureDetails({ fixtureId }: { fixtureId: number }) {
  const { t } = useTranslation();
  const detail = useResource(loadFixture, { fixtureId });
  if (detail.error)
    return <LoadFailure text={t('league.detailsFailed', { reason: detail.error })} onRetry={detail.reload} />;
  if (!detail.data) return <p className="muted fixture-details">{t('league.loadingDetails')}</p>;
  const { home, away, appearances, awarded } = detail.data;
  return (
    <div className="fixture-details">
      {awarded && (
        <p className="fixture-awarded">
          <AwardedBadge reason={null} /> {t('league.awardedBy', { reason: detail.data.awarded_reason ?? '' })}
        </p>
      )}
      <TeamEvents team={home} lines={appearances.filter((line) => line.team_id === home.id)} />
      <TeamEvents team={away} lines={appearances.filter((line) => line.team_id === away.id)} />
    </div>
  );
}

function TeamEvents({ team, lines }: { team: TeamRef; lines: AppearanceLine[] }) {
  const { t } = useTranslation();
  const card = usePlayerCard();
  const events = [
    { key: 'goals', lines: lines.filter((l) => l.goals > 0), count: (l: AppearanceLine) => l.goals },
    { key: 'assists', lines: lines.filter((l) => l.assists > 0), count: (l: AppearanceLine) => l.assists },
    { key: 'cards', lines: lines.filter((l) => l.yellow_cards + l.red_cards > 0), count: () => 1 },
  ] as const;
  const shown = events.filter((event) => event.lines.length > 0);
  return (
    <section className="team-events" aria-label={t('league.eventsOf', { team: team.name })}>
      <h3>{team.name}</h3>
      {shown.length === 0 && <p className="muted">{t('league.noEvents')}</p>}
      <dl>
        {shown.map((event) => (
          <div key={event.key}>
            <dt>{t(`league.event.${event.key}`)}</dt>
            <dd>
              {event.lines.map((line) => (
                <button
                  key={line.player.id}
                  type="button"
                  className="link-like"
                  onClick={() => card.open(line.player.id)}
                >
                  {line.player.name}
                  {event.count(line) > 1 ? ` ×${event.count(line)}` : ''}
                  {event.key === 'cards' && ` (${t(line.red_cards > 0 ? 'league.redCard' : 'league.yellowCard')})`}
                </button>
              ))}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * The league's latest news: the latest results and the newest transfers. The results are the
 * current week's once any of its matches has one (a match day), otherwise the week before's.
 */
import { Link } from 'react-router-dom';
import { AwardedBadge } from '../../components/league/AwardedBadge';
import '../../components/league/league-parts.css';
import { useTranslation } from '../../i18n/use-translation';
import { loadTransfers, loadWeek, type TransferView } from '../../lib/league-client';
import { usePlayerCard } from '../../lib/player-card';
import { useResource } from '../../lib/use-resource';

export function LeagueNews({ leagueId, week }: { leagueId: number; week: number }) {
  const { t } = useTranslation();
  const thisWeek = useResource(loadWeek, { leagueId, week });
  const weekBefore = useResource(loadWeek, { leagueId, week: Math.max(1, week - 1) });
  const transfers = useResource(loadTransfers, { leagueId, limit: 5 });
  const playedOf = (data: typeof thisWeek.data) => data?.fixtures.filter((f) => f.status === 'played') ?? [];
  const matchDay = playedOf(thisWeek.data).length > 0;
  const results = matchDay ? thisWeek : weekBefore;
  const resultsWeek = matchDay ? week : Math.max(1, week - 1);
  const played = playedOf(results.data);
  return (
    <div className="league-news">
      <section className="card" aria-labelledby="results-title">
        <h2 id="results-title">{t('dashboard.latestResults', { week: resultsWeek })}</h2>
        {results.error && (
          <p role="alert" className="form-error">
            {results.error}
          </p>
        )}
        {results.data && played.length === 0 && <p className="muted">{t('dashboard.noResults')}</p>}
        <ul className="news-list">
          {played.map((f) => (
            <li key={f.id}>
              <span>{f.home.name}</span>
              <strong className="news-score">
                {f.home_score}–{f.away_score}
                {f.awarded && (
                  <>
                    {' '}
                    <AwardedBadge reason={f.awarded_reason} />
                  </>
                )}
              </strong>
              <span>{f.away.name}</span>
            </li>
          ))}
        </ul>
        <Link to={`/league?week=${resultsWeek}`}>{t('dashboard.allResults')}</Link>
      </section>
      <section className="card" aria-labelledby="transfers-title">
        <h2 id="transfers-title">{t('dashboard.latestTransfers')}</h2>
        {transfers.error && (
          <p role="alert" className="form-error">
            {transfers.error}
          </p>
        )}
        {transfers.data?.transfers.length === 0 && <p className="muted">{t('dashboard.noTransfers')}</p>}
        <ul className="news-list news-transfers">
          {transfers.data?.transfers.map((transfer) => (
            <li key={transfer.id}>
              <TransferLine transfer={transfer} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function TransferLine({ transfer }: { transfer: TransferView }) {
  const { t, i18n } = useTranslation();
  const when = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short' }).format(new Date(transfer.at));
  const text = t(`dashboard.transfer.${transfer.kind}`, {
    player: transfer.player.name,
    from: transfer.from_team?.name ?? '',
    to: transfer.to_team?.name ?? '',
  });
  const card = usePlayerCard();
  return (
    <>
      <button type="button" className="link-like" onClick={() => card.open(transfer.player.id)}>
        {text}
      </button>{' '}
      <time className="muted" dateTime={transfer.at}>
        {when}
      </time>
    </>
  );
}

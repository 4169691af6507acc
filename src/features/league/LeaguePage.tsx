import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router-dom';
import { clearSelectedLeague, useSelectedLeague } from '../../lib/selected-league';
import { useToast } from '../../lib/toasts';

export default function LeaguePage() {
  const { t } = useTranslation();
  const league = useSelectedLeague();
  const toast = useToast();
  return (
    <section aria-labelledby="league-title" className="page">
      <h1 id="league-title">{t('league.title')}</h1>
      {league ? (
        <div className="card">
          <p>{t('league.selected', { league: league.league_id, team: league.team_id })}</p>
          <p>
            <Link to={`/roster/${league.team_id}`}>{t('league.openRoster')}</Link>
          </p>
          <button
            type="button"
            className="secondary"
            onClick={() => {
              clearSelectedLeague();
              toast.success(t('league.cleared'));
            }}
          >
            {t('league.clear')}
          </button>
        </div>
      ) : (
        <p className="empty-state">{t('league.empty')}</p>
      )}
    </section>
  );
}

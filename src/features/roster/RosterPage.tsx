import { useTranslation } from '../../i18n/use-translation';
import { useParams } from 'react-router-dom';

export default function RosterPage() {
  const { t } = useTranslation();
  const { team_id: teamId = '' } = useParams();
  const valid = /^\d{1,9}$/.test(teamId);
  return (
    <section aria-labelledby="roster-title" className="page">
      <h1 id="roster-title">{t('roster.title')}</h1>
      {valid ? (
        <>
          <h2>{t('roster.team', { id: Number(teamId) })}</h2>
          <p className="empty-state">{t('roster.empty')}</p>
        </>
      ) : (
        <p className="empty-state" role="alert">
          {t('roster.invalidTeam', { id: teamId })}
        </p>
      )}
    </section>
  );
}

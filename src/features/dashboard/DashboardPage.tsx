import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session-context';

export default function DashboardPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">{t('dashboard.title')}</h1>
      <p className="welcome">
        {user?.avatar_url && <img src={user.avatar_url} alt="" width={48} height={48} className="avatar" />}
        <span>{t('dashboard.welcome', { name: user?.name ?? '' })}</span>
      </p>
    </section>
  );
}

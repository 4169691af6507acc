import { useTranslation } from '../i18n/use-translation';
import { Link } from 'react-router-dom';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="not-found-title" className="page">
      <h1 id="not-found-title">{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <Link to="/dashboard">{t('notFound.back')}</Link>
    </section>
  );
}

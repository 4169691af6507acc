import { useTranslation } from '../../i18n/use-translation';

export default function ExplorePage() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="explore-title" className="page">
      <h1 id="explore-title">{t('explore.title')}</h1>
      <p className="empty-state">{t('explore.empty')}</p>
    </section>
  );
}

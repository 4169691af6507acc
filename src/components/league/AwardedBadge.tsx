/**
 * The mark of a result the commissioner set (decision 0031: "marked as awarded on every
 * screen"): a badge reading "Awarded", whose reason shows as a tooltip and is read out after it.
 */
import { useTranslation } from '../../i18n/use-translation';
import './league-parts.css';

export function AwardedBadge({ reason }: { reason: string | null }) {
  const { t } = useTranslation();
  const text = reason ? t('league.awardedWhy', { reason }) : t('league.awarded');
  return (
    <span className="awarded-badge" title={text}>
      <span aria-hidden="true">{t('league.awarded')}</span>
      <span className="visually-hidden">{text}</span>
    </span>
  );
}

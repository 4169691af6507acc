/** "Football · season 2026 · week 10 of 14" in the member's language ("… · no schedule yet" before one). */
import { useTranslation } from '../../i18n/use-translation';
import type { LeagueSummary } from '../../lib/league-client';

export function LeagueSummaryLine({ league }: { league: LeagueSummary }) {
  const { t } = useTranslation();
  return (
    <p className="muted">
      {t(league.weeks > 0 ? 'league.summary' : 'league.summaryUnscheduled', {
        sport: t(`league.sport.${league.sport}`),
        season: league.season,
        week: league.current_week,
        weeks: league.weeks,
      })}
    </p>
  );
}

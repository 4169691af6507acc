/**
 * A team's form: its last results as coloured marks (won, drawn, lost; oldest first), read out as
 * one sentence by screen readers. Given `entries` (the table's `form_entries`), an awarded result
 * is ringed and read as awarded.
 */
import { useTranslation } from '../../i18n/use-translation';
import type { StandingRow } from '../../lib/league-client';
import './league-parts.css';

export function FormMarks({
  results,
  entries,
}: {
  results: StandingRow['form'];
  entries?: StandingRow['form_entries'];
}) {
  const { t } = useTranslation();
  if (results.length === 0) return <span className="muted">{t('league.formNone')}</span>;
  const awarded = (i: number) => entries?.[i]?.awarded === true;
  const words = results
    .map((r, i) =>
      awarded(i) ? t('league.formAwarded', { result: t(`league.formResult.${r}`) }) : t(`league.formResult.${r}`),
    )
    .join(', ');
  return (
    <span className="form-marks" role="img" aria-label={t('league.formLabel', { results: words })}>
      {results.map((result, i) => (
        <span
          key={i}
          className={`form-mark form-${result}${awarded(i) ? ' form-awarded' : ''}`}
          aria-hidden="true"
          title={awarded(i) ? t('league.awarded') : undefined}
        >
          {t(`league.formLetter.${result}`)}
        </span>
      ))}
    </span>
  );
}

/**
 * A team's form: its last results as coloured marks (won, drawn, lost; oldest first), read out as
 * one sentence by screen readers.
 */
import { useTranslation } from '../../i18n/use-translation';
import type { StandingRow } from '../../lib/league-client';
import './league-parts.css';

export function FormMarks({ results }: { results: StandingRow['form'] }) {
  const { t } = useTranslation();
  if (results.length === 0) return <span className="muted">{t('league.formNone')}</span>;
  const words = results.map((r) => t(`league.formResult.${r}`)).join(', ');
  return (
    <span className="form-marks" role="img" aria-label={t('league.formLabel', { results: words })}>
      {results.map((result, i) => (
        <span key={i} className={`form-mark form-${result}`} aria-hidden="true">
          {t(`league.formLetter.${result}`)}
        </span>
      ))}
    </span>
  );
}

/**
 * Why a team's points differ from its results: each deduction or addition the commissioner
 * applied, with its reason, under the table whose marked points they explain.
 */
import { useTranslation } from '../../i18n/use-translation';
import type { StandingRow } from '../../lib/league-client';

export function AdjustmentNotes({ rows }: { rows: StandingRow[] }) {
  const { t, i18n } = useTranslation();
  const signed = new Intl.NumberFormat(i18n.language, { signDisplay: 'always' });
  const notes = rows.flatMap((row) =>
    row.adjustments.map((adjustment, i) => ({ key: `${row.team.id}-${i}`, team: row.team.name, ...adjustment })),
  );
  if (notes.length === 0) return null;
  return (
    <ul className="adjustment-notes" aria-label={t('league.adjustmentsTitle')}>
      {notes.map((note) => (
        <li key={note.key}>
          <span aria-hidden="true">* </span>
          {t('league.adjustment', {
            team: note.team,
            points: signed.format(note.points),
            count: note.points,
            reason: note.reason,
          })}
        </li>
      ))}
    </ul>
  );
}

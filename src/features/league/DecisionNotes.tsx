/**
 * Why teams level after every rule stand in the order they do: each commissioner's decision that
 * placed rows of the table (`decision`), with the teams in the order decided and its reason,
 * under the table whose marked names they explain.
 */
import { useTranslation } from '../../i18n/use-translation';
import type { StandingRow } from '../../lib/league-client';

export function DecisionNotes({ rows }: { rows: StandingRow[] }) {
  const { t, i18n } = useTranslation();
  // Rows one decision placed are next to each other and share its reason.
  const notes: { reason: string; teams: string[] }[] = [];
  rows.forEach((row, index) => {
    if (!row.decision) return;
    const previous = rows[index - 1];
    const last = notes.at(-1);
    if (last && previous?.decision && previous.decided_by === 'decision') last.teams.push(row.team.name);
    else notes.push({ reason: row.decision.reason, teams: [row.team.name] });
  });
  if (notes.length === 0) return null;
  const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' });
  return (
    <ul className="adjustment-notes" aria-label={t('league.decisionsTitle')}>
      {notes.map((note) => (
        <li key={note.teams.join('|')}>
          <span aria-hidden="true">† </span>
          {t('league.decisionNote', { teams: list.format(note.teams), reason: note.reason })}
        </li>
      ))}
    </ul>
  );
}

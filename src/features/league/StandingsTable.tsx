/**
 * The league table: every team with played, won, drawn, lost, goals, difference, points and the
 * form of its last five games as coloured marks (with a text alternative). Sortable by any
 * column (a second click reverses); the member's team is highlighted and named as theirs. Points
 * changed by a deduction or an addition carry a mark, and so does a team placed by the
 * commissioner's decision; AdjustmentNotes and DecisionNotes below the table say why. An awarded
 * result is ringed in the form.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { StandingRow } from '../../lib/league-client';
import { FormMarks } from '../../components/league/FormMarks';
import { TeamMark } from '../../components/league/TeamMark';

const COLUMNS = ['played', 'won', 'drawn', 'lost', 'goals_for', 'goals_against', 'goal_difference', 'points'] as const;
/** Left out on a phone, where played, difference, points and form tell the story. */
const DETAIL = new Set<string>(['won', 'drawn', 'lost', 'goals_for', 'goals_against']);
const cellClass = (column: string) =>
  [DETAIL.has(column) && 'standings-detail', column === 'points' && 'standings-points'].filter(Boolean).join(' ') ||
  undefined;
type Column = 'rank' | 'team' | (typeof COLUMNS)[number];

function compare(a: StandingRow, b: StandingRow, column: Column): number {
  if (column === 'rank') return a.rank - b.rank;
  if (column === 'team') return a.team.name.localeCompare(b.team.name);
  return b[column] - a[column] || a.rank - b.rank;
}

export function StandingsTable({ rows, myTeamId }: { rows: StandingRow[]; myTeamId: number | null }) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<{ column: Column; reversed: boolean }>({ column: 'rank', reversed: false });
  const sorted = useMemo(() => {
    const list = [...rows].sort((a, b) => compare(a, b, sort.column));
    return sort.reversed ? list.reverse() : list;
  }, [rows, sort]);

  const header = (column: Column, short: string, long: string) => {
    const active = sort.column === column;
    return (
      <th
        key={column}
        scope="col"
        aria-sort={active ? (sort.reversed ? 'descending' : 'ascending') : undefined}
        className={column === 'team' ? 'standings-team-col' : cellClass(column)}
      >
        <button
          type="button"
          className="standings-sort"
          title={long}
          aria-label={t('league.sortBy', { column: long })}
          onClick={() => setSort({ column, reversed: active ? !sort.reversed : false })}
        >
          {short}
        </button>
      </th>
    );
  };

  return (
    <div className="standings-scroll">
      <table className="standings">
        <caption className="visually-hidden">{t('league.standings')}</caption>
        <thead>
          <tr>
            {header('rank', '#', t('league.col.rank'))}
            {header('team', t('league.col.team'), t('league.col.team'))}
            {COLUMNS.map((column) => header(column, t(`league.colShort.${column}`), t(`league.col.${column}`)))}
            <th scope="col">{t('league.col.form')}</th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((row) => {
            const mine = row.team.id === myTeamId;
            return (
              <tr key={row.team.id} className={mine ? 'standings-mine' : undefined}>
                <td>{row.rank}</td>
                <th scope="row" className="standings-team-col">
                  <span className="standings-team">
                    <TeamMark team={row.team} />
                    <span className="standings-team-name">
                      {row.team.name}
                      {row.decision && (
                        <>
                          <span className="standings-decided" aria-hidden="true" title={t('league.decidedMark')}>
                            †
                          </span>
                          <span className="visually-hidden">{` ${t('league.decidedMark')}`}</span>
                        </>
                      )}
                      {mine && <span className="standings-you">{t('league.yourTeam')}</span>}
                    </span>
                  </span>
                </th>
                {COLUMNS.map((column) => (
                  <td key={column} className={cellClass(column)}>
                    {column === 'goal_difference' && row[column] > 0 ? `+${row[column]}` : row[column]}
                    {column === 'points' && row.adjustments.length > 0 && (
                      <>
                        <span className="standings-adjusted" aria-hidden="true">
                          *
                        </span>
                        <span className="visually-hidden">{` ${t('league.adjustedMark')}`}</span>
                      </>
                    )}
                  </td>
                ))}
                <td>
                  <FormMarks results={row.form} entries={row.form_entries} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

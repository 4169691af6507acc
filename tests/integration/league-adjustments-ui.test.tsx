// @vitest-environment jsdom
/**
 * A points deduction on the league page against a REAL server: the team's points include it,
 * carry a mark that screen readers hear as "points adjusted", and the note under the table says
 * by how much and why.
 */
import { render, screen, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { uiSuite, withLeague } from '../support/league-setup-ui';

const WAIT = { timeout: 10_000 };

const suite = uiSuite(async () => {
  const { default: LeaguePage } = await import('../../src/features/league/LeaguePage');
  return <Route path="/league" element={<LeaguePage />} />;
});
const given = withLeague(suite, 'Harbour League', ['Harbour Hawks', 'Old Town Owls']);

describe('points adjustments on the league page', () => {
  it('mark the team’s points and say by how much and why under the table', async () => {
    const deducted = await given.commissioner.visitor.send('POST', `/api/leagues/${given.league.id}/adjustments`, {
      json: { team_id: given.league.teams[1]!.id, points: -3, reason: 'Fielded an ineligible player' },
    });
    expect(deducted.status, deducted.text).toBe(201);
    const added = await given.commissioner.visitor.send('POST', `/api/leagues/${given.league.id}/adjustments`, {
      json: { team_id: given.league.teams[0]!.id, points: 1, reason: 'Opponent fielded an ineligible player' },
    });
    expect(added.status, added.text).toBe(201);
    localStorage.setItem('selectedLeague', JSON.stringify({ league_id: given.league.id, team_id: 0 }));
    render(<suite.ui.App path="/league" user={suite.ui.userOf(given.commissioner, given.commissioner.name)} />);

    const table = await screen.findByRole('table', { name: 'Standings' }, WAIT);
    const row = within(table)
      .getAllByRole('row')
      .find((tr) => tr.textContent.includes('Old Town Owls'))!;
    const points = within(row).getAllByRole('cell').at(-2)!;
    expect(points.textContent).toBe('-3* points adjusted');
    const notes = screen.getByRole('list', { name: 'Points deductions and additions' });
    // One point is "point": the note counts in the member's language.
    expect(
      within(notes)
        .getAllByRole('listitem')
        .map((item) => item.textContent)
        .sort(),
    ).toEqual([
      '* Harbour Hawks: +1 point (Opponent fielded an ineligible player)',
      '* Old Town Owls: -3 points (Fielded an ineligible player)',
    ]);
  });
});

// @vitest-environment jsdom
/**
 * What a member sees of the commissioner's rules on the league page (decision 0039), against a
 * REAL server: an awarded result carries an "Awarded" badge with its reason (read out and in the
 * match details), its form mark reads as awarded, and teams placed by a decision are marked with
 * the decision's reason under the table.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { registerMember, startLeague, uiSuite } from '../support/league-setup-ui';

const WAIT = { timeout: 10_000 };

const suite = uiSuite(async () => {
  const { default: LeaguePage } = await import('../../src/features/league/LeaguePage');
  return <Route path="/league" element={<LeaguePage />} />;
});

describe('the rules’ marks on the league page', () => {
  it('marks an awarded result and the places a decision set, with their reasons', async () => {
    const commissioner = await registerMember(suite.server, 'Cora Commish');
    suite.signedIn = commissioner;
    const league = await startLeague(commissioner, 'Marks League', ['Ash', 'Birch']);
    const body = { rounds: 1, first_date: '2026-03-14', times: ['14:00'], venues: ['Riverside Park'] };
    const { visitor } = commissioner;
    const preview = await visitor.send<{ revision: number }>('POST', `/api/leagues/${league.id}/schedule/preview`, {
      json: body,
    });
    const saved = await visitor.send<{ fixtures: { id: number }[] }>('PUT', `/api/leagues/${league.id}/schedule`, {
      json: { ...body, revision: preview.body.revision },
    });
    expect(saved.status, saved.text).toBe(200);
    // A 0–0 awarded draw leaves the two teams level on everything: a decision places them.
    const award = await visitor.send('PUT', `/api/fixtures/${saved.body.fixtures[0]!.id}/award`, {
      json: { home_score: 0, away_score: 0, reason: 'Abandoned: floodlight failure' },
    });
    expect(award.status, award.text).toBe(200);
    const [ash, birch] = league.teams;
    const decided = await visitor.send('POST', `/api/leagues/${league.id}/decisions`, {
      json: { team_ids: [birch!.id, ash!.id], reason: 'Play-off on 30 May' },
    });
    expect(decided.status, decided.text).toBe(201);

    localStorage.setItem('selectedLeague', JSON.stringify({ league_id: league.id, team_id: 0 }));
    render(<suite.ui.App path="/league?week=1" user={suite.ui.userOf(commissioner, commissioner.name)} />);
    const table = await screen.findByRole('table', { name: 'Standings' }, WAIT);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      "Birch† placed by the commissioner's decision",
      "Ash† placed by the commissioner's decision",
    ]);
    expect(within(rows[0]!).getByRole('img').getAttribute('aria-label')).toBe(
      'Last five games, oldest first: drawn (awarded)',
    );
    const notes = screen.getByRole('list', { name: 'Decisions on teams level' });
    expect(within(notes).getByRole('listitem').textContent).toBe(
      '† Birch and Ash: order decided by the commissioner — Play-off on 30 May',
    );

    const fixture = (await screen.findAllByRole('listitem', {}, WAIT)).find((li) => li.classList.contains('fixture'))!;
    expect(within(fixture).getByTitle('Result awarded: Abandoned: floodlight failure').textContent).toBe(
      'AwardedResult awarded: Abandoned: floodlight failure',
    );
    await userEvent.setup().click(within(fixture).getByRole('button', { name: 'Match details' }));
    expect(
      await within(fixture).findByText('The commissioner awarded this result: Abandoned: floodlight failure', {}, WAIT),
    ).toBeTruthy();
  });
});

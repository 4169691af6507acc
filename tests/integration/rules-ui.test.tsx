// @vitest-environment jsdom
/**
 * The Competition rules screen (decision 0039) against a REAL server: a deduction refused by the
 * form's own rules (no team, past ADJUSTMENT_MAX_POINTS) and then saved and removed; one refused
 * by the server (its team removed meanwhile), its reason shown; a result awarded and its award
 * removed; and the order of two teams level after every rule decided, the form offering only them.
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { type StartedLeague, startLeague, uiSuite, withLeague } from '../support/league-setup-ui';

const WAIT = { timeout: 10_000 };

const suite = uiSuite(async () => {
  const { default: RulesPage } = await import('../../src/features/league-admin/RulesPage');
  return <Route path="/league/rules" element={<RulesPage />} />;
});
const given = withLeague(suite, 'Rules League', ['Harbour Hawks', 'Old Town Owls', 'Quarry Queens']);

async function open(which: StartedLeague = given.league) {
  localStorage.setItem('selectedLeague', JSON.stringify({ league_id: which.id, team_id: 0 }));
  render(<suite.ui.App path="/league/rules" user={suite.ui.userOf(given.commissioner, given.commissioner.name)} />);
  await screen.findByRole('heading', { level: 1, name: `Competition rules of ${which.name}` }, WAIT);
  return screen.findByRole('form', { name: "Adjust a team's points" }, WAIT);
}

const db = () => suite.server.database.db;

/** A single round robin of four teams (two kick-off times a week) and week 1's first result, 1–0. */
async function playWeekOne(leagueId: number): Promise<{ id: number }> {
  const { visitor } = given.commissioner;
  const body = { rounds: 1, first_date: '2026-03-14', times: ['14:00', '16:00'], venues: ['Riverside Park'] };
  const preview = await visitor.send<{ revision: number }>('POST', `/api/leagues/${leagueId}/schedule/preview`, {
    json: body,
  });
  expect(preview.status, preview.text).toBe(200);
  const saved = await visitor.send<{ fixtures: { id: number }[] }>('PUT', `/api/leagues/${leagueId}/schedule`, {
    json: { ...body, revision: preview.body.revision },
  });
  expect(saved.status, saved.text).toBe(200);
  const fixture = saved.body.fixtures[0]!;
  const result = await visitor.send('POST', `/api/fixtures/${fixture.id}/result`, {
    json: { home_score: 1, away_score: 0 },
  });
  expect(result.status, result.text).toBe(200);
  return fixture;
}

describe('the competition rules screen', () => {
  it('deducts points after refusing what the server would refuse, then removes the deduction', async () => {
    const user = userEvent.setup();
    const form = await open();
    expect(await screen.findByText(/No points have been deducted or added/, {}, WAIT)).toBeTruthy();
    expect(await screen.findByText(/No result has been awarded/, {}, WAIT)).toBeTruthy();

    await user.click(within(form).getByRole('button', { name: 'Save adjustment' }));
    expect((await within(form).findByText('Choose the team', {}, WAIT)).getAttribute('role')).toBe('alert');
    expect(document.activeElement).toBe(within(form).getByLabelText('Team'));

    await user.selectOptions(within(form).getByLabelText('Team'), 'Old Town Owls');
    await user.type(within(form).getByLabelText('Number of points'), '101');
    await user.type(within(form).getByLabelText('Reason'), 'Fielded an ineligible player');
    await user.click(within(form).getByRole('button', { name: 'Save adjustment' }));
    expect(await within(form).findByText('Enter a number from 1 to 100', {}, WAIT)).toBeTruthy();
    expect(await db().selectFrom('points_adjustments').selectAll().execute()).toEqual([]);

    await user.clear(within(form).getByLabelText('Number of points'));
    await user.type(within(form).getByLabelText('Number of points'), '3');
    await user.click(within(form).getByRole('button', { name: 'Save adjustment' }));
    const list = await screen.findByRole('list', { name: 'Points adjustments' }, WAIT);
    expect(within(list).getByText('Fielded an ineligible player')).toBeTruthy();
    expect(within(list).getByText('Points: -3')).toBeTruthy();
    const rows = await db().selectFrom('points_adjustments').select(['team_id', 'points', 'reason']).execute();
    expect(rows).toEqual([{ team_id: given.league.teams[1]!.id, points: -3, reason: 'Fielded an ineligible player' }]);

    await user.click(within(list).getByRole('button', { name: 'Remove Old Town Owls -3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the adjustment Old Town Owls -3?' }, WAIT);
    await user.click(within(dialog).getByRole('button', { name: 'Remove adjustment' }));
    await screen.findByText(/No points have been deducted or added/, {}, WAIT);
    expect(await db().selectFrom('points_adjustments').selectAll().execute()).toEqual([]);
  });

  it('shows the server’s reason when it refuses a deduction (the team was removed meanwhile)', async () => {
    const league = await startLeague(given.commissioner, 'Refusing League', ['Ash', 'Birch']);
    const user = userEvent.setup();
    const form = await open(league);
    await user.selectOptions(within(form).getByLabelText('Team'), 'Birch');
    await user.type(within(form).getByLabelText('Number of points'), '2');
    await user.click(within(form).getByLabelText('Add points'));
    await user.type(within(form).getByLabelText('Reason'), 'Fair play award');
    const removed = await given.commissioner.visitor.send('DELETE', `/api/teams/${league.teams[1]!.id}`);
    expect(removed.status, removed.text).toBe(204);
    await user.click(within(form).getByRole('button', { name: 'Save adjustment' }));
    const alert = await within(form).findByText(/^The points were not adjusted: /, {}, WAIT);
    expect(alert.textContent).toMatch(/is not a team of this league/);
    expect(await db().selectFrom('points_adjustments').selectAll().execute()).toEqual([]);
  });

  it('awards a result and removes the award; decides the order of the two teams level', async () => {
    const league = await startLeague(given.commissioner, 'Awards League', ['Ash', 'Birch', 'Cedar', 'Elm']);
    const played = await playWeekOne(league.id);
    const user = userEvent.setup();
    await open(league);
    const award = screen.getByRole('form', { name: 'Award a result' });
    const fixture = within(award).getByLabelText<HTMLSelectElement>('Match');
    await waitFor(() => expect(fixture.options.length).toBe(3), WAIT);
    const other = [...fixture.options].find((o) => o.value !== '' && o.value !== String(played.id))!;
    expect(other.textContent).toMatch(/\(Scheduled\)$/);
    await user.selectOptions(fixture, other.value);
    const [homeName] = (other.textContent ?? '').split(' – ');
    await user.type(within(award).getByLabelText(`Goals for ${homeName}`), '3');
    await user.type(within(award).getByLabelText(/^Goals for /, { selector: '#award-away' }), '0');
    await user.type(within(award).getByLabelText('Reason'), 'The away side could not field a team');
    await user.click(within(award).getByRole('button', { name: 'Award result' }));
    const awards = await screen.findByRole('list', { name: 'Awarded results' }, WAIT);
    expect(within(awards).getByText('The away side could not field a team')).toBeTruthy();
    const row = await db().selectFrom('fixtures').selectAll().where('id', '=', Number(other.value)).executeTakeFirst();
    expect(row).toMatchObject({ status: 'played', home_score: 3, away_score: 0, awarded: 1 });

    await user.click(within(awards).getByRole('button', { name: /^Remove award/ }));
    const dialog = await screen.findByRole('dialog', { name: /^Remove the award of/ }, WAIT);
    await user.click(within(dialog).getByRole('button', { name: 'Remove award' }));
    await screen.findByText(/No result has been awarded/, {}, WAIT);

    // Teams that have not played are not offered (every team is level before a ball is kicked);
    // once week 1's other match is drawn 0–0, its two teams are level after every rule (sharing
    // 2nd), the only choice.
    expect(screen.queryByRole('form', { name: 'Decide the order of level teams' })).toBeNull();
    const draw = await given.commissioner.visitor.send('POST', `/api/fixtures/${other.value}/result`, {
      json: { home_score: 0, away_score: 0 },
    });
    expect(draw.status, draw.text).toBe(200);
    cleanup();
    await open(league);
    const decide = await screen.findByRole('form', { name: 'Decide the order of level teams' }, WAIT);
    const group = within(decide).getByLabelText<HTMLSelectElement>('Teams level');
    const level = [...group.options].map((o) => o.textContent);
    expect(level).toHaveLength(1);
    const [first, second] = level[0]!.replace(/ \(.*$/, '').split(' and ');
    await user.selectOptions(within(decide).getByLabelText('Place 2'), second!);
    await user.click(within(decide).getByRole('button', { name: 'Save order' }));
    expect(await within(decide).findByText('Each team takes exactly one place', {}, WAIT)).toBeTruthy();
    await user.selectOptions(within(decide).getByLabelText('Place 3'), first!);
    await user.type(within(decide).getByLabelText('Reason'), 'Play-off on 30 May');
    await user.click(within(decide).getByRole('button', { name: 'Save order' }));
    const decisions = await screen.findByRole('list', { name: 'Decided orders' }, WAIT);
    expect(
      within(decisions)
        .getAllByRole('listitem')
        .slice(1)
        .map((li) => li.textContent),
    ).toEqual([second, first]);
    const saved = await db().selectFrom('standings_decisions').select(['team_ids', 'reason']).execute();
    const id = (name: string) => league.teams.find((team) => team.name === name)!.id;
    expect(saved).toEqual([{ team_ids: JSON.stringify([id(second!), id(first!)]), reason: 'Play-off on 30 May' }]);
    // Both teams are now placed by the decision: nothing is left to decide.
    expect(await screen.findByText(/No teams are level after every tie-break right now/, {}, WAIT)).toBeTruthy();
  });
});

// @vitest-environment jsdom
/**
 * The teams screen against a REAL server: teams added one after another (the name field takes
 * focus again), a team renamed in place, a team removed after a confirmation, and a team that has
 * played kept, the server's reason shown in the dialog.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { playFirstFixture, type StartedLeague, startLeague, uiSuite, withLeague } from '../support/league-setup-ui';

const WAIT = { timeout: 10_000 };

const suite = uiSuite(async () => {
  const { default: TeamsPage } = await import('../../src/features/league-admin/TeamsPage');
  return <Route path="/league/teams" element={<TeamsPage />} />;
});
const given = withLeague(suite, 'Harbour League', []);

const teamNames = async (leagueId = given.league.id) =>
  (
    await suite.server.database.db
      .selectFrom('teams')
      .select('name')
      .where('league_id', '=', leagueId)
      .orderBy('name')
      .execute()
  ).map((team) => team.name);

async function open(which: StartedLeague = given.league) {
  localStorage.setItem('selectedLeague', JSON.stringify({ league_id: which.id, team_id: 0 }));
  render(<suite.ui.App path="/league/teams" user={suite.ui.userOf(given.commissioner, given.commissioner.name)} />);
  return screen.findByRole('heading', { level: 1, name: `Teams of ${which.name}` }, WAIT);
}

describe('the teams screen', () => {
  it('adds teams one after another, renames one and removes one after asking', async () => {
    const user = userEvent.setup();
    await open();
    expect(await screen.findByText('No teams yet — add the first one above.', {}, WAIT)).toBeTruthy();
    for (const name of ['Harbour Hawks', 'Old Town Owls', 'Quarry Queens']) {
      await user.type(screen.getByLabelText('Team name'), name);
      await user.click(screen.getByRole('button', { name: 'Add team' }));
      await screen.findByRole('button', { name: `Edit ${name}` }, WAIT);
      expect(document.activeElement).toBe(screen.getByLabelText('Team name'));
    }
    expect(screen.getByRole('heading', { name: 'Teams (3)' })).toBeTruthy();
    // Teams added in a row start with different colours.
    const colours = await suite.server.database.db
      .selectFrom('teams')
      .select('colour_primary')
      .where('league_id', '=', given.league.id)
      .execute();
    expect(new Set(colours.map((team) => team.colour_primary)).size).toBe(3);

    const edit = screen.getByRole('button', { name: 'Edit Quarry Queens' });
    await user.click(edit);
    const editor = await screen.findByRole('form', { name: 'Edit Quarry Queens' }, WAIT);
    const name = within(editor).getByLabelText('Team name');
    await user.clear(name);
    await user.type(name, 'Quarry Kings');
    await user.click(within(editor).getByRole('button', { name: 'Save team' }));
    await screen.findByRole('button', { name: 'Edit Quarry Kings' }, WAIT);
    expect(await teamNames()).toEqual(['Harbour Hawks', 'Old Town Owls', 'Quarry Kings']);

    await user.click(screen.getByRole('button', { name: 'Remove Quarry Kings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Quarry Kings?' }, WAIT);
    await user.click(within(dialog).getByRole('button', { name: 'Remove team' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    // The list, loaded again, no longer has it.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Teams (2)' })).toBeTruthy(), WAIT);
    expect(screen.queryByRole('button', { name: 'Edit Quarry Kings' })).toBeNull();
    expect(await teamNames()).toEqual(['Harbour Hawks', 'Old Town Owls']);
  });

  it('keeps a team that has played, with the server’s reason in the dialog', async () => {
    const played = await startLeague(given.commissioner, 'Played League', ['Harbour Hawks', 'Old Town Owls']);
    await playFirstFixture(given.commissioner, played.id);
    const user = userEvent.setup();
    await open(played);
    await user.click(await screen.findByRole('button', { name: 'Remove Harbour Hawks' }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Harbour Hawks?' }, WAIT);
    await user.click(within(dialog).getByRole('button', { name: 'Remove team' }));
    const alert = await within(dialog).findByRole('alert', {}, WAIT);
    expect(alert.textContent).toMatch(/^The team was not removed: .*has played fixtures/);
    expect(await teamNames(played.id)).toEqual(['Harbour Hawks', 'Old Town Owls']);
    // The notice says no team can join any more.
    expect(screen.getByText('Matches have been played: no new team can join this season.')).toBeTruthy();
  });
});

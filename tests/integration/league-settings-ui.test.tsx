// @vitest-environment jsdom
/**
 * The league's settings against a REAL server: before a fixture is played every setting changes
 * (a new tie-break preset is stored); once one is played the rules' fields are disabled with the
 * reason, and a new name still saves, because only what changed is sent.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { playFirstFixture, uiSuite, withLeague } from '../support/league-setup-ui';

const WAIT = { timeout: 10_000 };

const suite = uiSuite(async () => {
  const { default: LeagueSettingsPage } = await import('../../src/features/league-admin/LeagueSettingsPage');
  return <Route path="/league/settings" element={<LeagueSettingsPage />} />;
});
const given = withLeague(suite, 'Harbour League', ['Harbour Hawks', 'Old Town Owls']);

const stored = () =>
  suite.server.database.db
    .selectFrom('leagues')
    .selectAll()
    .where('id', '=', given.league.id)
    .executeTakeFirstOrThrow();

async function open() {
  localStorage.setItem('selectedLeague', JSON.stringify({ league_id: given.league.id, team_id: 0 }));
  render(<suite.ui.App path="/league/settings" user={suite.ui.userOf(given.commissioner, given.commissioner.name)} />);
  await screen.findByRole('heading', { level: 1, name: /^Settings of / }, WAIT);
  return screen.findByLabelText<HTMLInputElement>('League name', {}, WAIT);
}

describe('league settings', () => {
  it('change while no fixture is played, the tie-break rule included', async () => {
    const user = userEvent.setup();
    const name = await open();
    expect(name.value).toBe('Harbour League');
    expect(screen.getByRole('radio', { name: 'Goal difference first' })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('radio', { name: 'Head-to-head first' }));
    await user.clear(screen.getByLabelText('Draw'));
    await user.type(screen.getByLabelText('Draw'), '2');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved', {}, WAIT)).toBeTruthy();
    expect(await stored()).toMatchObject({ tie_break: 'head_to_head_first', points_draw: 2, points_win: 3 });
  });

  it('once a fixture is played, keep the rules (disabled, with the reason) and still save a new name', async () => {
    await playFirstFixture(given.commissioner, given.league.id);
    const user = userEvent.setup();
    const name = await open();
    expect(
      screen.getByText(
        "Matches have been played, so the rules the table is ranked by can no longer change. You can still change the league's name and season.",
      ),
    ).toBeTruthy();
    for (const label of ['Sport', 'First match day', 'Time zone', 'Win', 'Draw', 'Loss', 'Largest squad'])
      expect(screen.getByLabelText(label).matches(':disabled'), label).toBe(true);
    const tieBreak = screen.getByRole('group', { name: 'Teams level on points' });
    for (const radio of within(tieBreak).getAllByRole('radio')) expect(radio.matches(':disabled')).toBe(true);
    expect(name.matches(':disabled')).toBe(false);

    await user.clear(name);
    await user.type(name, 'Harbour Premier League');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved', {}, WAIT)).toBeTruthy();
    expect(await stored()).toMatchObject({ name: 'Harbour Premier League', tie_break: 'head_to_head_first' });
  });
});

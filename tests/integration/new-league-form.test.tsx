// @vitest-environment jsdom
/**
 * "Start a league" against a REAL server (tests/support/league-ui.tsx): the form refuses what the
 * server would refuse, next to each field and announced, with focus on the first field in error
 * and nothing created; the sport's defaults fill the numbers; a preset or an ordered list of the
 * member's own (reordered with the keyboard) is stored as the league's tie-break; the creator is
 * its commissioner, the league is selected and its teams screen opens.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { BuiltMember } from '../support/league-builder';
import { registerMember, uiSuite } from '../support/league-setup-ui';

const WAIT = { timeout: 10_000 };

const suite = uiSuite(async () => {
  const [{ default: NewLeaguePage }, { default: TeamsPage }] = await Promise.all([
    import('../../src/features/league-admin/NewLeaguePage'),
    import('../../src/features/league-admin/TeamsPage'),
  ]);
  return (
    <>
      <Route path="/leagues/new" element={<NewLeaguePage />} />
      <Route path="/league/teams" element={<TeamsPage />} />
    </>
  );
});

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const leaguesOf = (userId: number) =>
  suite.server.database.db.selectFrom('leagues').selectAll().where('created_by', '=', userId).execute();

async function openForm(member: BuiltMember & { name: string }) {
  suite.signedIn = member;
  render(<suite.ui.App path="/leagues/new" user={suite.ui.userOf(member, member.name)} />);
  return screen.findByRole('heading', { level: 1, name: 'Start a league' }, WAIT);
}

describe('Start a league', () => {
  it('refuses an empty name and season and points out of order, says why by each field, and creates nothing', async () => {
    const member = await registerMember(suite.server, 'Nia Newcomer');
    const user = userEvent.setup();
    const heading = await openForm(member);
    // The screen's title has focus once it opens.
    expect(document.activeElement).toBe(heading);
    await user.clear(field('Season'));
    await user.clear(field('Win'));
    await user.type(field('Win'), '1');
    await user.clear(field('Draw'));
    await user.type(field('Draw'), '3');
    await user.clear(field('Largest squad'));
    await user.type(field('Largest squad'), '12');
    await user.click(screen.getByRole('button', { name: 'Create the league' }));

    await waitFor(() => expect(document.activeElement).toBe(field('League name')), WAIT);
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toEqual(
      expect.arrayContaining([
        "Enter the league's name",
        'Enter the season',
        'A win must be worth at least a draw, and a draw at least a loss',
        'Starters and substitutes together must fit in the largest squad (12)',
      ]),
    );
    expect(field('League name').getAttribute('aria-invalid')).toBe('true');
    expect(field('League name').getAttribute('aria-describedby')).toContain('name-error');
    expect(await leaguesOf(member.id)).toEqual([]);
  });

  it('fills the points and squad and sheet sizes from the sport chosen', async () => {
    const member = await registerMember(suite.server, 'Sam Sporty');
    const user = userEvent.setup();
    await openForm(member);
    const numbers = () =>
      ['Win', 'Draw', 'Loss', 'Smallest squad', 'Largest squad', 'Starters', 'Substitutes (at most)'].map((label) =>
        Number(field(label).value),
      );
    expect(numbers()).toEqual([3, 1, 0, 14, 22, 11, 5]);
    await user.selectOptions(field('Sport'), 'Basketball');
    expect(numbers()).toEqual([2, 1, 1, 8, 15, 5, 7]);
    await user.selectOptions(field('Sport'), 'Hockey');
    expect(numbers()).toEqual([2, 1, 0, 12, 25, 6, 14]);
  });

  it('creates the league with the head-to-head preset, its creator as commissioner, and opens its teams', async () => {
    const member = await registerMember(suite.server, 'Cora Commish');
    const user = userEvent.setup();
    await openForm(member);
    await user.type(field('League name'), 'Sunday League');
    await user.clear(field('Season'));
    await user.type(field('Season'), '2026/27');
    await user.type(field('First match day'), '2026-09-06');
    const preset = screen.getByRole('radio', { name: 'Head-to-head first' });
    expect(preset.getAttribute('aria-describedby')).toBe('tie-break-head_to_head_first-text');
    await user.click(preset);
    await user.click(screen.getByRole('button', { name: 'Create the league' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Teams of Sunday League' }, WAIT)).toBeTruthy();
    expect(await screen.findByText('No teams yet — add the first one above.', {}, WAIT)).toBeTruthy();
    const [league] = await leaguesOf(member.id);
    expect(league).toMatchObject({
      name: 'Sunday League',
      season: '2026/27',
      sport: 'football',
      first_match_date: '2026-09-06',
      tie_break: 'head_to_head_first',
      points_win: 3,
      points_draw: 1,
      points_loss: 0,
    });
    const membership = await suite.server.database.db
      .selectFrom('league_members')
      .select(['role', 'team_id'])
      .where('league_id', '=', league!.id)
      .where('user_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(membership).toEqual({ role: 'commissioner', team_id: null });
    expect(JSON.parse(localStorage.getItem('selectedLeague')!)).toEqual({
      league_id: league!.id,
      team_id: 0,
      current_season_week: 1,
    });
  });

  it('takes an ordered list of its own, reordered with the keyboard, each move announced', async () => {
    const member = await registerMember(suite.server, 'Olli Order');
    const user = userEvent.setup();
    await openForm(member);
    await user.type(field('League name'), 'Ordered League');
    await user.click(screen.getByRole('radio', { name: 'My own order' }));
    const list = screen.getByRole('list', { name: 'Order of the criteria' });
    const order = () =>
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.firstChild!.textContent);
    expect(order()).toEqual(['Points', 'Goal difference', 'Goals scored', 'Wins']);
    // Points stays first: it has no buttons.
    expect(within(within(list).getAllByRole('listitem')[0]!).queryAllByRole('button')).toEqual([]);

    const down = screen.getByRole('button', { name: 'Move down Goal difference' });
    down.focus();
    await user.keyboard('{Enter}');
    expect(order()).toEqual(['Points', 'Goals scored', 'Goal difference', 'Wins']);
    // The moved criterion's button keeps focus, so Enter moves it again.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move down Goal difference' }));
    expect(screen.getByRole('status').textContent).toBe('Goal difference moved to place 3');
    await user.keyboard('{Enter}');
    expect(order()).toEqual(['Points', 'Goals scored', 'Wins', 'Goal difference']);
    // At the end of the list Move down is disabled, so focus went to Move up.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move up Goal difference' }));

    await user.click(screen.getByRole('button', { name: 'Remove Wins' }));
    await user.selectOptions(field('Add a criterion'), 'Head-to-head (a table of the matches between the teams level)');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(order()).toEqual([
      'Points',
      'Goals scored',
      'Goal difference',
      'Head-to-head (a table of the matches between the teams level)',
    ]);
    await user.click(screen.getByRole('button', { name: 'Create the league' }));

    await screen.findByRole('heading', { level: 1, name: 'Teams of Ordered League' }, WAIT);
    const [league] = await leaguesOf(member.id);
    expect(JSON.parse(league!.tie_break)).toEqual(['points', 'goals_for', 'goal_difference', 'head_to_head']);
  });
});

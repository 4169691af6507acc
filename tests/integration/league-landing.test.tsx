// @vitest-environment jsdom
/**
 * Landing without choosing, against a REAL server: a member of one league lands in it on the
 * dashboard and on explore, the selection stored (following their team when they play for one); a member of no league is
 * offered to start one or to open an invitation link (a pasted link opens its page, anything else
 * is refused with the reason); a new league's commissioner lands in it and its empty table and
 * fixtures say what to do next, with the set-up screens linked, while a player sees only Members.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { BuiltMember } from '../support/league-builder';
import { invite, registerMember, startLeague, uiSuite } from '../support/league-setup-ui';

const WAIT = { timeout: 10_000 };

const suite = uiSuite(async () => {
  const [{ default: DashboardPage }, { default: LeaguePage }, { default: ExplorePage }] = await Promise.all([
    import('../../src/features/dashboard/DashboardPage'),
    import('../../src/features/league/LeaguePage'),
    import('../../src/features/explore/ExplorePage'),
  ]);
  return (
    <>
      <Route path="/dashboard" element={<DashboardPage />} />
      <Route path="/league" element={<LeaguePage />} />
      <Route path="/explore" element={<ExplorePage />} />
      <Route path="/join/:token" element={<h1>Invitation page</h1>} />
      <Route path="/leagues/new" element={<h1>Start a league page</h1>} />
    </>
  );
});

function openAs(member: BuiltMember & { name: string }, path: string) {
  suite.signedIn = member;
  render(<suite.ui.App path={path} user={suite.ui.userOf(member, member.name)} />);
}

describe('landing without choosing', () => {
  it('lands a player of one league in it on the dashboard and on explore', async () => {
    const commissioner = await registerMember(suite.server, 'Cora Commish');
    const league = await startLeague(commissioner, 'Harbour League', ['Harbour Hawks', 'Old Town Owls']);
    const { token } = await invite(commissioner, league.id, { role: 'player', team_id: league.teams[1]!.id });
    const player = await registerMember(suite.server, 'Pat Player');
    expect((await player.visitor.send('POST', `/api/invitations/${token}/accept`)).status).toBe(201);

    openAs(player, '/dashboard');
    expect(await screen.findByRole('heading', { name: /Old Town Owls$/ }, WAIT)).toBeTruthy();
    expect(screen.queryByText('Choose your league')).toBeNull();
    expect(JSON.parse(localStorage.getItem('selectedLeague')!)).toEqual({
      league_id: league.id,
      team_id: league.teams[1]!.id,
      current_season_week: 1,
    });

    cleanup();
    localStorage.clear();
    openAs(player, '/explore');
    expect(await screen.findByText('Harbour League', {}, WAIT)).toBeTruthy();
    expect(screen.queryByText('Choose a league first to explore its players.')).toBeNull();
    expect(JSON.parse(localStorage.getItem('selectedLeague')!)).toMatchObject({ league_id: league.id });
  });

  it('lands the commissioner of one league with teams in it, following no team, without asking', async () => {
    const commissioner = await registerMember(suite.server, 'Solo Commish');
    const league = await startLeague(commissioner, 'Kingsway League', ['Harbour Hawks', 'Old Town Owls']);
    openAs(commissioner, '/dashboard');
    expect(await screen.findByText('Kingsway League', {}, WAIT)).toBeTruthy();
    expect(screen.queryByText('Choose your league')).toBeNull();
    expect(JSON.parse(localStorage.getItem('selectedLeague')!)).toEqual({
      league_id: league.id,
      team_id: 0,
      current_season_week: 1,
    });
  });

  it('offers a member of no league to start one or to open an invitation link', async () => {
    const newcomer = await registerMember(suite.server, 'Nia Newcomer');
    const user = userEvent.setup();
    openAs(newcomer, '/dashboard');
    const card = (await screen.findByRole('heading', { name: 'You are not in a league yet' }, WAIT)).closest(
      'section',
    )!;
    expect(within(card).getByRole('link', { name: 'Start a league' }).getAttribute('href')).toBe('/leagues/new');

    const field = within(card).getByLabelText('Join with an invitation link');
    await user.type(field, 'https://sideline.example/league/123');
    await user.click(within(card).getByRole('button', { name: 'Open the invitation' }));
    expect(within(card).getByRole('alert').textContent).toBe(
      'This is not an invitation link. Copy the whole link from the message you were sent.',
    );
    expect(field.getAttribute('aria-invalid')).toBe('true');

    const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCdE';
    await user.clear(field);
    await user.type(field, `https://sideline.example/join/${token}`);
    await user.click(within(card).getByRole('button', { name: 'Open the invitation' }));
    expect(await screen.findByRole('heading', { name: 'Invitation page' }, WAIT)).toBeTruthy();

    cleanup();
    openAs(newcomer, '/league');
    expect(await screen.findByRole('heading', { name: 'You are not in a league yet' }, WAIT)).toBeTruthy();
  });

  it('lands a new league’s commissioner in it, with the empty states saying what to do and the set-up linked', async () => {
    const commissioner = await registerMember(suite.server, 'Fresh Commish');
    const league = await startLeague(commissioner, 'Empty League');
    openAs(commissioner, '/league');

    expect(await screen.findByRole('heading', { level: 1, name: 'Empty League' }, WAIT)).toBeTruthy();
    expect(screen.getByText('Football · season 2026 · no schedule yet')).toBeTruthy();
    const standings = screen.getByRole('heading', { name: 'Standings' }).closest('section')!;
    expect(await within(standings).findByText(/^No teams yet — add the league's teams first\./, {}, WAIT)).toBeTruthy();
    expect(within(standings).getByRole('link', { name: 'Add teams' }).getAttribute('href')).toBe('/league/teams');
    const fixtures = screen.getByRole('heading', { name: 'Fixtures and results' }).closest('section')!;
    expect(within(fixtures).getByRole('link', { name: 'Generate the schedule' }).getAttribute('href')).toBe(
      '/league/schedule',
    );
    const links = screen.getByRole('navigation', { name: 'Run the league' });
    expect(
      within(links)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/league/settings',
      '/league/teams',
      '/league/schedule',
      '/league/members',
      '/league/rules',
      '/leagues/new',
    ]);
    expect(JSON.parse(localStorage.getItem('selectedLeague')!)).toEqual({
      league_id: league.id,
      team_id: 0,
      current_season_week: 1,
    });

    // A player of a league sees only its members among the set-up screens.
    const withTeams = await startLeague(commissioner, 'Busy League', ['Harbour Hawks', 'Old Town Owls']);
    const { token } = await invite(commissioner, withTeams.id, { role: 'player', team_id: withTeams.teams[0]!.id });
    const player = await registerMember(suite.server, 'Penny Player');
    await player.visitor.send('POST', `/api/invitations/${token}/accept`);
    cleanup();
    localStorage.clear();
    openAs(player, '/league');
    const nav = await screen.findByRole('navigation', { name: 'Run the league' }, WAIT);
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/league/members', '/leagues/new']);
  });
});

// @vitest-environment jsdom
/**
 * The page an invitation link opens (`/join/:token`) against a REAL server: signed out it shows
 * what the link offers and the ways to register or sign in that come back to it, and registering
 * there brings the visitor back to join; signed in, Join makes them a member with the link's role
 * and team, selects the league and opens it; a member already in the league opens it; a revoked
 * link says why it cannot be used.
 */
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Visitor } from '../support/http-client';
import { invite, registerMember, uiSuite, withLeague } from '../support/league-setup-ui';

const WAIT = { timeout: 10_000 };

const suite = uiSuite(async () => {
  const [{ default: JoinPage }, { default: RegisterPage }] = await Promise.all([
    import('../../src/features/join/JoinPage'),
    import('../../src/features/session/RegisterPage'),
  ]);
  return (
    <>
      <Route path="/join/:token" element={<JoinPage />} />
      <Route path="/register" element={<RegisterPage />} />
      <Route path="/league" element={<h1>League page</h1>} />
    </>
  );
});
const given = withLeague(suite, 'Harbour League', ['Harbour Hawks', 'Old Town Owls']);

const membershipOf = (userId: number) =>
  suite.server.database.db
    .selectFrom('league_members')
    .select(['role', 'team_id'])
    .where('league_id', '=', given.league.id)
    .where('user_id', '=', userId)
    .executeTakeFirst();

describe('the join page', () => {
  it('shows a signed-out visitor the offer, and registering there comes back to join the league', async () => {
    const { token } = await invite(given.commissioner, given.league.id, {
      role: 'coach',
      team_id: given.league.teams[1]!.id,
    });
    suite.signedIn = { id: 0, visitor: new Visitor(suite.server.url) };
    const user = userEvent.setup();
    render(<suite.ui.App path={`/join/${token}`} user={null} />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Join Harbour League' }, WAIT)).toBeTruthy();
    expect(screen.getByText('Cora Commish invites you to join Harbour League on Sideline.')).toBeTruthy();
    expect(screen.getByText('Football · season 2026')).toBeTruthy();
    expect(screen.getByText('Coach, Old Town Owls')).toBeTruthy();
    const next = encodeURIComponent(`/join/${token}`);
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(`/register?next=${next}`);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(`/login?next=${next}`);
    expect(screen.queryByRole('button', { name: /^Join/ })).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Create an account' }));
    await screen.findByRole('heading', { level: 1, name: 'Create your account' }, WAIT);
    await user.type(screen.getByLabelText('Your name'), 'Kai Coach');
    await user.type(screen.getByLabelText('Email'), `kai-${Date.now()}@join.example`);
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const join = await screen.findByRole('button', { name: 'Join Harbour League' }, WAIT);
    await user.click(join);
    expect(await screen.findByRole('heading', { name: 'League page' }, WAIT)).toBeTruthy();
    const kai = await suite.server.database.db
      .selectFrom('users')
      .select('id')
      .where('name', '=', 'Kai Coach')
      .executeTakeFirstOrThrow();
    expect(await membershipOf(kai.id)).toEqual({ role: 'coach', team_id: given.league.teams[1]!.id });
    expect(JSON.parse(localStorage.getItem('selectedLeague')!)).toEqual({
      league_id: given.league.id,
      team_id: given.league.teams[1]!.id,
      current_season_week: 1,
    });
  });

  it('lets a signed-in member join as a supporter, and a member already in it open the league', async () => {
    // Two uses: the link still opens for the member who joined by it.
    const { token } = await invite(given.commissioner, given.league.id, { role: 'supporter', max_uses: 2 });
    const member = await registerMember(suite.server, 'Sue Supporter');
    suite.signedIn = member;
    const user = userEvent.setup();
    render(<suite.ui.App path={`/join/${token}`} user={suite.ui.userOf(member, member.name)} />);
    expect(await screen.findByText('As a supporter you follow the league and its chat.', {}, WAIT)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Join Harbour League' }));
    await screen.findByRole('heading', { name: 'League page' }, WAIT);
    expect(await membershipOf(member.id)).toEqual({ role: 'supporter', team_id: null });
    expect(JSON.parse(localStorage.getItem('selectedLeague')!)).toMatchObject({
      league_id: given.league.id,
      team_id: 0,
    });

    cleanup();
    localStorage.clear();
    render(<suite.ui.App path={`/join/${token}`} user={suite.ui.userOf(member, member.name)} />);
    expect(await screen.findByText('You are already a member of this league.', {}, WAIT)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Open the league' }));
    await screen.findByRole('heading', { name: 'League page' }, WAIT);
    expect(JSON.parse(localStorage.getItem('selectedLeague')!)).toMatchObject({
      league_id: given.league.id,
      team_id: 0,
    });
  });

  it('says why a revoked link cannot be used, and offers no way to join', async () => {
    const { id, token } = await invite(given.commissioner, given.league.id, { role: 'player' });
    expect(
      (await given.commissioner.visitor.send('DELETE', `/api/leagues/${given.league.id}/invitations/${id}`)).status,
    ).toBe(200);
    suite.signedIn = await registerMember(suite.server, 'Late Larry');
    render(<suite.ui.App path={`/join/${token}`} user={suite.ui.userOf(suite.signedIn, 'Late Larry')} />);
    const alert = await screen.findByRole('alert', {}, WAIT);
    expect(alert.textContent).toMatch(/^This invitation cannot be used: .+/);
    expect(screen.queryByRole('button', { name: /^Join/ })).toBeNull();
  });
});

// @vitest-environment jsdom
/**
 * The members screen against a REAL server: the commissioner creates an invitation link (role,
 * team, uses, days), copies it (and is told to copy it by hand when the browser refuses), sees it
 * listed and revokes it, after which the link no longer opens; a member who is not the
 * commissioner sees no invitations and leaves the league after a confirmation.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { Visitor } from '../support/http-client';
import type { BuiltMember } from '../support/league-builder';
import { invite, registerMember, uiSuite, withLeague } from '../support/league-setup-ui';

const WAIT = { timeout: 10_000 };

const suite = uiSuite(async () => {
  const { default: MembersPage } = await import('../../src/features/league-admin/MembersPage');
  return (
    <>
      <Route path="/league/members" element={<MembersPage />} />
      <Route path="/league" element={<h1>League page</h1>} />
    </>
  );
});
const given = withLeague(suite, 'Harbour League', ['Harbour Hawks', 'Old Town Owls']);

function openAs(member: BuiltMember & { name: string }) {
  suite.signedIn = member;
  localStorage.setItem('selectedLeague', JSON.stringify({ league_id: given.league.id, team_id: 0 }));
  render(<suite.ui.App path="/league/members" user={suite.ui.userOf(member, member.name)} />);
}

const preview = (token: string) => new Visitor(suite.server.url).send('GET', `/api/invitations/${token}`);

describe('members and invitations', () => {
  it('creates a link for a player of a team, copies it, lists it and revokes it', async () => {
    const user = userEvent.setup();
    openAs(given.commissioner);
    expect(await screen.findByRole('heading', { level: 1, name: 'Members of Harbour League' }, WAIT)).toBeTruthy();
    const members = await screen.findByRole('heading', { name: 'Members (1)' }, WAIT);
    expect(members.closest('section')!.textContent).toContain('Cora Commish');

    await user.selectOptions(screen.getByLabelText('Role'), 'Player');
    await user.selectOptions(screen.getByLabelText('Team'), 'Old Town Owls');
    await user.clear(screen.getByLabelText('How many people can use it'));
    await user.type(screen.getByLabelText('How many people can use it'), '3');
    await user.clear(screen.getByLabelText('Days until it expires'));
    await user.type(screen.getByLabelText('Days until it expires'), '5');
    await user.click(screen.getByRole('button', { name: 'Create link' }));

    const link = await screen.findByLabelText<HTMLInputElement>('Invitation link', {}, WAIT);
    expect(link.readOnly).toBe(true);
    const match = /^https?:\/\/[^/]+\/join\/([A-Za-z0-9_-]{43})$/.exec(link.value);
    expect(match, link.value).not.toBeNull();
    const token = match![1]!;
    const offered = await preview(token);
    expect(offered.status).toBe(200);
    expect(offered.body).toMatchObject({
      league: { name: 'Harbour League' },
      role: 'player',
      team: { name: 'Old Town Owls' },
    });

    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(link.value);
    expect(await screen.findByText('Link copied', {}, WAIT)).toBeTruthy();

    const list = screen.getByRole('list', { name: 'Links' });
    const row = await within(list).findByText('Player, Old Town Owls', {}, WAIT);
    const item = row.closest('li')!;
    expect(item.textContent).toContain('Open');
    expect(item.textContent).toContain('Used 0 of 3');
    const stored = await suite.server.database.db
      .selectFrom('league_invitations')
      .select(['role', 'team_id', 'max_uses', 'expires_at'])
      .where('league_id', '=', given.league.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ role: 'player', team_id: given.league.teams[1]!.id, max_uses: 3 });
    const days = (Date.parse(stored.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(4.9);
    expect(days).toBeLessThanOrEqual(5);

    await user.click(within(item).getByRole('button', { name: /^Revoke link \(Player, expires / }));
    await waitFor(() => expect(within(list).getByText('Revoked')).toBeTruthy(), WAIT);
    // Focus moved to the list's heading, as the button pressed is gone.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Links' }));
    expect(within(list).queryByRole('button', { name: /^Revoke/ })).toBeNull();
    const refused = await preview(token);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
  });

  it('selects the link for copying by hand when the browser refuses the clipboard', async () => {
    const user = userEvent.setup();
    openAs(given.commissioner);
    await user.click(await screen.findByRole('button', { name: 'Create link' }, WAIT));
    const link = await screen.findByLabelText<HTMLInputElement>('Invitation link', {}, WAIT);
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    const alert = await screen.findByRole('alert', {}, WAIT);
    expect(alert.textContent).toBe(
      'Your browser did not allow copying. The link is selected: copy it with Ctrl+C (Cmd+C on a Mac).',
    );
    expect(document.activeElement).toBe(link);
    expect([link.selectionStart, link.selectionEnd]).toEqual([0, link.value.length]);
  });

  it('lets a member who is not the commissioner see the members and leave the league', async () => {
    const member = await registerMember(suite.server, 'Pat Player');
    const { token } = await invite(given.commissioner, given.league.id, {
      role: 'player',
      team_id: given.league.teams[0]!.id,
    });
    expect((await member.visitor.send('POST', `/api/invitations/${token}/accept`)).status).toBe(201);
    const user = userEvent.setup();
    openAs(member);
    const list = await screen.findByRole('heading', { name: 'Members (2)' }, WAIT);
    expect(list.closest('section')!.textContent).toContain('Player, Harbour Hawks');
    expect(screen.queryByRole('heading', { name: 'Invite people' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Change role/ })).toBeNull();

    const leave = screen.getByRole('button', { name: 'Leave league' });
    await user.click(leave);
    const dialog = await screen.findByRole('dialog', { name: 'Leave Harbour League?' }, WAIT);
    // Cancel has focus first: Enter alone does not leave.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(leave);
    await user.click(leave);
    await user.click(within(await screen.findByRole('dialog', {}, WAIT)).getByRole('button', { name: 'Leave league' }));

    expect(await screen.findByRole('heading', { name: 'League page' }, WAIT)).toBeTruthy();
    expect(localStorage.getItem('selectedLeague')).toBeNull();
    const row = await suite.server.database.db
      .selectFrom('league_members')
      .select('role')
      .where('league_id', '=', given.league.id)
      .where('user_id', '=', member.id)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });
});

// @vitest-environment jsdom
/**
 * Adding and releasing players on the roster page (decision 0038) against a REAL Sideline server
 * through the app's REAL API client: the team's coach adds a player by name (a shirt number taken
 * in the squad is refused with the server's reason, shown in the form), the new player appears in
 * the squad, and Release asks first and then takes them out. A player of the team sees neither.
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { leagueUi, type LeagueUi } from '../support/league-ui';
import { buildLeague, type BuiltLeague, type BuiltMember } from '../support/league-builder';
import { initTestI18n } from '../support/chat-ui';
import { ENGINES } from '../support/engines';
import { startTestServer, type TestServer } from '../support/test-server';

const WAIT = { timeout: 10_000 };

let server: TestServer;
let league: BuiltLeague;
let signedIn: BuiltMember;
let ui: LeagueUi;

beforeAll(async () => {
  await initTestI18n();
  server = await startTestServer(ENGINES[0]!);
  league = await buildLeague(server, { teams: 2, squad: 18 });
  signedIn = league.members.coach;
  ui = await leagueUi(server, () => signedIn, {
    routes: async () => {
      const { default: RosterPage } = await import('../../src/features/roster/RosterPage');
      return <Route path="/roster/:team_id" element={<RosterPage />} />;
    },
  });
}, 60_000);

afterEach(() => cleanup());
afterAll(async () => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  await server?.close();
});

const team = () => league.teams[0]!;

async function openRoster(member: BuiltMember, name: string) {
  signedIn = member;
  render(<ui.App path={`/roster/${team().id}`} user={ui.userOf(member, name)} />);
  await screen.findByRole('heading', { level: 1, name: team().name }, WAIT);
  await screen.findByRole('heading', { level: 2, name: 'Squad' }, WAIT);
}

const squadNames = async () =>
  (
    await league.members.coach.visitor.send<{ squad: { name: string }[] }>('GET', `/api/teams/${team().id}`)
  ).body.squad.map((p) => p.name);

describe('adding and releasing players on the roster', () => {
  it('lets the coach add a player by name; a shirt number taken is refused with the reason', async () => {
    const user = userEvent.setup();
    await openRoster(league.members.coach, 'Coach Tester');
    const form = await screen.findByRole('region', { name: 'Add player' }, WAIT);
    expect(within(form).getByText('18 of 22 players in the squad')).toBeTruthy();

    // Empty: the form says what is missing and sends nothing.
    await user.click(within(form).getByRole('button', { name: 'Add to squad' }));
    expect(await within(form).findByText("Enter the player's name.")).toBeTruthy();

    await user.type(within(form).getByLabelText('Name'), 'Dana Newcomer');
    await user.selectOptions(within(form).getByLabelText('Position'), 'Forward');
    await user.type(within(form).getByLabelText('Shirt number (optional)'), '1');
    await user.click(within(form).getByRole('button', { name: 'Add to squad' }));
    expect(await within(form).findByText(/already wears 1 in .*'s squad/, undefined, WAIT)).toBeTruthy();
    expect(await squadNames()).not.toContain('Dana Newcomer');

    await user.clear(within(form).getByLabelText('Shirt number (optional)'));
    await user.type(within(form).getByLabelText('Shirt number (optional)'), '77');
    await user.click(within(form).getByRole('button', { name: 'Add to squad' }));
    expect(await screen.findByRole('button', { name: 'Dana Newcomer' }, WAIT)).toBeTruthy();
    expect(await squadNames()).toContain('Dana Newcomer');
    // The form is ready for the next one, its name field focused.
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('Name')));
  });

  it('asks before releasing, and takes the player out of the squad', async () => {
    const user = userEvent.setup();
    await openRoster(league.members.coach, 'Coach Tester');
    // The row's Release (a phone shows the same button under the name instead).
    const [release] = await screen.findAllByRole('button', { name: 'Release Dana Newcomer' }, WAIT);
    await user.click(release!);
    const dialog = await screen.findByRole('dialog', { name: 'Release Dana Newcomer?' });
    // Cancel has focus first: Enter alone never releases.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(dialog).getByRole('button', { name: 'Release' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Dana Newcomer' })).toBeNull(), WAIT);
    expect(await squadNames()).not.toContain('Dana Newcomer');
  });

  it('shows neither the form nor Release to a player of the team', async () => {
    await openRoster(league.members.player, 'Player Tester');
    expect(screen.queryByRole('region', { name: 'Add player' })).toBeNull();
    expect(screen.queryAllByRole('button', { name: /^Release / })).toEqual([]);
  });
});

// @vitest-environment jsdom
/**
 * Changing a player and the full squad on the roster page (decision 0038) against a REAL Sideline
 * server through the app's REAL API client: the team's coach opens a player's Edit dialog; an
 * empty name is refused by the form, a shirt number worn by a teammate by the server (its reason
 * shown in the dialog), and a new number and position are saved, shown in the squad, with focus
 * back on the row's Edit button. A full squad shows why there is no Add form, until a place frees.
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

interface SquadRow {
  id: number;
  name: string;
  position: string;
  shirt_number: number | null;
}

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
const squad = async () =>
  (await league.members.coach.visitor.send<{ squad: SquadRow[] }>('GET', `/api/teams/${team().id}`)).body.squad;

async function openRoster() {
  render(<ui.App path={`/roster/${team().id}`} user={ui.userOf(league.members.coach, 'Coach Tester')} />);
  await screen.findByRole('heading', { level: 1, name: team().name }, WAIT);
  await screen.findByRole('heading', { level: 2, name: 'Squad' }, WAIT);
}

describe('editing a player on the roster', () => {
  it('refuses an empty name in the form and a worn number from the server, then saves', async () => {
    const user = userEvent.setup();
    const before = await squad();
    const target = before.find((p) => p.id === team().players[5])!;
    const teammate = before.find((p) => p.id === team().players[6])!;
    await openRoster();
    // The row's Edit (a phone shows the same button under the name instead).
    const [edit] = await screen.findAllByRole('button', { name: `Edit ${target.name}` }, WAIT);
    await user.click(edit!);
    const dialog = await screen.findByRole('dialog', { name: `Edit ${target.name}` });
    const name = within(dialog).getByLabelText('Name');
    expect(document.activeElement).toBe(name);

    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText("Enter the player's name.")).toBeTruthy();
    await user.type(name, 'Dana Edited');

    const shirt = within(dialog).getByLabelText('Shirt number (optional)');
    await user.clear(shirt);
    await user.type(shirt, String(teammate.shirt_number));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(new RegExp(`already wears ${teammate.shirt_number} in`), undefined, WAIT),
    ).toBeTruthy();
    expect((await squad()).find((p) => p.id === target.id)).toEqual(target);

    await user.clear(shirt);
    await user.type(shirt, '88');
    await user.selectOptions(within(dialog).getByLabelText('Position'), 'Goalkeeper');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    const goalkeepers = await screen.findByRole('table', { name: 'Goalkeepers' });
    expect(await within(goalkeepers).findByRole('button', { name: 'Dana Edited' }, WAIT)).toBeTruthy();
    expect((await squad()).find((p) => p.id === target.id)).toMatchObject({
      name: 'Dana Edited',
      position: 'GK',
      shirt_number: 88,
    });
    // The row moved to another group: focus is on its new Edit button.
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Edit Dana Edited'), WAIT);
  });

  it('closes on Cancel without a change, focus back on Edit, and keeps a member’s name out of reach', async () => {
    const user = userEvent.setup();
    const linked = (await squad()).find((p) => p.id === team().players[0])!;
    await openRoster();
    const [edit] = await screen.findAllByRole('button', { name: `Edit ${linked.name}` }, WAIT);
    await user.click(edit!);
    const dialog = await screen.findByRole('dialog', { name: `Edit ${linked.name}` });
    expect(within(dialog).queryByLabelText('Name')).toBeNull();
    expect(within(dialog).getByText(/This player has an account/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(edit);
  });
});

describe('a full squad', () => {
  it('says so instead of the Add form, and the form comes back when a place frees', async () => {
    const user = userEvent.setup();
    const size = (await squad()).length;
    const added: number[] = [];
    for (let n = size; n < 22; n++) {
      const answer = await league.members.coach.visitor.send<{ player: { id: number } }>(
        'POST',
        `/api/teams/${team().id}/players`,
        { json: { name: `Extra Player ${n}`, position: 'MF' } },
      );
      expect(answer.status, answer.text).toBe(201);
      added.push(answer.body.player.id);
    }
    await openRoster();
    const region = await screen.findByRole('region', { name: 'Add player' }, WAIT);
    expect(
      await within(region).findByText(
        'The squad is full (22 of 22). Release a player to add another.',
        undefined,
        WAIT,
      ),
    ).toBeTruthy();
    expect(within(region).queryByRole('button', { name: 'Add to squad' })).toBeNull();

    const [release] = await screen.findAllByRole('button', { name: 'Release Extra Player 21' }, WAIT);
    await user.click(release!);
    const dialog = await screen.findByRole('dialog', { name: 'Release Extra Player 21?' });
    await user.click(within(dialog).getByRole('button', { name: 'Release' }));
    expect(await within(region).findByRole('button', { name: 'Add to squad' }, WAIT)).toBeTruthy();
    expect(within(region).getByText('21 of 22 players in the squad')).toBeTruthy();
  });
});

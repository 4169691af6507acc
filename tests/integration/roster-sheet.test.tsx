// @vitest-environment jsdom
/**
 * The roster page and the coach's team sheet editor against a REAL Sideline server (a test
 * server with a small league, tests/support/league-builder.ts) through the app's REAL API client
 * (src/lib/api-client.ts pointed at it with VITE_API_BASE). Node's fetch keeps no cookies, so the
 * fetch under the client gets the member's session cookie added, as a browser would; it also
 * records what the page sends and can hold a save back, to see the screen before the answer.
 * Covered: counters and the reasons Save is disabled, unavailable players, what Save sends, the
 * sheet shown at once, the success toast, the rollback and the server's reason on a refusal, the
 * "is you" marker and the not-found state.
 */
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
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
/** The member the "browser" is signed in as. */
let signedIn: BuiltMember;
const sent: { method: string; url: string; body: unknown }[] = [];
/** While set, a PUT waits for it before it reaches the server. */
let hold: Promise<void> | null = null;
let ui: LeagueUi;

beforeAll(async () => {
  await initTestI18n();
  server = await startTestServer(ENGINES[0]!);
  league = await buildLeague(server, { teams: 4, squad: 18 });
  // The team's third player (a defender) is injured.
  await server.database.db
    .updateTable('players')
    .set({ status: 'injured' })
    .where('id', '=', league.teams[0]!.players[2]!)
    .execute();
  signedIn = league.members.coach;

  // user-event walks radio groups with CSS.escape, which this jsdom lacks.
  if (!globalThis.CSS?.escape)
    vi.stubGlobal('CSS', { escape: (text: string) => text.replace(/[^\w-]/g, (c) => `\\${c}`) });
  ui = await leagueUi(server, () => signedIn, {
    routes: async () => {
      const { default: RosterPage } = await import('../../src/features/roster/RosterPage');
      return (
        <>
          <Route path="/roster/:team_id" element={<RosterPage />} />
          <Route path="/league" element={<h1>League page</h1>} />
        </>
      );
    },
    onRequest: async ({ method, url, init }) => {
      if (method !== 'GET')
        sent.push({ method, url, body: typeof init.body === 'string' ? JSON.parse(init.body) : null });
      if (method === 'PUT' && hold) await hold;
    },
  });
}, 60_000);

afterEach(() => cleanup());
afterAll(async () => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  await server?.close();
});

const userOf = (member: BuiltMember, name: string) => ui.userOf(member, name);
const teamA = () => league.teams[0]!;
const nameOf = (index: number) => `Player 0-${index} ${teamA().name.split(' ').pop()}`;
const rowOf = (index: number) => screen.getByRole('radiogroup', { name: new RegExp(nameOf(index)) });
const choose = (user: ReturnType<typeof userEvent.setup>, index: number, choice: string) =>
  user.click(within(rowOf(index)).getByRole('radio', { name: choice }));
const saveButton = () => screen.getByRole('button', { name: 'Save team sheet' });
const sheetRegion = () => screen.getByRole('region', { name: 'Team sheet' });

async function openRoster(member: BuiltMember, name = 'Coach Tester') {
  signedIn = member;
  render(<ui.App path={`/roster/${teamA().id}`} user={userOf(member, name)} />);
  await screen.findByRole('heading', { level: 1, name: teamA().name }, WAIT);
}

async function storedSheet() {
  const fixture = league.fixtures.find(
    (f) => f.week === 3 && (f.home_team_id === teamA().id || f.away_team_id === teamA().id),
  )!;
  const answer = await league.members.coach.visitor.send<{
    sheets: { home: { player: { id: number }; role: string }[]; away: { player: { id: number }; role: string }[] };
  }>('GET', `/api/fixtures/${fixture.id}`);
  const lines = fixture.home_team_id === teamA().id ? answer.body.sheets.home : answer.body.sheets.away;
  return {
    starters: lines.filter((l) => l.role === 'starter').map((l) => l.player.id),
    substitutes: lines.filter((l) => l.role === 'substitute').map((l) => l.player.id),
  };
}

describe('the roster page', () => {
  it('shows the squad by position with status, and marks the signed-in player', async () => {
    await openRoster(league.members.player, 'Player Tester');
    expect(screen.getByText('Coach: Coach Tester')).toBeTruthy();
    const squad = screen.getByRole('region', { name: 'Squad' });
    await within(squad).findByRole('heading', { name: 'Goalkeepers' }, WAIT);
    expect(
      within(squad)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Goalkeepers', 'Defenders', 'Midfielders', 'Forwards']);
    const me = within(squad).getByRole('rowheader', { name: new RegExp(nameOf(0)) });
    expect(me.textContent).toContain('You');
    const injured = within(squad)
      // The row header holds the status too (shown under the name on a phone).
      .getByRole('rowheader', { name: new RegExp(`^${nameOf(2)}`) })
      .closest('tr')!;
    expect(injured.textContent).toContain('Injured');
    // A player sees the sheet, never the editor.
    expect(screen.queryByRole('button', { name: 'Save team sheet' })).toBeNull();
    expect(within(sheetRegion()).getByText('The coach has not set the team sheet yet.')).toBeTruthy();
  });

  it('says so for a team that is not in one of the member’s leagues', async () => {
    signedIn = league.members.outsider;
    render(<ui.App path={`/roster/${teamA().id}`} user={userOf(league.members.outsider, 'Outsider')} />);
    const alert = await screen.findByRole('alert', {}, WAIT);
    expect(alert.textContent).toBe(`Team ${teamA().id} does not exist or is not in one of your leagues.`);
    expect(screen.getByRole('heading', { level: 1, name: 'Team roster' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the league' }).getAttribute('href')).toBe('/league');
  });

  it('lets the coach set the sheet: counters, reasons, what Save sends, shown at once', async () => {
    const user = userEvent.setup();
    await openRoster(league.members.coach);
    await screen.findByRole('form', { name: 'Set the team sheet' }, WAIT);
    expect(screen.getByText('0 of 11 starters')).toBeTruthy();
    expect(screen.getByText('0 of 5 substitutes')).toBeTruthy();
    expect(saveButton()).toHaveProperty('disabled', true);
    expect(screen.getByText('Choose exactly 11 starters (0 chosen).')).toBeTruthy();

    // The injured player can only stay out, and says why.
    const injured = rowOf(2);
    expect(within(injured).getByRole('radio', { name: 'Starter' })).toHaveProperty('disabled', true);
    expect(within(injured).getByRole('radio', { name: 'Substitute' })).toHaveProperty('disabled', true);
    expect(within(injured).getByText('Injured')).toBeTruthy();

    const starters = [0, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11];
    for (const i of starters) await choose(user, i, 'Starter');
    for (const i of [12, 13, 14, 15, 16, 17]) await choose(user, i, 'Substitute');
    expect(screen.getByText('11 of 11 starters')).toBeTruthy();
    expect(screen.getByText('6 of 5 substitutes')).toBeTruthy();
    expect(screen.getByText('Choose at most 5 substitutes (6 chosen).')).toBeTruthy();
    expect(saveButton()).toHaveProperty('disabled', true);

    // With the keyboard: the arrow key moves the last substitute's choice on to Not selected.
    within(rowOf(17)).getByRole('radio', { name: 'Substitute' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(within(rowOf(17)).getByRole('radio', { name: 'Not selected' })).toHaveProperty('checked', true);
    expect(screen.getByText('5 of 5 substitutes')).toBeTruthy();
    expect(saveButton()).toHaveProperty('disabled', false);

    let release!: () => void;
    hold = new Promise((resolve) => (release = resolve));
    sent.length = 0;
    await user.click(saveButton());
    // Shown at once, before the server has answered.
    const shown = await within(sheetRegion()).findAllByRole('listitem');
    expect(shown).toHaveLength(16);
    expect(
      within(sheetRegion())
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent),
    ).toEqual(['Starters', 'Substitutes']);
    // Each line names the position by its abbreviation, with the full name as title and as the words read out.
    const position = shown[0]!.querySelector('abbr.position-abbr')!;
    expect(position.getAttribute('title')).toBe('Goalkeeper');
    expect(position.querySelector('[aria-hidden="true"]')!.textContent).toBe('GK');
    expect(position.querySelector('.visually-hidden')!.textContent).toBe('Goalkeeper');
    const ids = teamA().players;
    const put = sent.find((s) => s.method === 'PUT');
    expect(put?.url).toMatch(new RegExp(`/api/fixtures/\\d+/sheets/${teamA().id}$`));
    // In squad order (position, then shirt number), as the server lists the squad.
    const squad = await league.members.coach.visitor.send<{ squad: { id: number }[] }>(
      'GET',
      `/api/teams/${teamA().id}`,
    );
    const inSquadOrder = (indexes: number[]) =>
      squad.body.squad.map((p) => p.id).filter((id) => indexes.some((i) => ids[i] === id));
    expect(put?.body).toEqual({ starters: inSquadOrder(starters), substitutes: inSquadOrder([12, 13, 14, 15, 16]) });
    hold = null;
    await act(async () => release());
    expect(await screen.findByText('Team sheet saved.', {}, WAIT)).toBeTruthy();
    expect(await storedSheet()).toEqual(put?.body);
  });

  it('rolls back a refused save and shows the server’s reason', async () => {
    const user = userEvent.setup();
    await openRoster(league.members.coach);
    await screen.findByRole('form', { name: 'Set the team sheet' }, WAIT);
    const before = await storedSheet();
    expect(before.starters).toHaveLength(11);
    expect(screen.getByText('11 of 11 starters')).toBeTruthy();

    // Meanwhile the commissioner suspends a substitute the page still shows as available.
    const ids = teamA().players;
    const patched = await league.members.commissioner.visitor.send('PATCH', `/api/players/${ids[17]}`, {
      json: { status: 'suspended' },
    });
    expect(patched.status, patched.text).toBe(200);
    await choose(user, 16, 'Not selected');
    await choose(user, 17, 'Substitute');

    let release!: () => void;
    hold = new Promise((resolve) => (release = resolve));
    await user.click(saveButton());
    expect(await within(sheetRegion()).findByRole('button', { name: nameOf(17) })).toBeTruthy();
    hold = null;
    await act(async () => release());

    const toast = await screen.findByText(/^The team sheet was not saved: /, {}, WAIT);
    expect(toast.textContent).toContain(`${nameOf(17)} is suspended; only available players may be on a team sheet`);
    // Back to the server's sheet, and the player shown as suspended.
    await waitFor(() => expect(within(sheetRegion()).queryByRole('button', { name: nameOf(17) })).toBeNull(), WAIT);
    expect(within(sheetRegion()).getByRole('button', { name: nameOf(16) })).toBeTruthy();
    await waitFor(() => expect(within(rowOf(17)).getByText('Suspended')).toBeTruthy(), WAIT);
    expect(within(rowOf(17)).getByRole('radio', { name: 'Not selected' })).toHaveProperty('checked', true);
    expect(await storedSheet()).toEqual(before);
  });
});

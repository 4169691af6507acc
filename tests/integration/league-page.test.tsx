// @vitest-environment jsdom
/**
 * The league page and the dashboard against a REAL server with a small league
 * (tests/support/league-ui.tsx): the member of one league landing in it (a commissioner picks the
 * team to follow on the page), the standings computed from the builder's results with the team marked, sorting,
 * the week picker, recording a result as the commissioner, and the dashboard's team card.
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../support/chat-ui';
import { ENGINES } from '../support/engines';
import { buildLeague, type BuiltLeague, type BuiltMember } from '../support/league-builder';
import { leagueUi, type LeagueUi } from '../support/league-ui';
import { startTestServer, type TestServer } from '../support/test-server';

const WAIT = { timeout: 10_000 };

let server: TestServer;
let league: BuiltLeague;
let signedIn: BuiltMember;
let ui: LeagueUi;

beforeAll(async () => {
  await initTestI18n();
  server = await startTestServer(ENGINES[0]!);
  league = await buildLeague(server, { teams: 4, squad: 14, weeks: 6, currentWeek: 3 });
  signedIn = league.members.commissioner;
  ui = await leagueUi(server, () => signedIn, {
    routes: async () => {
      const [{ default: LeaguePage }, { default: DashboardPage }] = await Promise.all([
        import('../../src/features/league/LeaguePage'),
        import('../../src/features/dashboard/DashboardPage'),
      ]);
      return (
        <>
          <Route path="/league" element={<LeaguePage />} />
          <Route path="/dashboard" element={<DashboardPage />} />
        </>
      );
    },
  });
}, 60_000);

afterEach(() => {
  cleanup();
  localStorage.clear();
});
afterAll(async () => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  await server?.close();
});

/** Played, points of each team from the builder's results (weeks 1 and 2 played). */
function expectedTable() {
  const rows = new Map(league.teams.map((t) => [t.id, { played: 0, points: 0 }]));
  for (const f of league.fixtures.filter((f) => f.status === 'played')) {
    const home = rows.get(f.home_team_id)!;
    const away = rows.get(f.away_team_id)!;
    home.played++;
    away.played++;
    const [h, a] = [f.home_score!, f.away_score!];
    home.points += h > a ? 3 : h === a ? 1 : 0;
    away.points += a > h ? 3 : h === a ? 1 : 0;
  }
  return rows;
}

describe('league page', () => {
  it('lands in my league, follows a team, and shows the standings computed from the results', async () => {
    const user = userEvent.setup();
    render(<ui.App path="/league" user={ui.userOf(signedIn, 'Casey Commissioner')} />);
    expect(await screen.findByRole('heading', { level: 1, name: /^Test League/ }, WAIT)).toBeTruthy();
    const follow = await screen.findByLabelText(/^Which team of .* do you follow\?$/, {}, WAIT);
    await within(follow).findByRole('option', { name: league.teams[2]!.name }, WAIT);
    await user.selectOptions(follow, league.teams[2]!.name);
    await user.click(screen.getByRole('button', { name: 'Follow this team' }));

    const table = await screen.findByRole('table', { name: 'Standings' }, WAIT);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    const expected = expectedTable();
    for (const row of rows) {
      const name = within(row).getByRole('rowheader').textContent;
      const team = league.teams.find((t) => name.startsWith(t.name))!;
      const cells = within(row).getAllByRole('cell');
      expect(Number(cells[1]!.textContent)).toBe(expected.get(team.id)!.played);
      expect(Number(cells[cells.length - 2]!.textContent)).toBe(expected.get(team.id)!.points);
    }
    const mine = rows.find((row) => row.className.includes('standings-mine'))!;
    expect(within(mine).getByRole('rowheader').textContent).toContain(league.teams[2]!.name);
    expect(within(mine).getByRole('rowheader').textContent).toContain('Your team');
    // Points in ascending order after two clicks.
    await user.click(within(table).getByRole('button', { name: 'Sort by Points' }));
    await user.click(within(table).getByRole('button', { name: 'Sort by Points' }));
    const points = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => Number(within(row).getAllByRole('cell').at(-2)!.textContent));
    expect(points).toEqual([...points].sort((a, b) => a - b));
    expect(JSON.parse(localStorage.getItem('selectedLeague')!)).toEqual({
      league_id: league.id,
      team_id: league.teams[2]!.id,
      current_season_week: 3,
    });
  });

  it('moves between weeks and records a result as the commissioner', async () => {
    localStorage.setItem('selectedLeague', JSON.stringify({ league_id: league.id, team_id: league.teams[0]!.id }));
    const user = userEvent.setup();
    render(<ui.App path="/league" user={ui.userOf(signedIn, 'Casey Commissioner')} />);
    const week = await screen.findByRole('combobox', { name: 'Week' }, WAIT);
    expect((week as HTMLSelectElement).value).toBe('3');
    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    await waitFor(() => expect(document.querySelectorAll('.fixture-score')).toHaveLength(2), WAIT);
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    await waitFor(() => expect(document.querySelectorAll('.fixture-score')).toHaveLength(0), WAIT);

    const fixture = league.fixtures.find((f) => f.week === 3)!;
    const home = league.teams.find((t) => t.id === fixture.home_team_id)!;
    const away = league.teams.find((t) => t.id === fixture.away_team_id)!;
    const item = (await screen.findAllByRole('listitem', {}, WAIT)).find((li) => li.textContent.includes(home.name))!;
    // The form opens with the cursor in the first score, and Escape closes it without saving.
    await user.click(within(item).getByRole('button', { name: 'Record result' }));
    expect(document.activeElement).toBe(screen.getByLabelText(`${home.name} goals`));
    await user.keyboard('1{Escape}');
    expect(screen.queryByLabelText(`${home.name} goals`)).toBeNull();
    await user.click(within(item).getByRole('button', { name: 'Record result' }));
    await user.type(screen.getByLabelText(`${home.name} goals`), '2');
    await user.type(screen.getByLabelText(`${away.name} goals`), '0');
    await user.click(screen.getByRole('button', { name: 'Save result' }));
    expect(await screen.findByText(`Result saved: ${home.name} 2–0 ${away.name}`, {}, WAIT)).toBeTruthy();
    const stored = await server.database.db
      .selectFrom('fixtures')
      .select(['status', 'home_score', 'away_score'])
      .where('id', '=', fixture.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 'played', home_score: 2, away_score: 0 });
  });

  it('shows only the leagues the member belongs to (one without teams opens at once)', async () => {
    signedIn = league.members.outsider;
    try {
      render(<ui.App path="/league" user={ui.userOf(signedIn, 'Olly Outsider')} />);
      // The outsider commissions one league without teams: nothing to choose, it opens.
      expect(await screen.findByRole('heading', { level: 1, name: /^Other League/ }, WAIT)).toBeTruthy();
      expect(screen.queryByText(/Test League/)).toBeNull();
      expect(screen.queryByRole('button', { name: 'Change league' })).toBeNull();
    } finally {
      signedIn = league.members.commissioner;
    }
  });
});

describe('dashboard', () => {
  it("shows the followed team's place, next fixture and the latest results", async () => {
    const team = league.teams[1]!;
    localStorage.setItem(
      'selectedLeague',
      JSON.stringify({ league_id: league.id, team_id: team.id, current_season_week: 3 }),
    );
    render(<ui.App path="/dashboard" user={ui.userOf(signedIn, 'Casey Commissioner')} />);
    expect(await screen.findByRole('heading', { level: 2, name: team.name }, WAIT)).toBeTruthy();
    expect(await screen.findByText(/^Place \d · \d+ points · 2 played/, {}, WAIT)).toBeTruthy();
    const next = league.fixtures.find(
      (f) => f.week === 3 && f.status === 'scheduled' && (f.home_team_id === team.id || f.away_team_id === team.id),
    );
    if (next) {
      const opponent = league.teams.find(
        (t) => t.id === (next.home_team_id === team.id ? next.away_team_id : next.home_team_id),
      )!;
      expect(await screen.findByText(new RegExp(`(Home against|Away at) ${opponent.name}`), {}, WAIT)).toBeTruthy();
    }
    // Its own latest result, whichever week: week 2, B 3–2 D at home (the builder's scores).
    const other = league.teams[3]!;
    const last = (await screen.findByText('Last result', {}, WAIT)).nextElementSibling!;
    expect(last.textContent).toBe(`Won ${team.name} 3, ${other.name} 2`);
    // The latest results are the current week's once one of them is in (the commissioner recorded
    // one above); before, the week before's.
    const inWeek3 = await server.database.db
      .selectFrom('fixtures')
      .select('id')
      .where('league_id', '=', league.id)
      .where('week', '=', 3)
      .where('status', '=', 'played')
      .execute();
    expect(inWeek3.length).toBeGreaterThan(0);
    const results = await screen.findByRole('region', { name: 'Results, week 3' }, WAIT);
    await waitFor(() => expect(results.querySelectorAll('.news-score')).toHaveLength(inWeek3.length), WAIT);
    expect(within(results).getByRole('link', { name: 'All fixtures and results' }).getAttribute('href')).toBe(
      '/league?week=3',
    );
  });
});

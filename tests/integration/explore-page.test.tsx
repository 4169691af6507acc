// @vitest-environment jsdom
/**
 * The Explore page and the player card against a real Sideline server with a built league (no
 * mocked data): search as you type with a typo, filters, sort, pages by the server's cursor as
 * the virtualized list reaches its end, the empty state, the address, and the card with its
 * totals and chart. jsdom's fetch keeps no cookies, so the browser API client's transport is
 * the commissioner's signed-in test client (tests/support/http-client.ts); every request still
 * goes through src/lib/league-client.ts to the real routes.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { VirtuosoMockContext } from 'react-virtuoso';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import ExplorePage from '../../src/features/explore/ExplorePage';
import type * as ApiClientModule from '../../src/lib/api-client';
import { PlayerCardProvider } from '../../src/lib/player-card';
import { clearSelectedLeague, setSelectedLeague } from '../../src/lib/selected-league';
import { searchName } from '../../server/league/sports';
import i18next from 'i18next';
import { stringsFor } from '../support/locale-strings';
import { initTestI18n } from '../support/chat-ui';
import { ENGINES } from '../support/engines';
import type { Visitor } from '../support/http-client';
import { buildLeague, type BuiltLeague } from '../support/league-builder';
import { startLeague } from '../support/league-setup-ui';
import { startTestServer, type TestServer } from '../support/test-server';

const transport: { visitor: Visitor | null } = { visitor: null };

vi.mock('../../src/lib/api-client', async (importOriginal) => {
  const original = await importOriginal<typeof ApiClientModule>();
  const get = async <T,>(
    path: string,
    opts: { query?: Record<string, string | number | boolean | undefined>; signal?: AbortSignal } = {},
  ) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(opts.query ?? {})) if (value !== undefined) query.set(key, String(value));
    opts.signal?.throwIfAborted();
    const answer = await transport.visitor!.send<T>('GET', `/api${path}${query.size ? `?${query}` : ''}`);
    if (answer.status >= 400) throw new original.ApiError(`HTTP ${answer.status}`, answer.status, answer.body);
    return answer.body;
  };
  return { ...original, api: { ...original.api, get } };
});

let server: TestServer;
let league: BuiltLeague;
let zoe: number;

beforeAll(async () => {
  await initTestI18n();
  server = await startTestServer(ENGINES[0]!);
  league = await buildLeague(server, { teams: 4, squad: 16, freeAgents: 3 });
  transport.visitor = league.members.commissioner.visitor;
  const { db } = server.database;
  zoe = league.teams[0]!.players[9]!;
  await db
    .updateTable('players')
    .set({ name: 'Zoë Rivera', search_name: searchName('Zoë Rivera'), shirt_number: 9 })
    .where('id', '=', zoe)
    .execute();
  // Week 1 played: Zoë's team won 2–0, Zoë scored twice and assisted once in 90 minutes.
  const fixture = league.fixtures.find((f) => f.week === 1 && f.home_team_id === league.teams[0]!.id)!;
  await db
    .updateTable('fixtures')
    .set({ status: 'played', home_score: 2, away_score: 0 })
    .where('id', '=', fixture.id)
    .execute();
  await db
    .insertInto('appearances')
    .values({
      fixture_id: fixture.id,
      player_id: zoe,
      team_id: league.teams[0]!.id,
      minutes: 90,
      goals: 2,
      assists: 1,
      yellow_cards: 1,
      red_cards: 0,
    })
    .execute();
});
afterAll(() => server.close());

beforeEach(() => clearSelectedLeague());
afterEach(() => cleanup());

function Address() {
  const location = useLocation();
  return <div data-testid="address">{location.pathname + location.search}</div>;
}

function renderExplore(path = '/explore') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <PlayerCardProvider>
        <VirtuosoMockContext.Provider value={{ viewportHeight: 4000, itemHeight: 40 }}>
          <ExplorePage />
        </VirtuosoMockContext.Provider>
      </PlayerCardProvider>
      <Address />
    </MemoryRouter>,
  );
}

const status = () => screen.getByRole('status');
const rows = () => within(screen.getByRole('list')).queryAllByRole('listitem');
const wait = { timeout: 5000 };

describe('Explore page', () => {
  it('without a league says where to choose one (a member of two leagues has a choice to make)', async () => {
    // A member of one league lands in it; a second league leaves the choice to them.
    const second = await startLeague(league.members.commissioner, 'Second Sunday League');
    expect(second.id).not.toBe(league.id);
    renderExplore();
    expect(screen.getByRole('heading', { level: 1, name: 'Explore players' })).toBeTruthy();
    const choose = await screen.findByRole('link', { name: 'Choose a league' }, wait);
    expect(choose.getAttribute('href')).toBe('/league');
  });

  it('lists every player, page after page as the list reaches its end', async () => {
    setSelectedLeague({ league_id: league.id, team_id: league.teams[0]!.id });
    renderExplore();
    // 4 teams of 16 and 3 free agents, 25 a page: the end of the list asks for the next page.
    // Reaching the end of the first 25 loads the next page by itself.
    await waitFor(() => expect(rows().length).toBeGreaterThanOrEqual(50), { timeout: 10_000 });
    // jsdom measures nothing, so the list may not see its end again: the footer's button loads the rest.
    const more = screen.queryByRole('button', { name: 'Show more players' });
    if (more) fireEvent.click(more);
    await waitFor(() => expect(status().textContent).toBe('67 players found'), { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: 'Show more players' })).toBeNull();
    expect(rows()).toHaveLength(67);
    const names = rows().map((row) => within(row).getByRole('button').textContent);
    expect(new Set(names).size).toBe(67);
    expect(status().getAttribute('aria-live')).toBe('polite');
  });

  it('searches as the member types, with a typo, and keeps the search in the address', async () => {
    setSelectedLeague({ league_id: league.id, team_id: league.teams[0]!.id });
    renderExplore();
    await waitFor(() => expect(status().textContent).toMatch(/players/), wait);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search players' }), { target: { value: 'rivra' } });
    expect(status().textContent).toBe('Searching…');
    await waitFor(() => expect(status().textContent).toBe('1 player found'), wait);
    const [row] = rows();
    expect(within(row!).getByRole('button').textContent).toBe('Zoë Rivera');
    expect(row!.textContent).toContain('TA');
    expect(row!.textContent).toContain('Available');
    expect(screen.getByTestId('address').textContent).toBe('/explore?q=rivra');
  });

  it('filters by team, position, status and players without a team, and sorts by goals', async () => {
    setSelectedLeague({ league_id: league.id, team_id: league.teams[0]!.id });
    renderExplore('/explore?sort=goals');
    await waitFor(() => expect(rows().length).toBeGreaterThan(0), wait);
    expect(within(rows()[0]!).getByRole('button').textContent).toBe('Zoë Rivera');
    const team = screen.getByRole('combobox', { name: 'Team' });
    await waitFor(() => expect(within(team).getAllByRole('option')).toHaveLength(5), wait);
    fireEvent.change(team, { target: { value: String(league.teams[1]!.id) } });
    await waitFor(() => expect(status().textContent).toBe('16 players found'), wait);
    fireEvent.change(screen.getByRole('combobox', { name: 'Position' }), { target: { value: 'GK' } });
    await waitFor(() => expect(status().textContent).toBe('2 players found'), wait);
    expect(screen.getByTestId('address').textContent).toBe(
      `/explore?sort=goals&team=${league.teams[1]!.id}&position=GK`,
    );

    fireEvent.change(screen.getByRole('combobox', { name: 'Position' }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Only players without a team' }));
    expect((team as HTMLSelectElement).disabled).toBe(true);
    await waitFor(() => expect(status().textContent).toBe('3 players found'), wait);
    expect(rows().every((row) => row.textContent?.includes('No team'))).toBe(true);

    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'injured' } });
    await waitFor(() => expect(screen.getByText('No players match these filters.')).toBeTruthy(), wait);
    expect(status().textContent).toBe('No players found.');
  });

  it('says when nothing matches, and clears the search and filters', async () => {
    setSelectedLeague({ league_id: league.id, team_id: league.teams[0]!.id });
    renderExplore('/explore?q=qqqqqqqq&status=available');
    await waitFor(() => expect(screen.getByText(/^No players match “qqqqqqqq”/)).toBeTruthy(), wait);
    fireEvent.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search players' }).value).toBe('');
    await waitFor(() => expect(status().textContent).toMatch(/^\d+ players shown, more as you scroll$/), wait);
    expect(screen.getByTestId('address').textContent).toBe('/explore');
  });

  it('shows the server’s reason when the search is refused', async () => {
    setSelectedLeague({ league_id: league.id, team_id: league.teams[0]!.id });
    renderExplore('/explore?position=XX');
    await waitFor(
      () => expect(screen.getByRole('alert').textContent).toMatch(/^The players could not be loaded: .*position/),
      wait,
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Position' }), { target: { value: '' } });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull(), wait);
  });

  it('opens the player card with the totals and the chart, and gives focus back on close', async () => {
    setSelectedLeague({ league_id: league.id, team_id: league.teams[0]!.id });
    renderExplore('/explore?q=zoe');
    await waitFor(() => expect(status().textContent).toBe('1 player found'), wait);
    const open = within(rows()[0]!).getByRole('button', { name: 'Zoë Rivera' });
    act(() => open.focus());
    fireEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Zoë Rivera' }, wait);
    await waitFor(
      () =>
        expect(
          within(dialog).getByRole('img', { name: /^Weeks 1 to \d+: 1 appearance, 2 goals, 1 assist$/ }),
        ).toBeTruthy(),
      wait,
    );
    const totals = within(dialog).getByRole('region', { name: 'Season totals' });
    const value = (label: string) => within(totals).getByText(label).nextElementSibling?.textContent;
    expect([value('Appearances'), value('Minutes'), value('Goals'), value('Assists'), value('Yellow cards')]).toEqual([
      '1',
      '90',
      '2',
      '1',
      '1',
    ]);
    expect(within(dialog).getByText(league.teams[0]!.name)).toBeTruthy();
    expect(dialog.textContent).toContain('ZR');
    // The position by its full name, once the card knows the league's sport.
    await waitFor(
      () => expect(within(dialog).getByText('Position').nextElementSibling?.textContent).toBe('Forward'),
      wait,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(open));
  });

  it('names positions in the member’s language: full names to filter by, abbreviations with the full name in rows', async () => {
    setSelectedLeague({ league_id: league.id, team_id: league.teams[0]!.id });
    const check = async (names: string[], short: string, full: string) => {
      renderExplore('/explore?q=zoe');
      const position = screen.getByRole('combobox', { name: names[0] });
      await waitFor(
        () =>
          expect(
            within(position)
              .getAllByRole('option')
              .slice(1)
              .map((o) => o.textContent),
          ).toEqual(names.slice(1)),
        wait,
      );
      await waitFor(() => expect(rows()).toHaveLength(1), wait);
      const abbr = rows()[0]!.querySelector('abbr.position-abbr')!;
      expect(abbr.getAttribute('title')).toBe(full);
      // Seen: the abbreviation; read out: the full name (the abbreviation is hidden from screen readers).
      expect(abbr.querySelector('[aria-hidden="true"]')!.textContent).toBe(short);
      expect(abbr.querySelector('.visually-hidden')!.textContent).toBe(full);
      cleanup();
    };
    await check(['Position', 'Goalkeeper', 'Defender', 'Midfielder', 'Forward'], 'FW', 'Forward');
    i18next.addResourceBundle('de', 'translation', stringsFor('de'), true, true);
    await act(() => i18next.changeLanguage('de'));
    try {
      await check(['Position', 'Torwart', 'Abwehrspieler', 'Mittelfeldspieler', 'Stürmer'], 'ST', 'Stürmer');
    } finally {
      await act(() => i18next.changeLanguage('en'));
    }
  });
});

import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../server/db/schema.js';
import { seedDemoLeague } from '../../server/db/seed/demo-league.js';
import { DEMO_USERS } from '../../server/db/seed/demo-users.js';
import { seedDemoData } from '../../server/db/seed/seed.js';
import { SPORTS, searchName } from '../../server/league/sports.js';
import { ENGINES } from '../support/engines.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const LEAGUE_TABLES = [
  'leagues',
  'teams',
  'league_members',
  'players',
  'squad_memberships',
  'fixtures',
  'appearances',
  'team_sheets',
  'transfers',
] as const;

/** A Monday and a Wednesday: week 10 is then Saturday 16 May 2026 (no wall clock in these tests). */
const MONDAY = new Date('2026-05-11T08:00:00Z');
const WEDNESDAY = new Date('2026-05-13T09:00:00Z');

async function counts(db: Kysely<DB>): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of LEAGUE_TABLES) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}

/** The league's content without ids or timestamps, in an order both engines agree on. */
async function snapshot(db: Kysely<DB>) {
  const teams = await db.selectFrom('teams').select(['id', 'name']).execute();
  const team = (id: number | null) => teams.find((t) => t.id === id)?.name ?? null;
  const players = await db.selectFrom('players').select(['id', 'name', 'position', 'shirt_number', 'status']).execute();
  const player = (id: number) => players.find((p) => p.id === id)!.name;
  const fixtures = await db.selectFrom('fixtures').selectAll().orderBy('kickoff_at').orderBy('venue').execute();
  const week = (id: number) => fixtures.find((f) => f.id === id)!.week;
  const byText = (a: unknown, b: unknown) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1);
  return {
    players: players.map(({ id: _id, ...rest }) => rest).sort(byText),
    fixtures: fixtures.map((f) => [f.week, team(f.home_team_id), team(f.away_team_id), f.home_score, f.away_score]),
    referees: fixtures.map((f) => [f.venue, f.referee_name, f.status]),
    lines: (await db.selectFrom('appearances').selectAll().execute())
      .map((a) => [week(a.fixture_id), player(a.player_id), a.minutes, a.goals, a.assists, a.yellow_cards, a.red_cards])
      .sort(byText),
    sheets: (await db.selectFrom('team_sheets').selectAll().execute())
      .map((s) => [team(s.team_id), player(s.player_id), s.role, s.sort_order])
      .sort(byText),
    transfers: (await db.selectFrom('transfers').selectAll().orderBy('at').execute()).map((t) => [
      player(t.player_id),
      t.kind,
      team(t.from_team_id),
      team(t.to_team_id),
    ]),
  };
}

/** WCAG contrast ratio of two `#rrggbb` colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe.each(ENGINES)('demo league seed on $name', (engine) => {
  let server: TestServer;
  let db: Kysely<DB>;
  let leagueId: number;
  let users: Map<string, number>;
  const byName = async () =>
    new Map((await db.selectFrom('teams').select(['id', 'name']).execute()).map((t) => [t.name, t.id]));

  beforeAll(async () => {
    server = await startTestServer(engine);
    db = server.database.db;
    const seeded = await seedDemoData(server.database, server.config.dataDir, server.config.demoPassword, MONDAY);
    expect(seeded.league).toBe('created');
    leagueId = (await db.selectFrom('leagues').select('id').executeTakeFirstOrThrow()).id;
    const rows = await db.selectFrom('users').select(['id', 'email']).execute();
    users = new Map(rows.map((u) => [u.email, u.id]));
  });
  afterAll(() => server.close());
  const member = (index: number) => users.get(DEMO_USERS[index]!.email)!;

  it('creates one league in week 10 of 14 with the football rules', async () => {
    const leagues = await db.selectFrom('leagues').selectAll().execute();
    expect(leagues).toHaveLength(1);
    const rules = SPORTS.football;
    expect(leagues[0]).toMatchObject({
      name: 'Riverside League',
      sport: 'football',
      season: '2026',
      weeks: 14,
      current_week: 10,
      points_win: rules.points.win,
      points_draw: rules.points.draw,
      points_loss: rules.points.loss,
      squad_min: rules.squad.min,
      squad_max: rules.squad.max,
      sheet_starters: rules.sheet.starters,
      sheet_subs_max: rules.sheet.substitutesMax,
      chat_channel: 'team:general',
    });
  });

  it('creates 8 teams with readable colours and the member coaches', async () => {
    const teams = await db.selectFrom('teams').selectAll().where('league_id', '=', leagueId).execute();
    expect(teams).toHaveLength(8);
    const names = teams.map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining(['Harbour Hawks', 'Canal Street Comets', 'Old Town Owls', 'Bayside Bears']),
    );
    expect(new Set(teams.map((t) => t.short_name)).size).toBe(8);
    for (const team of teams) {
      expect(team.short_name).toMatch(/^[A-Z]{3}$/);
      expect(team.colour_primary).toMatch(/^#[0-9a-f]{6}$/);
      expect(team.colour_secondary).toMatch(/^#[0-9a-f]{6}$/);
      expect(contrast(team.colour_primary, team.colour_secondary)).toBeGreaterThanOrEqual(4.5);
      expect(team.coach_name.length).toBeGreaterThan(3);
    }
    const coach = (name: string) => teams.find((t) => t.name === name)!;
    expect(coach('Harbour Hawks')).toMatchObject({ coach_user_id: member(1), coach_name: 'Jordan Weber' });
    expect(coach('Bayside Bears')).toMatchObject({ coach_user_id: member(7), coach_name: 'Min-ji Park' });
    expect(teams.filter((t) => t.coach_user_id === null)).toHaveLength(6);
  });

  it('gives every team 18 players in one open membership each, within the squad rules', async () => {
    const open = await db
      .selectFrom('squad_memberships as m')
      .innerJoin('players as p', 'p.id', 'm.player_id')
      .select(['m.player_id', 'm.team_id', 'p.position', 'p.shirt_number', 'p.name', 'p.search_name'])
      .where('m.until_at', 'is', null)
      .execute();
    expect(new Set(open.map((m) => m.player_id)).size).toBe(open.length);
    const teams = await byName();
    for (const teamId of teams.values()) {
      const squad = open.filter((m) => m.team_id === teamId);
      expect(squad).toHaveLength(18);
      expect(squad.length).toBeGreaterThanOrEqual(SPORTS.football.squad.min);
      expect(squad.length).toBeLessThanOrEqual(SPORTS.football.squad.max);
      const shirts = squad.map((p) => p.shirt_number);
      expect(shirts.every((n) => n !== null)).toBe(true);
      expect(new Set(shirts).size).toBe(18);
      const positions = squad.map((p) => p.position);
      expect(positions.filter((p) => p === 'GK')).toHaveLength(2);
      expect(positions.every((p) => SPORTS.football.positions.includes(p))).toBe(true);
    }
    const players = await db.selectFrom('players').selectAll().where('league_id', '=', leagueId).execute();
    for (const p of players) expect(p.search_name).toBe(searchName(p.name));
    expect(new Set(players.map((p) => p.name)).size).toBe(players.length);
    const free = players.filter((p) => !open.some((m) => m.player_id === p.id));
    expect(free.length).toBeGreaterThanOrEqual(4);
    expect(free.length).toBeLessThanOrEqual(6);
    const statuses = players.map((p) => p.status);
    expect(statuses.filter((s) => s === 'injured').length).toBeGreaterThanOrEqual(4);
    expect(statuses.filter((s) => s === 'suspended').length).toBeGreaterThanOrEqual(1);
  });

  it('gives the demo members their roles and links the players among them', async () => {
    const teams = await byName();
    const rows = await db.selectFrom('league_members').selectAll().where('league_id', '=', leagueId).execute();
    const role = (index: number) => rows.find((r) => r.user_id === member(index));
    expect(role(0)).toMatchObject({ role: 'commissioner', team_id: null });
    expect(role(1)).toMatchObject({ role: 'coach', team_id: teams.get('Harbour Hawks') });
    expect(role(7)).toMatchObject({ role: 'coach', team_id: teams.get('Bayside Bears') });
    expect(role(8)).toMatchObject({ role: 'referee', team_id: null });
    expect(role(10)).toMatchObject({ role: 'referee', team_id: null });
    const playing: [number, string, string][] = [
      [2, 'Canal Street Comets', 'MF'],
      [3, 'Canal Street Comets', 'GK'],
      [4, 'Harbour Hawks', 'FW'],
      [11, 'Harbour Hawks', 'MF'],
      [5, 'Old Town Owls', 'DF'],
      [9, 'Old Town Owls', 'FW'],
      [6, 'Bayside Bears', 'FW'],
      [7, 'Bayside Bears', 'MF'],
    ];
    expect(rows).toHaveLength(12);
    for (const [index, team, position] of playing) {
      if (index !== 7) expect(role(index)).toMatchObject({ role: 'player', team_id: teams.get(team) });
      const linked = await db
        .selectFrom('players as p')
        .innerJoin('squad_memberships as m', 'm.player_id', 'p.id')
        .select(['p.name', 'p.position', 'm.team_id'])
        .where('p.user_id', '=', member(index))
        .where('m.until_at', 'is', null)
        .execute();
      expect(linked).toEqual([{ name: DEMO_USERS[index]!.name, position, team_id: teams.get(team) }]);
    }
  });

  it('schedules a double round robin of 56 fixtures, weeks 1–9 played, week 10 ahead', async () => {
    const fixtures = await db.selectFrom('fixtures').selectAll().where('league_id', '=', leagueId).execute();
    expect(fixtures).toHaveLength(56);
    const pairs = new Set(fixtures.map((f) => `${f.home_team_id}-${f.away_team_id}`));
    expect(pairs.size).toBe(56);
    for (const f of fixtures) expect(pairs.has(`${f.away_team_id}-${f.home_team_id}`)).toBe(true);
    for (let week = 1; week <= 14; week++) {
      const games = fixtures.filter((f) => f.week === week);
      expect(games).toHaveLength(4);
      expect(new Set(games.flatMap((f) => [f.home_team_id, f.away_team_id])).size).toBe(8);
      expect(new Set(games.map((f) => f.venue))).toEqual(
        new Set([1, 2, 3, 4].map((n) => `Riverside Park, pitch ${n}`)),
      );
      const times = games.map((f) => f.kickoff_at.slice(11, 16)).sort();
      expect(times).toEqual(['10:00', '11:30', '13:00', '14:30']);
      for (const f of games) {
        expect(new Date(f.kickoff_at).getUTCDay()).toBe(6);
        if (week < 10) expect(f).toMatchObject({ status: 'played' });
        else expect(f).toMatchObject({ home_score: null, away_score: null });
        if (week < 10) for (const score of [f.home_score!, f.away_score!]) expect(score).toBeGreaterThanOrEqual(0);
        if (week < 10) for (const score of [f.home_score!, f.away_score!]) expect(score).toBeLessThanOrEqual(5);
      }
    }
    expect(fixtures.filter((f) => f.week === 10).every((f) => f.status === 'scheduled')).toBe(true);
    expect(fixtures.filter((f) => f.status === 'postponed').map((f) => f.week)).toEqual([11]);
    const week10 = Math.min(...fixtures.filter((f) => f.week === 10).map((f) => Date.parse(f.kickoff_at)));
    expect(week10).toBeGreaterThan(MONDAY.getTime());
    expect(week10 - MONDAY.getTime()).toBeLessThan(7 * 86_400_000);
    const referees = fixtures.map((f) => f.referee_user_id);
    expect(referees.filter((r) => r === member(8)).length).toBeGreaterThan(10);
    expect(referees.filter((r) => r === member(10)).length).toBeGreaterThan(10);
    const guests = fixtures.filter((f) => f.referee_user_id === null);
    expect(guests.length).toBeGreaterThan(0);
    expect(guests.every((f) => f.referee_name.length > 0 && f.referee_name !== DEMO_USERS[8]!.name)).toBe(true);
  });

  it('records player lines that add up to every played score', async () => {
    const fixtures = await db.selectFrom('fixtures').selectAll().where('status', '=', 'played').execute();
    const lines = await db
      .selectFrom('appearances as a')
      .innerJoin('players as p', 'p.id', 'a.player_id')
      .selectAll('a')
      .select(['p.position', 'p.status'])
      .execute();
    const memberships = await db.selectFrom('squad_memberships').selectAll().execute();
    expect(new Set(lines.map((l) => l.fixture_id)).size).toBe(fixtures.length);
    for (const f of fixtures) {
      for (const [teamId, score] of [
        [f.home_team_id, f.home_score!],
        [f.away_team_id, f.away_score!],
      ] as const) {
        const side = lines.filter((l) => l.fixture_id === f.id && l.team_id === teamId);
        expect(side.length).toBeGreaterThanOrEqual(11);
        expect(side.length).toBeLessThanOrEqual(14);
        expect(side.filter((l) => l.minutes >= 55 || l.red_cards > 0)).toHaveLength(11);
        expect(side.reduce((sum, l) => sum + l.goals, 0)).toBe(score);
        expect(side.reduce((sum, l) => sum + l.assists, 0)).toBeLessThanOrEqual(score);
        for (const l of side) {
          expect(l.minutes).toBeGreaterThan(0);
          expect(l.minutes).toBeLessThanOrEqual(90);
          const inSquad = memberships.some(
            (m) =>
              m.player_id === l.player_id &&
              m.team_id === teamId &&
              m.from_at <= f.kickoff_at &&
              (m.until_at === null || f.kickoff_at < m.until_at),
          );
          expect(inSquad).toBe(true);
        }
      }
    }
    const goals = (position: string) => lines.filter((l) => l.position === position).reduce((s, l) => s + l.goals, 0);
    expect(goals('GK')).toBe(0);
    expect(goals('FW') + goals('MF')).toBeGreaterThan(3 * goals('DF'));
    expect(lines.some((l) => l.yellow_cards > 0)).toBe(true);
    // Suspended players were sent off in week 9.
    const week9 = new Set(fixtures.filter((f) => f.week === 9).map((f) => f.id));
    const sentOff = lines.filter((l) => week9.has(l.fixture_id) && l.red_cards > 0);
    expect(sentOff.length).toBeGreaterThan(0);
    expect(sentOff.every((l) => l.status === 'suspended')).toBe(true);
  });

  it('sets week-10 team sheets for half the teams, not the Hawks', async () => {
    const teams = await byName();
    const sheets = await db
      .selectFrom('team_sheets as s')
      .innerJoin('fixtures as f', 'f.id', 's.fixture_id')
      .innerJoin('players as p', 'p.id', 's.player_id')
      .innerJoin('squad_memberships as m', (join) =>
        join.onRef('m.player_id', '=', 'p.id').on('m.until_at', 'is', null),
      )
      .select(['s.team_id', 's.role', 's.sort_order', 'f.week', 'p.status', 'm.team_id as squad'])
      .execute();
    const sheetTeams = new Set(sheets.map((s) => s.team_id));
    expect(sheetTeams.size).toBe(4);
    expect(sheetTeams.has(teams.get('Harbour Hawks')!)).toBe(false);
    for (const teamId of sheetTeams) {
      const sheet = sheets.filter((s) => s.team_id === teamId);
      expect(sheet.filter((s) => s.role === 'starter')).toHaveLength(11);
      expect(sheet.filter((s) => s.role === 'substitute')).toHaveLength(5);
      expect(new Set(sheet.map((s) => s.sort_order)).size).toBe(16);
      expect(sheet.every((s) => s.week === 10 && s.status === 'available' && s.squad === teamId)).toBe(true);
    }
  });

  it('records transfers that the squad history agrees with', async () => {
    const transfers = await db.selectFrom('transfers').selectAll().where('league_id', '=', leagueId).execute();
    expect(transfers.length).toBeGreaterThanOrEqual(4);
    expect(transfers.length).toBeLessThanOrEqual(6);
    const kinds = transfers.map((t) => t.kind);
    expect(kinds.filter((k) => k === 'moved')).toHaveLength(2);
    expect(kinds.filter((k) => k === 'released')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'registered').length).toBeGreaterThanOrEqual(1);
    const kickoffs = await db.selectFrom('fixtures').select(['week', 'kickoff_at']).execute();
    const first = (week: number) =>
      kickoffs
        .filter((k) => k.week === week)
        .map((k) => k.kickoff_at)
        .sort()[0]!;
    for (const t of transfers) {
      expect(t.by_user_id).toBe(member(0));
      expect(t.at > first(2) && t.at < first(9)).toBe(true);
      const history = await db
        .selectFrom('squad_memberships')
        .selectAll()
        .where('player_id', '=', t.player_id)
        .execute();
      const left = history.filter((m) => m.until_at === t.at);
      const joined = history.filter((m) => m.from_at === t.at);
      expect(left.map((m) => m.team_id)).toEqual(t.from_team_id === null ? [] : [t.from_team_id]);
      expect(joined.map((m) => [m.team_id, m.until_at])).toEqual(t.to_team_id === null ? [] : [[t.to_team_id, null]]);
      expect(history).toHaveLength(left.length + joined.length);
    }
  });

  it('changes nothing when run again', async () => {
    const before = await counts(db);
    const shot = await snapshot(db);
    // Whatever the clock says then: a Saturday evening would play week 10's matches in a new league.
    const evening = new Date('2026-05-16T20:00:00Z');
    const again = await seedDemoData(server.database, server.config.dataDir, server.config.demoPassword, evening);
    expect(again.league).toBe('existing');
    expect(await seedDemoLeague(db, evening)).toEqual({ created: false, leagueId });
    expect(await counts(db)).toEqual(before);
    expect(await snapshot(db)).toEqual(shot);
  });

  it('seeds the same league on a fresh database, with kick-offs from `now` and without missing members', async () => {
    const fresh = await startTestServer(engine);
    try {
      const other = fresh.database.db;
      const result = await seedDemoLeague(other, WEDNESDAY);
      expect(result.created).toBe(true);
      expect(await snapshot(other)).toEqual(await snapshot(db));
      expect(await other.selectFrom('league_members').selectAll().execute()).toEqual([]);
      const week = async (n: number) =>
        (await other.selectFrom('fixtures').select('kickoff_at').where('week', '=', n).orderBy('kickoff_at').execute())
          .map((f) => f.kickoff_at)
          .join();
      expect(await week(10)).toBe(['10:00', '11:30', '13:00', '14:30'].map((t) => `2026-05-16T${t}:00.000Z`).join());
      expect((await week(1)).slice(0, 10)).toBe('2026-03-14');
      // On a Saturday, week 10 is that day (its matches over by then are played: league-seed-clock.test.ts);
      // on a Sunday, the next Saturday.
      await other.deleteFrom('leagues').execute();
      await seedDemoLeague(other, new Date('2026-05-16T08:00:00Z'));
      expect((await week(10)).slice(0, 10)).toBe('2026-05-16');
      await other.deleteFrom('leagues').execute();
      await seedDemoLeague(other, new Date('2026-05-17T08:00:00Z'));
      expect((await week(10)).slice(0, 10)).toBe('2026-05-23');
    } finally {
      await fresh.close();
    }
  });
});

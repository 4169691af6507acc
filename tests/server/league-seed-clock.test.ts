/**
 * The demo league against the moment it is seeded (server/db/seed/demo-calendar.ts), with the
 * clock injected, never read: seeded on a Saturday morning before week 10's first kick-off, and on
 * that Saturday afternoon after two of its four matches. A fixture is played (has its score and
 * player lines) exactly when its match was over at the seeding moment, fixture by fixture; the rest
 * of the league is the same either way; and what the screens read from the API (current week, a
 * team's next fixture, last result, games played and form) tells one story.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeagueDetail, TeamDetail } from '../../server/api/league/league-view.js';
import type { Selectable } from 'kysely';
import type { FixturesTable } from '../../server/db/schema.js';
import { DEMO_USERS } from '../../server/db/seed/demo-users.js';
import { seedDemoData } from '../../server/db/seed/seed.js';
import { SPORTS } from '../../server/league/sports.js';
import { ENGINES } from '../support/engines.js';
import { Visitor } from '../support/http-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const MORNING = new Date('2026-05-16T08:00:00Z');
/** 10:00 and 11:30 are over (full time 11:30 and 13:00), 13:00 is under way, 14:30 ahead. */
const AFTERNOON = new Date('2026-05-16T13:05:00Z');
const MATCH_MS = SPORTS.football.matchMinutes * 60_000;

interface Seeded {
  server: TestServer;
  alex: Visitor;
  fixtures: Selectable<FixturesTable>[];
}

async function seedAt(engine: (typeof ENGINES)[number], now: Date): Promise<Seeded> {
  const server = await startTestServer(engine);
  await seedDemoData(server.database, server.config.dataDir, server.config.demoPassword, now);
  const alex = new Visitor(server.url);
  const signIn = await alex.send('POST', '/api/auth/login', {
    json: { email: DEMO_USERS[0]!.email, password: server.config.demoPassword },
  });
  expect(signIn.status).toBe(200);
  const fixtures = await server.database.db
    .selectFrom('fixtures')
    .selectAll()
    .orderBy('week')
    .orderBy('kickoff_at')
    .execute();
  return { server, alex, fixtures };
}

const outcome = (team: number, f: { home: { id: number }; home_score: number | null; away_score: number | null }) => {
  const [mine, theirs] = f.home.id === team ? [f.home_score!, f.away_score!] : [f.away_score!, f.home_score!];
  return mine > theirs ? 'W' : mine < theirs ? 'L' : 'D';
};

describe.each(ENGINES)('the demo league against its seeding clock on $name', (engine) => {
  let morning: Seeded;
  let afternoon: Seeded;

  beforeAll(async () => {
    [morning, afternoon] = await Promise.all([seedAt(engine, MORNING), seedAt(engine, AFTERNOON)]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([morning?.server.close(), afternoon?.server.close()]);
  });

  it('plays a fixture exactly when its match was over at the seeding moment, fixture by fixture', () => {
    for (const [{ fixtures }, now] of [
      [morning, MORNING],
      [afternoon, AFTERNOON],
    ] as const) {
      for (const f of fixtures) {
        const over = Date.parse(f.kickoff_at) + MATCH_MS <= now.getTime();
        expect(f.status === 'played', `week ${f.week} at ${f.kickoff_at}`).toBe(over);
        expect(f.home_score !== null && f.away_score !== null).toBe(over);
      }
    }
    const week10 = (s: Seeded) => s.fixtures.filter((f) => f.week === 10);
    expect(week10(morning).map((f) => f.status)).toEqual(['scheduled', 'scheduled', 'scheduled', 'scheduled']);
    expect(week10(afternoon).map((f) => f.status)).toEqual(['played', 'played', 'scheduled', 'scheduled']);
    expect(week10(afternoon)[0]!.kickoff_at).toBe('2026-05-16T10:00:00.000Z');
  });

  it('keeps the rest of the league the same, and gives the matches over their player lines', async () => {
    const past = (s: Seeded) =>
      s.fixtures.filter((f) => f.week < 10).map((f) => [f.week, f.kickoff_at, f.home_score, f.away_score]);
    expect(past(afternoon)).toEqual(past(morning));
    const sheets = async (s: Seeded) =>
      (await s.server.database.db.selectFrom('team_sheets').select(['team_id', 'player_id', 'role']).execute()).sort(
        (a, b) => a.team_id - b.team_id || a.player_id - b.player_id,
      );
    expect(await sheets(afternoon)).toEqual(await sheets(morning));

    const db = afternoon.server.database.db;
    const sheet = await sheets(afternoon);
    for (const f of afternoon.fixtures.filter((x) => x.week === 10 && x.status === 'played')) {
      const lines = await db.selectFrom('appearances').selectAll().where('fixture_id', '=', f.id).execute();
      for (const [team, score] of [
        [f.home_team_id, f.home_score!],
        [f.away_team_id, f.away_score!],
      ] as const) {
        const side = lines.filter((l) => l.team_id === team);
        expect(side.filter((l) => l.minutes >= 55 || l.red_cards > 0)).toHaveLength(11);
        expect(side.reduce((sum, l) => sum + l.goals, 0)).toBe(score);
        // A side whose coach had set the team sheet played it.
        const onSheet = sheet.filter((s) => s.team_id === team).map((s) => s.player_id);
        if (onSheet.length > 0) for (const l of side) expect(onSheet).toContain(l.player_id);
      }
    }
    const morningLines = await morning.server.database.db.selectFrom('appearances').select('player_id').execute();
    const afternoonLines = await db.selectFrom('appearances').select('player_id').execute();
    expect(afternoonLines.length).toBeGreaterThan(morningLines.length + 4 * 11 - 1);
  });

  it('lets a suspension from week 9 end once the player’s team has played week 10', async () => {
    const suspended = (s: Seeded) =>
      s.server.database.db
        .selectFrom('players as p')
        .innerJoin('squad_memberships as m', (join) =>
          join.onRef('m.player_id', '=', 'p.id').on('m.until_at', 'is', null),
        )
        .select(['p.name', 'm.team_id'])
        .where('p.status', '=', 'suspended')
        .execute();
    const before = await suspended(morning);
    expect(before.length).toBeGreaterThan(0);
    const overFor = (team: number) =>
      afternoon.fixtures.some(
        (f) => f.week === 10 && f.status === 'played' && (f.home_team_id === team || f.away_team_id === team),
      );
    const statusAfter = new Map(
      (await afternoon.server.database.db.selectFrom('players').select(['name', 'status']).execute()).map((p) => [
        p.name,
        p.status,
      ]),
    );
    for (const player of before)
      expect(statusAfter.get(player.name), player.name).toBe(overFor(player.team_id) ? 'available' : 'suspended');
  });

  it('tells one story through the API: current week, next fixture, last result, games played and form', async () => {
    for (const seeded of [morning, afternoon]) {
      const league = (await seeded.alex.send<LeagueDetail>('GET', `/api/leagues/${seeded.fixtures[0]!.league_id}`))
        .body;
      expect(league.current_week).toBe(10);
      for (const row of league.standings) {
        const team = (await seeded.alex.send<TeamDetail>('GET', `/api/teams/${row.team.id}`)).body;
        const mine = seeded.fixtures.filter((f) => f.home_team_id === team.id || f.away_team_id === team.id);
        const played = mine.filter((f) => f.status === 'played');
        const over10 = played.some((f) => f.week === 10);
        expect(team.standing!.played).toBe(played.length);
        expect(team.standing!.played).toBe(over10 ? 10 : 9);
        expect(team.last_result!.id).toBe(played.at(-1)!.id);
        expect(team.last_result!.week).toBe(over10 ? 10 : 9);
        expect(team.standing!.form.at(-1)).toBe(outcome(team.id, team.last_result!));
        expect(team.next_fixture!.week).toBe(over10 ? 11 : 10);
      }
      const results = (
        await seeded.alex.send<{ fixtures: { status: string }[] }>('GET', `/api/leagues/${league.id}/fixtures?week=10`)
      ).body.fixtures.filter((f) => f.status === 'played');
      expect(results).toHaveLength(seeded === morning ? 0 : 2);
    }
  });
});

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { ENGINES } from '../support/engines.js';
import { Visitor } from '../support/http-client.js';
import { buildLeague, type BuiltLeague } from '../support/league-builder.js';
import { leagueHelpers, leagueRows } from '../support/league-rows.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

type Ref = { id: number };
/** What the tests read of a schedule answer by name (the rest is matched as a whole). */
interface ScheduleAnswer {
  revision: number;
  weeks: number;
  time_zone: string;
  fixtures: { id?: number; week: number; home: Ref; away: Ref; kickoff_at: string; venue: string }[];
  byes: { week: number; team: Ref }[];
}

const pattern = {
  rounds: 1,
  first_date: '2026-03-22',
  times: ['14:00'],
  venues: ['Riverside Park, pitch 1', 'Riverside Park, pitch 2', 'Riverside Park, pitch 3'],
  time_zone: 'Europe/London',
};

describe.each(ENGINES)('the schedule generator on $name', (engine) => {
  let server: TestServer;
  /** Six teams, nothing played yet (week 1 is the current week). */
  let league: BuiltLeague;

  const db = () => server.database.db;
  const { refuse } = leagueHelpers(() => ({ server, league }));
  const previewPath = (id = league.id) => `/api/leagues/${id}/schedule/preview`;
  const savePath = (id = league.id) => `/api/leagues/${id}/schedule`;

  beforeAll(async () => {
    server = await startTestServer(engine);
    league = await buildLeague(server, { teams: 6, squad: 1, freeAgents: 0, currentWeek: 1 });
  });
  afterAll(() => server.close());

  async function preview(who: Visitor, body: object = pattern, id = league.id): Promise<ScheduleAnswer> {
    const answer = await who.send<ScheduleAnswer>('POST', previewPath(id), { json: body });
    expect(answer.status, answer.text).toBe(200);
    return answer.body;
  }

  /** A member of the league who is its commissioner too. */
  async function secondCommissioner(): Promise<Visitor> {
    const visitor = new Visitor(server.url);
    const answer = await visitor.register(`second-${randomBytes(4).toString('hex')}@league.example`, 'Second Tester');
    expect(answer.status).toBe(201);
    await db()
      .insertInto('league_members')
      .values({ league_id: league.id, user_id: answer.body.id as number, role: 'commissioner', team_id: null })
      .execute();
    return visitor;
  }

  /** The league the outsider commissions (built with no teams). */
  async function outsiderLeague(): Promise<number> {
    const row = await db()
      .selectFrom('league_members')
      .select('league_id')
      .where('user_id', '=', league.members.outsider.id)
      .executeTakeFirstOrThrow();
    return row.league_id;
  }

  describe('POST /api/leagues/:id/schedule/preview', () => {
    it('shows the commissioner the fixtures it would create, and saves nothing', async () => {
      const before = await leagueRows(server, league.id);
      const body = await preview(league.members.commissioner.visitor);
      expect(body).toMatchObject({ league_id: league.id, rounds: 1, seed: null, teams: 6, weeks: 5 });
      expect(body.time_zone).toBe('Europe/London');
      expect(body.revision).toBe(before.league[0]!.revision);
      expect(body.fixtures).toHaveLength(15);
      expect(body.byes).toEqual([]);
      expect(body.fixtures[0]).toEqual({
        week: 1,
        home: expect.objectContaining({ id: league.teams[5]!.id, name: league.teams[5]!.name }),
        away: expect.objectContaining({ id: league.teams[0]!.id, short_name: 'TA' }),
        kickoff_at: '2026-03-22T14:00:00.000Z',
        venue: 'Riverside Park, pitch 1',
      });
      expect(body.fixtures[0]).not.toHaveProperty('id');
      expect(body.fixtures.slice(0, 3).map((f) => f.venue)).toEqual(pattern.venues);
      // 2026-03-29: London is on summer time, and 14:00 local is 13:00Z.
      expect(body.fixtures[3]!.kickoff_at).toBe('2026-03-29T13:00:00.000Z');
      expect(await leagueRows(server, league.id)).toEqual(before);
    });

    it('gives byes with an odd number of teams, a double round robin and a seeded order', async () => {
      const five = await buildLeague(server, { teams: 5, squad: 1, freeAgents: 0, currentWeek: 1 });
      const body = await preview(five.members.commissioner.visitor, { ...pattern, rounds: 2, seed: 7 }, five.id);
      expect(body).toMatchObject({ rounds: 2, seed: 7, teams: 5, weeks: 10 });
      expect(body.fixtures).toHaveLength(20);
      expect(body.byes).toHaveLength(10);
      for (const team of five.teams) expect(body.byes.filter((b) => b.team.id === team.id)).toHaveLength(2);
      const again = await preview(five.members.commissioner.visitor, { ...pattern, rounds: 2, seed: 7 }, five.id);
      expect(again.fixtures).toEqual(body.fixtures);
      const other = await preview(five.members.commissioner.visitor, { ...pattern, rounds: 2, seed: 8 }, five.id);
      expect(other.fixtures).not.toEqual(body.fixtures);
    });

    it("plays on the weekday named, from the first date on, in the league's zone when none is named", async () => {
      const { time_zone: _zone, ...noZone } = pattern;
      await db().updateTable('leagues').set({ time_zone: 'UTC' }).where('id', '=', league.id).execute();
      try {
        const body = await preview(league.members.commissioner.visitor, { ...noZone, weekday: 'saturday' });
        expect(body.time_zone).toBe('UTC');
        expect(body.fixtures[0]!.kickoff_at).toBe('2026-03-28T14:00:00.000Z');
        expect(body.fixtures[3]!.kickoff_at).toBe('2026-04-04T14:00:00.000Z');
        await db().updateTable('leagues').set({ time_zone: 'America/New_York' }).where('id', '=', league.id).execute();
        const newYork = await preview(league.members.commissioner.visitor, { ...noZone, weekday: 'saturday' });
        expect(newYork.time_zone).toBe('America/New_York');
        expect(newYork.fixtures[0]!.kickoff_at).toBe('2026-03-28T18:00:00.000Z');
      } finally {
        await db().updateTable('leagues').set({ time_zone: 'Europe/London' }).where('id', '=', league.id).execute();
      }
    });
  });

  describe('who may generate a schedule', () => {
    it('refuses everyone but the commissioner, as the other league writes do, and changes nothing', async () => {
      const { coach, player, referee, outsider } = league.members;
      for (const [method, path, body] of [
        ['POST', previewPath(), pattern],
        ['PUT', savePath(), { ...pattern, revision: 0 }],
      ] as const) {
        await refuse(league.anonymous, method, path, body, 401, /not signed in/);
        await refuse(outsider.visitor, method, path, body, 404, /does not exist or is not in one of your leagues/);
        for (const who of [coach, player, referee])
          await refuse(
            who.visitor,
            method,
            path,
            body,
            403,
            /Only the commissioner may generate the league's schedule/,
          );
        const unknown = path.replace(`/leagues/${league.id}/`, '/leagues/99999999/');
        await refuse(league.members.commissioner.visitor, method, unknown, body, 404, /does not exist/);
      }
    });
  });

  describe('bad inputs', () => {
    it('refuses each with a 400 naming the field and what is wrong, and changes nothing', async () => {
      const { commissioner } = league.members;
      const { revision } = await preview(commissioner.visitor);
      const cases: [object, RegExp][] = [
        [{ ...pattern, rounds: 3 }, /body\/rounds must be 1 .* or 2 .*; got 3/],
        [{ ...pattern, rounds: '1' }, /body\/rounds must be integer/],
        [{ ...pattern, first_date: '2026-02-30' }, /body\/first_date '2026-02-30' is not a date such as 2026-03-14/],
        [{ ...pattern, first_date: '22/03/2026' }, /body\/first_date .* is not a date/],
        [{ ...pattern, weekday: 'funday' }, /body\/weekday must be one of monday, .*sunday; got 'funday'/],
        [{ ...pattern, times: ['25:00'] }, /body\/times\/0 '25:00' is not a time of day such as 14:30/],
        [{ ...pattern, times: ['14:00', '2pm'] }, /body\/times\/1 '2pm' is not a time of day/],
        [{ ...pattern, times: ['14:00', '14:00'] }, /body\/times\/1 '14:00' is listed twice/],
        [{ ...pattern, times: [] }, /body\/times must NOT have fewer than 1 items/],
        [{ ...pattern, venues: [] }, /body\/venues must NOT have fewer than 1 items/],
        [{ ...pattern, venues: ['  '] }, /body\/venues\/0 must not be blank/],
        [{ ...pattern, venues: ['Park', ' Park'] }, /body\/venues\/1 'Park' is listed twice/],
        [{ ...pattern, time_zone: 'Mars/Olympus_Mons' }, /body\/time_zone 'Mars\/Olympus_Mons' is not a known IANA/],
        [{ ...pattern, time_zone: '+01:00' }, /body\/time_zone .* is not a known IANA time zone/],
        [{ ...pattern, colour: 'red' }, /must NOT have additional properties/],
        [{ ...pattern, seed: -1 }, /body\/seed must be >= 0/],
      ];
      // The limits' defaults (SCHEDULE_MAX_TIMES 8, SCHEDULE_MAX_VENUES 20): one more is refused.
      const times = (n: number) => Array.from({ length: n }, (_, i) => `${String(8 + i).padStart(2, '0')}:00`);
      const venues = (n: number) => Array.from({ length: n }, (_, i) => `Pitch ${i + 1}`);
      expect(await preview(commissioner.visitor, { ...pattern, times: times(8), venues: venues(20) })).toMatchObject({
        teams: 6,
      });
      cases.push([{ ...pattern, times: times(9) }, /body\/times must NOT have more than 8 items/]);
      cases.push([{ ...pattern, venues: venues(21) }, /body\/venues must NOT have more than 20 items/]);
      for (const [body, message] of cases) {
        await refuse(commissioner.visitor, 'POST', previewPath(), body, 400, message);
        await refuse(commissioner.visitor, 'PUT', savePath(), { ...body, revision }, 400, message);
      }
      await refuse(commissioner.visitor, 'PUT', savePath(), pattern, 400, /must have required property 'revision'/);
    });

    it('refuses a pattern with fewer slots than a week has fixtures, naming the numbers (422)', async () => {
      const { commissioner } = league.members;
      const { revision } = await preview(commissioner.visitor);
      const small = { ...pattern, times: ['10:00'], venues: ['North', 'South'] };
      const message = /Each week has 3 fixtures but the pattern has only 2 slots \(1 kick-off time × 2 venues\)/;
      await refuse(commissioner.visitor, 'POST', previewPath(), small, 422, message);
      await refuse(commissioner.visitor, 'PUT', savePath(), { ...small, revision }, 422, message);
    });

    it('refuses a league of fewer than two teams, or of more than SCHEDULE_MAX_TEAMS (40)', async () => {
      const { outsider } = league.members;
      const own = { id: await outsiderLeague() };
      const team = (i: number) => ({
        league_id: own.id,
        name: `Lone ${i}`,
        short_name: `L${i}`,
        colour_primary: '#000000',
        colour_secondary: '#ffffff',
        coach_user_id: null,
        coach_name: 'Nobody',
      });
      const refuseOwn = (status: number, message: RegExp) =>
        refuse(outsider.visitor, 'POST', previewPath(own.id), pattern, status, message, own);
      await refuseOwn(422, /League \d+ has no teams; a schedule needs at least two teams/);
      await db().insertInto('teams').values(team(0)).execute();
      await refuseOwn(422, /League \d+ has one team; a schedule needs at least two teams/);
      await db()
        .insertInto('teams')
        .values(Array.from({ length: 39 }, (_, i) => team(i + 1)))
        .execute();
      const forty = await preview(
        outsider.visitor,
        { ...pattern, times: ['10:00', '12:00', '14:00', '16:00', '18:00', '20:00', '22:00'] },
        own.id,
      );
      expect(forty).toMatchObject({ teams: 40, weeks: 39 });
      await db().insertInto('teams').values(team(40)).execute();
      await refuseOwn(422, /League \d+ has 41 teams; a schedule is generated for at most 40/);
    });
  });

  describe('PUT /api/leagues/:id/schedule', () => {
    it("replaces the league's fixtures with the previewed ones and restarts the weeks", async () => {
      const { commissioner } = league.members;
      const body = { ...pattern, rounds: 2, seed: 3 };
      const shown = await preview(commissioner.visitor, body);
      const old = await leagueRows(server, league.id);
      expect(old.fixtures.length).toBeGreaterThan(0);

      const answer = await commissioner.visitor.send<ScheduleAnswer>('PUT', savePath(), {
        json: { ...body, revision: shown.revision },
      });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body).toMatchObject({ teams: 6, weeks: 10, current_week: 1, rounds: 2, seed: 3 });
      expect(answer.body.revision).toBeGreaterThan(shown.revision);
      expect(answer.body.fixtures.map(({ id: _id, ...f }) => f)).toEqual(shown.fixtures);

      const stored = await db()
        .selectFrom('fixtures')
        .selectAll()
        .where('league_id', '=', league.id)
        .orderBy('id')
        .execute();
      expect(stored).toHaveLength(30);
      expect(stored.some((f) => old.fixtures.some((o) => o.id === f.id))).toBe(false);
      const byId = new Map(stored.map((f) => [f.id, f]));
      for (const f of answer.body.fixtures) {
        expect(byId.get(f.id!)).toMatchObject({
          week: f.week,
          home_team_id: f.home.id,
          away_team_id: f.away.id,
          kickoff_at: f.kickoff_at,
          venue: f.venue,
          status: 'scheduled',
          home_score: null,
          referee_user_id: null,
        });
      }
      const row = await db().selectFrom('leagues').selectAll().where('id', '=', league.id).executeTakeFirstOrThrow();
      expect([row.weeks, row.current_week, row.revision]).toEqual([10, 1, answer.body.revision]);

      // The league's reads show the new schedule.
      const week10 = await commissioner.visitor.send<{ fixtures: { id: number }[] }>(
        'GET',
        `/api/leagues/${league.id}/fixtures?week=10`,
      );
      expect(week10.status, week10.text).toBe(200);
      expect(week10.body.fixtures.map((f) => f.id).sort()).toEqual(
        answer.body.fixtures
          .filter((f) => f.week === 10)
          .map((f) => f.id)
          .sort(),
      );

      // Generating again before anything is played replaces it once more.
      const again = await preview(commissioner.visitor);
      const second = await commissioner.visitor.send<ScheduleAnswer>('PUT', savePath(), {
        json: { ...pattern, revision: again.revision },
      });
      expect(second.status, second.text).toBe(200);
      expect(await db().selectFrom('fixtures').select('id').where('league_id', '=', league.id).execute()).toHaveLength(
        15,
      );
    });

    it('refuses a save from a preview the league has moved on from (409)', async () => {
      const { commissioner } = league.members;
      const shown = await preview(commissioner.visitor);
      await db()
        .updateTable('teams')
        .set({ name: `Renamed ${randomBytes(2).toString('hex')}` })
        .where('id', '=', league.teams[2]!.id)
        .execute();
      await refuse(
        commissioner.visitor,
        'PUT',
        savePath(),
        { ...pattern, revision: shown.revision },
        409,
        new RegExp(
          `has changed since the schedule was previewed \\(revision ${shown.revision}, now \\d+\\); preview it again`,
        ),
      );
    });

    it('lets exactly one of two commissioners saving at once win; the other gets 409 and no fixture is doubled', async () => {
      const { commissioner } = league.members;
      const other = await secondCommissioner();
      for (let round = 0; round < 3; round++) {
        const shown = await preview(commissioner.visitor);
        const [a, b] = await Promise.all([
          commissioner.visitor.send<ScheduleAnswer>('PUT', savePath(), {
            json: { ...pattern, revision: shown.revision },
          }),
          other.send<ScheduleAnswer>('PUT', savePath(), {
            json: { ...pattern, rounds: 2, first_date: '2026-04-04', revision: shown.revision },
          }),
        ]);
        expect([a.status, b.status].sort(), `${a.status} ${b.status} ${String(b.body.weeks ?? b.text)}`).toEqual([
          200, 409,
        ]);
        const [winner, loser] = a.status === 200 ? [a, b] : [b, a];
        expect(loser.body).toMatchObject({ statusCode: 409, message: expect.stringMatching(/has changed since/) });
        const stored = await db()
          .selectFrom('fixtures')
          .select(['id', 'week', 'home_team_id', 'away_team_id', 'kickoff_at'])
          .where('league_id', '=', league.id)
          .orderBy('id')
          .execute();
        expect(stored.map((f) => f.id)).toEqual(winner.body.fixtures.map((f) => f.id!).sort((x, y) => x - y));
        const row = await db()
          .selectFrom('leagues')
          .select('weeks')
          .where('id', '=', league.id)
          .executeTakeFirstOrThrow();
        expect(row.weeks).toBe(winner.body.weeks);
      }
    });

    it('refuses to generate once a fixture is played (409), previews included', async () => {
      const { commissioner } = league.members;
      const shown = await preview(commissioner.visitor);
      const first = await db()
        .selectFrom('fixtures')
        .select('id')
        .where('league_id', '=', league.id)
        .where('week', '=', 1)
        .executeTakeFirstOrThrow();
      const result = await commissioner.visitor.send('POST', `/api/fixtures/${first.id}/result`, {
        json: { home_score: 2, away_score: 1 },
      });
      expect(result.status, result.text).toBe(200);
      const message = /has 1 played fixture; a schedule can only be generated before the first match is played/;
      await refuse(commissioner.visitor, 'POST', previewPath(), pattern, 409, message);
      await refuse(commissioner.visitor, 'PUT', savePath(), { ...pattern, revision: shown.revision }, 409, message);
    });
  });
});

describe('the schedule settings', () => {
  // Secrets given, so loading the configuration writes nothing into the data folder.
  const env = {
    DATA_DIR: '/nonexistent/sideline-schedule',
    SESSION_SECRET: 's'.repeat(40),
    CHAT_API_SECRET: 'c'.repeat(40),
  };

  it('default to 40 teams, 8 kick-off times and 20 venues, and follow their environment variables', () => {
    expect(loadConfig(env)).toMatchObject({ scheduleMaxTeams: 40, scheduleMaxTimes: 8, scheduleMaxVenues: 20 });
    const set = { SCHEDULE_MAX_TEAMS: '24', SCHEDULE_MAX_TIMES: '3', SCHEDULE_MAX_VENUES: '4' };
    expect(loadConfig({ ...env, ...set })).toMatchObject({
      scheduleMaxTeams: 24,
      scheduleMaxTimes: 3,
      scheduleMaxVenues: 4,
    });
    expect(() => loadConfig({ ...env, SCHEDULE_MAX_TEAMS: '1' })).toThrow(
      /SCHEDULE_MAX_TEAMS must be a whole number from 2 to 500/,
    );
  });
});

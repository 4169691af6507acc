import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../support/engines.js';
import { buildLeague, type BuiltLeague } from '../support/league-builder.js';
import { leagueHelpers } from '../support/league-rows.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

describe.each(ENGINES)('league writes on $name', (engine) => {
  let server: TestServer;
  let league: BuiltLeague;

  const db = () => server.database.db;
  const { fixtureOf, refuse } = leagueHelpers(() => ({ server, league }));

  beforeAll(async () => {
    server = await startTestServer(engine);
    league = await buildLeague(server);
  });
  afterAll(() => server.close());

  describe('PUT /api/fixtures/:id/sheets/:teamId', () => {
    const sheet = (starters: number[], substitutes: number[]) => ({ starters, substitutes });
    const players = () => league.teams[0]!.players;
    const path = () => `/api/fixtures/${fixtureOf(3, 0).id}/sheets/${league.teams[0]!.id}`;

    it("sets the coach's sheet in order and replaces it the next time", async () => {
      const { coach } = league.members;
      const first = await coach.visitor.send('PUT', path(), {
        json: sheet(players().slice(0, 11), players().slice(11, 16)),
      });
      expect(first.status, first.text).toBe(200);
      expect(first.body).toMatchObject({ fixture_id: fixtureOf(3, 0).id, team_id: league.teams[0]!.id });
      const lines = first.body.lines as { player_id: number; role: string; player: { id: number } }[];
      expect(lines.map((l) => l.player_id)).toEqual(players().slice(0, 16));
      expect(lines.filter((l) => l.role === 'starter')).toHaveLength(11);
      expect(lines[0]!.player.id).toBe(players()[0]);

      const second = await coach.visitor.send('PUT', path(), {
        json: sheet([...players().slice(5, 16)], [players()[0]!, players()[1]!]),
      });
      expect(second.status).toBe(200);
      const rows = await db()
        .selectFrom('team_sheets')
        .selectAll()
        .where('fixture_id', '=', fixtureOf(3, 0).id)
        .orderBy('sort_order')
        .execute();
      expect(rows.map((r) => [r.player_id, r.role])).toEqual([
        ...players()
          .slice(5, 16)
          .map((id) => [id, 'starter']),
        [players()[0], 'substitute'],
        [players()[1], 'substitute'],
      ]);
    });

    it('refuses sheets that break the rules, naming the rule', async () => {
      const { coach } = league.members;
      const p = players();
      const other = league.teams[1]!.players;
      await refuse(coach.visitor, 'PUT', path(), sheet(p.slice(0, 10), []), 422, /exactly 11 starters/);
      await refuse(coach.visitor, 'PUT', path(), sheet(p.slice(0, 11), p.slice(10, 16)), 422, /at most 5 substitutes/);
      await refuse(coach.visitor, 'PUT', path(), sheet(p.slice(0, 11), [p[0]!]), 422, /more than once/);
      await refuse(coach.visitor, 'PUT', path(), sheet([...p.slice(0, 10), other[0]!], []), 422, /not in .*squad/);
      await refuse(coach.visitor, 'PUT', path(), sheet([...p.slice(0, 10), 999999], []), 422, /not in .*squad/);
      await refuse(coach.visitor, 'PUT', path(), sheet([...p.slice(0, 10), league.freeAgents[0]!], []), 422, /squad/);
      await refuse(
        coach.visitor,
        'PUT',
        path(),
        sheet(['x' as unknown as number], []),
        400,
        /starters\/0 must be integer/,
      );
      await refuse(coach.visitor, 'PUT', path(), { starters: p.slice(0, 11) }, 400, /substitutes/);
      await db().updateTable('players').set({ status: 'injured' }).where('id', '=', p[3]!).execute();
      try {
        await refuse(coach.visitor, 'PUT', path(), sheet(p.slice(0, 11), []), 422, /is injured; only available/);
      } finally {
        await db().updateTable('players').set({ status: 'available' }).where('id', '=', p[3]!).execute();
      }
    });

    it('refuses by state: a played fixture, after kick-off, a team that does not play, an unknown fixture', async () => {
      const { coach } = league.members;
      const valid = sheet(players().slice(0, 11), []);
      const played = fixtureOf(1, 0);
      await refuse(
        coach.visitor,
        'PUT',
        `/api/fixtures/${played.id}/sheets/${league.teams[0]!.id}`,
        valid,
        409,
        /is played/,
      );
      const notOurs = league.fixtures.find(
        (f) => f.week === 3 && f.home_team_id !== league.teams[0]!.id && f.away_team_id !== league.teams[0]!.id,
      )!;
      await refuse(
        coach.visitor,
        'PUT',
        `/api/fixtures/${notOurs.id}/sheets/${league.teams[0]!.id}`,
        valid,
        422,
        /does not play/,
      );
      await refuse(
        coach.visitor,
        'PUT',
        `/api/fixtures/99999999/sheets/${league.teams[0]!.id}`,
        valid,
        404,
        /does not exist/,
      );

      const fixture = fixtureOf(3, 0);
      await db()
        .updateTable('fixtures')
        .set({ kickoff_at: new Date(Date.now() - 60_000).toISOString() })
        .where('id', '=', fixture.id)
        .execute();
      try {
        await refuse(coach.visitor, 'PUT', path(), valid, 409, /kicked off .*close at kick-off/);
      } finally {
        await db()
          .updateTable('fixtures')
          .set({ kickoff_at: fixture.kickoff_at })
          .where('id', '=', fixture.id)
          .execute();
      }
    });

    it('lets only that team’s coach set it', async () => {
      const valid = sheet(players().slice(0, 11), []);
      const { commissioner, otherCoach, player, referee, outsider } = league.members;
      await refuse(league.anonymous, 'PUT', path(), valid, 401, /not signed in/);
      await refuse(outsider.visitor, 'PUT', path(), valid, 404, /does not exist or is not in one of your leagues/);
      for (const who of [commissioner, otherCoach, player, referee])
        await refuse(who.visitor, 'PUT', path(), valid, 403, /Only the coach of .* may set its team sheet/);
    });
  });

  describe('PATCH /api/players/:id', () => {
    it('lets the commissioner set a status', async () => {
      const id = league.teams[2]!.players[4]!;
      const answer = await league.members.commissioner.visitor.send('PATCH', `/api/players/${id}`, {
        json: { status: 'suspended' },
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ id, status: 'suspended' });
      const row = await db().selectFrom('players').select('status').where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.status).toBe('suspended');
    });

    it('refuses anyone else and bad statuses', async () => {
      const path = `/api/players/${league.teams[0]!.players[2]!}`;
      const { coach, player, outsider, commissioner } = league.members;
      await refuse(league.anonymous, 'PATCH', path, { status: 'injured' }, 401, /not signed in/);
      await refuse(outsider.visitor, 'PATCH', path, { status: 'injured' }, 404, /not in one of your leagues/);
      await refuse(
        coach.visitor,
        'PATCH',
        path,
        { status: 'injured' },
        403,
        /Only the commissioner may set a player's status/,
      );
      await refuse(player.visitor, 'PATCH', path, { status: 'injured' }, 403, /Only the commissioner/);
      await refuse(
        commissioner.visitor,
        'PATCH',
        path,
        { status: 'retired' },
        400,
        /status must be equal to one of the allowed values/,
      );
      await refuse(
        commissioner.visitor,
        'PATCH',
        '/api/players/99999999',
        { status: 'injured' },
        404,
        /does not exist/,
      );
    });
  });

  describe('POST /api/leagues/:id/advance-week', () => {
    it('advances only when the week is done, and never past the last week', async () => {
      const own = await buildLeague(server, { teams: 4, squad: 14, freeAgents: 0, weeks: 3, currentWeek: 2 });
      const path = `/api/leagues/${own.id}/advance-week`;
      const { commissioner, coach, referee } = own.members;
      await refuse(league.anonymous, 'POST', path, undefined, 401, /not signed in/, own);
      await refuse(
        league.members.commissioner.visitor,
        'POST',
        path,
        undefined,
        404,
        /not in one of your leagues/,
        own,
      );
      await refuse(coach.visitor, 'POST', path, undefined, 403, /Only the commissioner may advance the week/, own);
      await refuse(
        commissioner.visitor,
        'POST',
        path,
        undefined,
        409,
        /2 fixtures of week 2 are still scheduled; record or postpone them/,
        own,
      );

      for (const current of own.fixtures.filter((f) => f.week === 2)) {
        const result = await referee.visitor.send('POST', `/api/fixtures/${current.id}/result`, {
          json: { home_score: 0, away_score: 0 },
        });
        expect(result.status).toBe(200);
      }
      const answer = await commissioner.visitor.send('POST', path);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ league_id: own.id, current_week: 3, weeks: 3 });

      const next = own.fixtures.find((f) => f.week === 3)!;
      expect(
        (await commissioner.visitor.send('PATCH', `/api/fixtures/${next.id}`, { json: { status: 'postponed' } }))
          .status,
      ).toBe(200);
      await refuse(commissioner.visitor, 'POST', path, undefined, 409, /last week/, own);
      const row = await db()
        .selectFrom('leagues')
        .select('current_week')
        .where('id', '=', own.id)
        .executeTakeFirstOrThrow();
      expect(row.current_week).toBe(3);
    });
  });
});

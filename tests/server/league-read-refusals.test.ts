/**
 * The league's read routes on each engine: who may read what (signed out 401, another league's
 * member 404 like an unknown id, every role of the league 200), and bad input as a 4xx that says
 * what is wrong. The answers themselves are in league-read.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../support/engines.js';
import { buildLeague, type BuiltLeague } from '../support/league-builder.js';
import { readHelpers } from '../support/league-rows.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

describe.each(ENGINES)('league reads refused on $name', (engine) => {
  let server: TestServer;
  let league: BuiltLeague;

  const { get, team, fixture } = readHelpers(() => league);

  beforeAll(async () => {
    server = await startTestServer(engine);
    league = await buildLeague(server);
  });
  afterAll(() => server.close());

  describe('access', () => {
    const paths = () => [
      `/api/leagues/${league.id}`,
      `/api/leagues/${league.id}/fixtures`,
      `/api/leagues/${league.id}/players`,
      `/api/leagues/${league.id}/transfers`,
      `/api/fixtures/${fixture(1, 0).id}`,
      `/api/teams/${team(0).id}`,
      `/api/players/${team(0).players[0]}`,
    ];

    it('needs sign-in everywhere', async () => {
      for (const path of ['/api/leagues', ...paths()])
        expect((await get(league.anonymous, path)).status, path).toBe(401);
    });

    it('answers 404 to a member of another league, like an id that does not exist', async () => {
      for (const path of paths()) {
        const answer = await get(league.members.outsider.visitor, path);
        expect(answer.status, path).toBe(404);
        expect(answer.body.message).toMatch(/does not exist or is not in one of your leagues/);
      }
    });

    it.each(['commissioner', 'coach', 'otherCoach', 'player', 'referee'] as const)(
      'lets the %s read everything',
      async (who) => {
        for (const path of paths()) expect((await get(league.members[who].visitor, path)).status, path).toBe(200);
      },
    );
  });

  describe('bad input is a 4xx that says what is wrong', () => {
    const max = 2147483647;
    it.each([
      ['/api/leagues/abc', 400, /params\/id must be integer/],
      ['/api/fixtures/abc', 400, /params\/id must be integer/],
      ['/api/teams/0', 400, /params\/id must be >= 1/],
      ['/api/players/2147483648', 400, /params\/id must be <= 2147483647/],
      [`/api/leagues/${max}`, 404, /League 2147483647 does not exist/],
      [`/api/fixtures/${max}`, 404, /Fixture 2147483647 does not exist/],
      [`/api/teams/${max}`, 404, /Team 2147483647 does not exist/],
      [`/api/players/${max}`, 404, /Player 2147483647 does not exist/],
      [`/api/leagues/${max}/players`, 404, /does not exist/],
    ])('%s → %i', async (path, status, message) => {
      const answer = await get(league.members.commissioner.visitor, path);
      expect(answer.status).toBe(status);
      expect(answer.body.message).toMatch(message);
    });

    it.each([
      ['fixtures?week=0', /week must be between 1 and 6/],
      ['fixtures?week=7', /week must be between 1 and 6/],
      ['fixtures?week=two', /week must be integer/],
      ['players?sort=age', /sort must be equal to one of the allowed values/],
      ['players?status=retired', /status must be equal to one of the allowed values/],
      ['players?position=XX', /position must be equal to one of the allowed values/],
      ['players?position=C', /position must be one of GK, DF, MF, FW/],
      ['players?limit=0', /limit must be >= 1/],
      ['players?limit=51', /limit must be <= 50/],
      ['players?cursor=bm90LWEtY3Vyc29y', /cursor is not a cursor of this list/],
      ['players?cursor=%21%21', /cursor must match pattern/],
      [`players?q=${'a'.repeat(101)}`, /q must NOT have more than 100 characters/],
      ['players?free=maybe', /free must be boolean/],
      ['players?team=2147483647', /team 2147483647 is not a team of this league/],
      ['players?colour=red', /must NOT have additional properties/],
      ['transfers?limit=0', /limit must be >= 1/],
      ['transfers?limit=51', /limit must be <= 50/],
    ])('%s', async (query, message) => {
      const answer = await get(league.members.commissioner.visitor, `/api/leagues/${league.id}/${query}`);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(message);
    });
  });
});

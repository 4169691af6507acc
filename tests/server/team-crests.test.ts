/**
 * A team's crest and removing a team (issue #28 item 2, docs/decisions/0033): a crest is decoded
 * and re-encoded like an avatar, served to the league's members only; a team that has played
 * stays, one that has not goes with its fixtures. Every refusal changes nothing.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeagueDetail } from '../../server/api/league/league-view.js';
import { ENGINES } from '../support/engines.js';
import { Visitor } from '../support/http-client.js';
import { expectServedWebp, solid } from '../support/image-samples.js';
import { form } from '../support/images.js';
import { buildLeague, type BuiltLeague } from '../support/league-builder.js';
import { leagueHelpers } from '../support/league-rows.js';
import { COLOURS, registerMember, setupHelpers, type Member, type TeamAnswer } from '../support/league-setup.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

describe.each(ENGINES)('team crests and removal on $name', (engine) => {
  let server: TestServer;
  let founder: Member;
  let member: Member;
  let stranger: Member;
  let built: BuiltLeague;

  const db = () => server.database.db;
  const { refuse } = leagueHelpers(() => ({ server, league: built }));
  const { startLeague, addTeam, membership } = setupHelpers(() => ({ server, founder }));
  const crestFiles = () => readdir(join(server.config.dataDir, 'crests')).catch(() => [] as string[]);
  const teamRow = (id: number) => db().selectFrom('teams').selectAll().where('id', '=', id).executeTakeFirst();

  beforeAll(async () => {
    server = await startTestServer(engine);
    founder = await registerMember(server, 'founder');
    member = await registerMember(server, 'member');
    stranger = await registerMember(server, 'stranger');
    built = await buildLeague(server);
  });
  afterAll(() => server.close());

  describe('crests', () => {
    const upload = (teamId: number, data: Buffer, who = founder, field = 'crest', type = 'image/png') =>
      who.visitor.send<TeamAnswer>('PUT', `/api/teams/${teamId}/crest`, { body: form(field, data, 'crest.png', type) });
    const served = async (url: string, who: Visitor) => {
      const response = await fetch(`${server.url}${url}`, { headers: { cookie: who.cookieHeader() } });
      return { response, data: Buffer.from(await response.arrayBuffer()) };
    };

    it('re-encodes a crest to a 256×256 WebP, serves it to members only, replaces and removes it', async () => {
      const leagueId = await startLeague([[member, 'player']]);
      const team = (await addTeam(leagueId, { name: 'Crested' })).body;
      await founder.visitor.send('GET', `/api/leagues/${leagueId}`);
      const original = await solid('png', 300, 200, '#2a7ae2');
      const answer = await upload(team.id, original);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.crest_url).toMatch(new RegExp(`^/api/teams/${team.id}/crest\\?v=[0-9a-f]{16}$`));

      const { response, data } = await served(answer.body.crest_url!, member.visitor);
      await expectServedWebp(response, data, [0x2a, 0x7a, 0xe2]);
      const files = await crestFiles();
      expect(files).toEqual([expect.stringMatching(new RegExp(`^${team.id}-[0-9a-f]{16}\\.webp$`))]);
      const stored = await readFile(join(server.config.dataDir, 'crests', files[0]!));
      expect(stored.equals(data)).toBe(true);
      expect(stored.equals(original)).toBe(false);

      // The league's next read shows the crest (the teams' trigger raised the revision).
      const league = await member.visitor.send<LeagueDetail>('GET', `/api/leagues/${leagueId}`);
      expect(league.body.standings[0]!.team.crest_url).toBe(answer.body.crest_url);
      expect((await served(answer.body.crest_url!, stranger.visitor)).response.status).toBe(404);
      expect((await served(answer.body.crest_url!, new Visitor(server.url))).response.status).toBe(401);

      const again = await upload(team.id, await solid('jpeg', 64, 64, '#ff0000'), founder, 'crest', 'image/jpeg');
      expect(again.status).toBe(200);
      expect(again.body.crest_url).not.toBe(answer.body.crest_url);
      expect(await crestFiles()).toHaveLength(1);

      const removed = await founder.visitor.send<TeamAnswer>('DELETE', `/api/teams/${team.id}/crest`);
      expect(removed.status, removed.text).toBe(200);
      expect(removed.body.crest_url).toBeNull();
      expect(await crestFiles()).toEqual([]);
      expect((await served(again.body.crest_url!, member.visitor)).response.status).toBe(404);
    });

    it('refuses what is not an accepted image, a file over CREST_MAX_BYTES, and anyone but the commissioner', async () => {
      const leagueId = await startLeague([[member, 'player']]);
      const team = (await addTeam(leagueId, { name: 'Plain' })).body;
      const check = async (
        answer: { status: number; body: { message?: unknown } },
        status: number,
        message: RegExp,
      ) => {
        expect(answer.status).toBe(status);
        expect(answer.body.message).toMatch(message);
        expect((await teamRow(team.id))!.crest).toBeNull();
        expect(await crestFiles()).toEqual([]);
      };
      await check(
        await upload(team.id, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
        415,
        /The crest must be a PNG, JPEG, WebP or GIF image/,
      );
      await check(
        await upload(team.id, Buffer.from('just some text, not a picture')),
        415,
        /The crest must be a PNG, JPEG, WebP or GIF/,
      );
      await check(
        await upload(team.id, await solid('png'), founder, 'avatar'),
        400,
        /Unexpected file field 'avatar'; the file field must be named crest/,
      );
      await check(
        await upload(team.id, Buffer.alloc(2 * 1024 * 1024 + 1, 1)),
        413,
        /The crest is larger than the 2 MB limit/,
      );
      await check(
        await founder.visitor.send('PUT', `/api/teams/${team.id}/crest`, { json: { crest: 'x' } }),
        415,
        /Send the crest as multipart\/form-data with one file field named crest/,
      );
      const png = await solid('png');
      await check(await upload(team.id, png, member), 403, /Only the commissioner may change a team's crest/);
      await check(await upload(team.id, png, stranger), 404, /does not exist or is not in one of your leagues/);
      await check(await upload(team.id, png, { id: 0, visitor: new Visitor(server.url) }), 401, /not signed in/);
      await check(await member.visitor.send('DELETE', `/api/teams/${team.id}/crest`), 403, /Only the commissioner/);
    });
  });

  describe('removing a team', () => {
    it('refuses a team that has played fixtures (409, naming why), and changes nothing', async () => {
      const team = built.teams[0]!;
      expect(
        built.fixtures.some((f) => f.status === 'played' && (f.home_team_id === team.id || f.away_team_id === team.id)),
      ).toBe(true);
      await refuse(
        built.members.commissioner.visitor,
        'DELETE',
        `/api/teams/${team.id}`,
        undefined,
        409,
        /has played fixtures, so it cannot be removed/,
      );
      await refuse(
        built.members.commissioner.visitor,
        'POST',
        `/api/leagues/${built.id}/teams`,
        { name: 'Late', colours: COLOURS },
        409,
        /has played fixtures; a new team can no longer join/,
      );
      expect(await teamRow(team.id)).toBeDefined();
    });

    it('removes a team that has not played, with its fixtures and crest; its players become free agents', async () => {
      const league = await buildLeague(server, { teams: 4, squad: 14, currentWeek: 1 });
      const [gone, kept] = [league.teams[0]!, league.teams[1]!];
      const { commissioner, coach } = league.members;
      const crest = await commissioner.visitor.send('PUT', `/api/teams/${gone.id}/crest`, {
        body: form('crest', await solid('png')),
      });
      expect(crest.status, crest.text).toBe(200);
      const involved = league.fixtures.filter((f) => f.home_team_id === gone.id || f.away_team_id === gone.id);
      expect(involved.length).toBeGreaterThan(0);

      const answer = await commissioner.visitor.send('DELETE', `/api/teams/${gone.id}`);
      expect(answer.status, answer.text).toBe(204);
      expect(await teamRow(gone.id)).toBeUndefined();
      const fixtures = await db().selectFrom('fixtures').select('id').where('league_id', '=', league.id).execute();
      expect(fixtures.map((f) => f.id).sort()).toEqual(
        league.fixtures
          .filter((f) => !involved.includes(f))
          .map((f) => f.id)
          .sort(),
      );
      const squads = await db()
        .selectFrom('squad_memberships')
        .select('id')
        .where('player_id', 'in', gone.players)
        .execute();
      expect(squads).toEqual([]);
      expect(await db().selectFrom('players').select('id').where('id', 'in', gone.players).execute()).toHaveLength(14);
      expect(await membership(league.id, coach.id)).toEqual({ role: 'coach', team_id: null });
      expect(await crestFiles()).toEqual([]);
      const read = await commissioner.visitor.send<LeagueDetail>('GET', `/api/leagues/${league.id}`);
      expect(read.body.teams).toBe(3);
      expect(read.body.standings.map((row) => row.team.id)).toContain(kept.id);
      expect((await commissioner.visitor.send('DELETE', `/api/teams/${gone.id}`)).status).toBe(404);
    });
  });
});

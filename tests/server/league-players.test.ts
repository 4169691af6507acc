/**
 * GET /api/leagues/:id/players on each engine: search (prefix, word, substring, typos,
 * diacritics), filters, sorts and paging through every page without a player twice or missing.
 * The builder's league has 4 teams of 16 "Player t-p <suffix>" and 3 "Free Agent f <suffix>";
 * five more free agents are added here for search.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchName } from '../../server/league/sports.js';
import { ENGINES } from '../support/engines.js';
import type { PlayerDetail, PlayerPage } from '../../server/api/league/league-view.js';
import type { ErrorBody } from '../../server/http/errors.js';
import type { UserView } from '../../server/api/users/user-view.js';
import type { Visitor } from '../support/http-client.js';
import { form, png } from '../support/images.js';
import { buildLeague, type BuiltLeague } from '../support/league-builder.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

type Entry = PlayerPage['players'][number];

const EXTRA = ['Stone Age', 'Ada Stone', 'Keystone Kid', 'Stona Lee', 'Zoë Ångström'];

describe.each(ENGINES)('the player list on $name', (engine) => {
  let server: TestServer;
  let league: BuiltLeague;
  let reader: Visitor;
  const all: { id: number; name: string }[] = [];

  async function list(query: string): Promise<PlayerPage> {
    const answer = await reader.send<PlayerPage>('GET', `/api/leagues/${league.id}/players?${query}`);
    expect(answer.status, answer.text).toBe(200);
    return answer.body;
  }
  const names = async (query: string) => (await list(query)).players.map((p) => p.name);

  /** Every page of a list, in order. */
  async function walk(query: string): Promise<Entry[]> {
    const seen: Entry[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 100; page++) {
      const body = await list(`${query}${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...body.players);
      cursor = body.next_cursor;
      if (!cursor) return seen;
    }
    throw new Error('the list did not end');
  }

  beforeAll(async () => {
    server = await startTestServer(engine);
    league = await buildLeague(server);
    reader = league.members.player.visitor;
    const { db } = server.database;
    for (const name of EXTRA)
      await db
        .insertInto('players')
        .values({
          league_id: league.id,
          name,
          search_name: searchName(name),
          position: 'FW',
          shirt_number: null,
          status: 'available',
          user_id: null,
        })
        .execute();
    const [a, b] = [league.teams[0]!, league.teams[1]!];
    await db.updateTable('players').set({ status: 'injured' }).where('id', '=', b.players[4]!).execute();
    const f1 = league.fixtures.find((f) => f.week === 1 && f.home_team_id === a.id)!;
    const f2 = league.fixtures.find((f) => f.week === 2 && f.home_team_id === a.id)!;
    const line = (fixtureId: number, playerId: number, teamId: number, goals: number) => ({
      fixture_id: fixtureId,
      player_id: playerId,
      team_id: teamId,
      minutes: 90,
      goals,
      assists: 0,
      yellow_cards: 0,
      red_cards: 0,
    });
    await db
      .insertInto('appearances')
      .values([
        line(f1.id, a.players[5]!, a.id, 0),
        line(f2.id, a.players[5]!, a.id, 0),
        line(f1.id, b.players[9]!, b.id, 3),
        line(f1.id, a.players[9]!, a.id, 1),
        line(f2.id, a.players[10]!, a.id, 1),
      ])
      .execute();
    all.push(...(await db.selectFrom('players').select(['id', 'name']).where('league_id', '=', league.id).execute()));
  });
  afterAll(() => server.close());

  it('lists 25 by name by default, each with team and season totals', async () => {
    const body = await list('');
    expect(body.players).toHaveLength(25);
    expect(body.next_cursor).toEqual(expect.any(String));
    expect(body.players[0]).toEqual({
      id: all.find((p) => p.name === 'Ada Stone')!.id,
      name: 'Ada Stone',
      position: 'FW',
      shirt_number: null,
      status: 'available',
      user_id: null,
      avatar_url: null,
      appearances: 0,
      goals: 0,
      assists: 0,
      since: null,
      team: null,
    });
    const member = body.players.find((p) => p.id === league.teams[0]!.players[0]);
    expect(member).toMatchObject({
      user_id: league.members.player.id,
      team: { id: league.teams[0]!.id },
      since: expect.any(String),
    });
  });

  it('ranks search matches: name prefix, word prefix, inside a word, then typos', async () => {
    expect(await names('q=stone')).toEqual(['Stone Age', 'Ada Stone', 'Keystone Kid', 'Stona Lee']);
    expect(await names('q=STONE%20a')).toEqual(['Stone Age', 'Ada Stone']);
  });

  it('finds names despite a typo, and only those', async () => {
    const found = await walk('q=Plyer&limit=50');
    expect(found).toHaveLength(64);
    expect(found.every((p) => /^Player /.test(p.name))).toBe(true);
    expect(await names('q=Plyer%200-1%20')).toContain(all.find((p) => p.name.startsWith('Player 0-1 '))!.name);
    expect(await names('q=Free%20Agnet')).toHaveLength(3);
    expect(await names('q=xqzv')).toEqual([]);
  });

  it('ignores case and diacritics on both sides', async () => {
    expect(await names('q=zoe')).toEqual(['Zoë Ångström']);
    expect(await names(`q=${encodeURIComponent('ÅNGSTRÖM')}`)).toEqual(['Zoë Ångström']);
    expect(await names('q=angstrom')).toEqual(['Zoë Ångström']);
    expect(await names(`q=${encodeURIComponent('Zoé')}`)).toEqual(['Zoë Ångström']);
  });

  it('filters by team, position, status and free agents', async () => {
    const [a, b] = [league.teams[0]!, league.teams[1]!];
    const team = (await list(`team=${a.id}&limit=50`)).players;
    expect(team.map((p) => p.id).sort((x, y) => x - y)).toEqual([...a.players].sort((x, y) => x - y));
    expect(team.every((p) => p.team?.id === a.id)).toBe(true);
    expect((await list(`team=${a.id}&position=GK`)).players.map((p) => p.id)).toEqual([a.players[0], a.players[11]]);
    expect((await list('status=injured')).players.map((p) => p.id)).toEqual([b.players[4]]);
    expect(await walk('free=true&limit=50')).toHaveLength(3 + EXTRA.length);
    expect(await walk('free=false&limit=50')).toHaveLength(64);
    expect(await names('free=true&q=stone&position=FW')).toHaveLength(4);
  });

  it('refuses free=true with a team, and another league’s team', async () => {
    const both = await reader.send<ErrorBody>(
      'GET',
      `/api/leagues/${league.id}/players?free=true&team=${league.teams[0]!.id}`,
    );
    expect(both.status).toBe(400);
    expect(both.body.message).toMatch(/cannot go with team/);
  });

  it('sorts by goals and appearances, most first, then by name', async () => {
    const [a, b] = [league.teams[0]!, league.teams[1]!];
    const goals = (await list('sort=goals&limit=4')).players;
    expect(goals.map((p) => [p.id, p.goals])).toEqual([
      [b.players[9], 3],
      [a.players[10], 1],
      [a.players[9], 1],
      [all.find((p) => p.name === 'Ada Stone')!.id, 0],
    ]);
    const apps = (await list('sort=appearances&limit=2')).players;
    expect(apps.map((p) => [p.id, p.appearances])).toEqual([
      [a.players[5], 2],
      [a.players[10], 1],
    ]);
    expect((await list('sort=goals&q=player&limit=1')).players[0]!.id).toBe(b.players[9]);
  });

  it.each([
    ['sort=name&limit=7'],
    ['sort=goals&limit=9'],
    ['sort=appearances&limit=11'],
    ['q=player&sort=appearances&limit=5'],
    ['q=plyer&limit=10'],
    ['q=e&sort=goals&limit=6'],
    ['free=false&sort=name&limit=13'],
  ])('pages through %s without a player twice or missing', async (query) => {
    const seen = await walk(query);
    const ids = seen.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    const everything = (await walk(`${query.replace(/limit=\d+/, 'limit=50')}`)).map((p) => p.id);
    expect(ids).toEqual(everything);
    if (query === 'sort=name&limit=7') {
      const expected = [...all]
        .sort((x, y) => {
          const [p, q] = [searchName(x.name), searchName(y.name)];
          return p < q ? -1 : p > q ? 1 : x.id - y.id;
        })
        .map((p) => p.id);
      expect(ids).toEqual(expected);
    }
    if (query.startsWith('sort=goals')) expect(ids).toHaveLength(all.length);
  });

  it('refuses a cursor from another list', async () => {
    const cursor = (await list('sort=name&limit=2')).next_cursor as string;
    for (const other of ['sort=goals', 'q=player', 'sort=name&q=a']) {
      const answer = await reader.send<ErrorBody>('GET', `/api/leagues/${league.id}/players?${other}&cursor=${cursor}`);
      expect(answer.status, other).toBe(400);
      expect(answer.body.message).toMatch(/cursor is not a cursor of this list/);
    }
    const forged = Buffer.from(JSON.stringify({ s: 'name', q: false, k: [{}, 1] })).toString('base64url');
    const answer = await reader.send<ErrorBody>('GET', `/api/leagues/${league.id}/players?cursor=${forged}`);
    expect(answer.status).toBe(400);
  });

  it('shows a member’s avatar on their player', async () => {
    const member = league.members.player;
    const upload = await member.visitor.send<UserView>('PUT', `/api/users/${member.id}/avatar`, {
      body: form('avatar', png()),
    });
    expect(upload.status).toBe(200);
    const answer = await league.members.coach.visitor.send<PlayerDetail>(
      'GET',
      `/api/players/${league.teams[0]!.players[0]}`,
    );
    expect(answer.body.avatar_url).toBe(upload.body.avatar_url);
    expect(answer.body.avatar_url).toMatch(new RegExp(`^/api/users/${member.id}/avatar\\?v=`));
    const page = await list(`team=${league.teams[0]!.id}&position=GK`);
    expect(page.players[0]!.avatar_url).toBe(upload.body.avatar_url);
  });
});

/**
 * The reads addressed by league id check the caller's session and membership in the same query
 * as the league's revision, and reuse an answer already serialized for that revision
 * (docs/decisions/0041). On each engine: a write shows on the very next read, whichever instance
 * made it; a removed member and a signed-out or deleted session lose access at once; answers that
 * depend on the caller's role stay the caller's; the cache breaker and the body limit change
 * nothing visible; a session near its end still slides.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { SESSION_COOKIE } from '../../server/api/sessions/session-plugin.js';
import { ENGINES } from '../support/engines.js';
import { Visitor } from '../support/http-client.js';
import { buildLeague, type BuiltLeague } from '../support/league-builder.js';
import { readHelpers } from '../support/league-rows.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

interface Detail {
  name: string;
  my_role: string;
  current_week: number;
  rules: { points_win: number };
  standings: { team: { id: number }; points: number }[];
  can: { manage: boolean };
}
interface Page {
  players: { id: number; name: string; status: string }[];
  next_cursor: string | null;
}
interface Week {
  week: number;
  fixtures: { id: number }[];
}

describe.each(ENGINES)('league read answers kept per revision on $name', (engine) => {
  let server: TestServer;
  /** A second instance on the same database, as behind a load balancer: its own memory. */
  let other: FastifyInstance;
  let otherUrl: string;
  let league: BuiltLeague;
  const { get } = readHelpers(() => league);

  /** The same browser tab (same cookies) talking to the other instance. */
  const onOther = (visitor: Visitor) => {
    const copy = new Visitor(otherUrl);
    for (const [name, value] of visitor.cookies) copy.cookies.set(name, value);
    return copy;
  };

  beforeAll(async () => {
    // Two bodies per league at most, so the tests below also run past the limit.
    server = await startTestServer(engine, { LEAGUE_CACHE_BODIES: '2' });
    other = await buildApp(server.config, server.database);
    await other.listen({ port: 0, host: '127.0.0.1' });
    otherUrl = `http://127.0.0.1:${(other.server.address() as { port: number }).port}`;
    league = await buildLeague(server);
  });
  afterAll(async () => {
    await other.close();
    await server.close();
  });

  const players = (who: Visitor, query = '') => get<Page>(who, `/api/leagues/${league.id}/players${query}`);
  const detail = (who: Visitor) => get<Detail>(who, `/api/leagues/${league.id}`);

  it('shows a write made on another instance on the next read', async () => {
    const { commissioner } = league.members;
    const first = await players(commissioner.visitor, '?sort=name&limit=50');
    const target = first.body.players.find((p) => p.status === 'available')!;
    // Read twice, so the second answer is the kept one.
    expect((await players(commissioner.visitor, '?sort=name&limit=50')).text).toBe(first.text);

    const write = await onOther(commissioner.visitor).send('PATCH', `/api/players/${target.id}`, {
      json: { status: 'injured' },
    });
    expect(write.status, write.text).toBe(200);
    const after = await players(commissioner.visitor, '?sort=name&limit=50');
    expect(after.body.players.find((p) => p.id === target.id)!.status).toBe('injured');
  });

  it('shows a change to the league row itself (not counted in the revision) on the next read', async () => {
    const { commissioner } = league.members;
    const before = await detail(commissioner.visitor);
    await server.database.db
      .updateTable('leagues')
      .set({ name: `${before.body.name} renamed`, points_win: 4 })
      .where('id', '=', league.id)
      .execute();
    const after = await detail(commissioner.visitor);
    expect(after.body.name).toBe(`${before.body.name} renamed`);
    expect(after.body.rules.points_win).toBe(4);
    const wins = (table: Detail['standings']) => table.map((row) => row.points);
    expect(wins(after.body.standings)).not.toEqual(wins(before.body.standings));
  });

  it("keeps each caller's role in their own answer", async () => {
    const { commissioner, player } = league.members;
    const mine = await detail(commissioner.visitor);
    const theirs = await detail(player.visitor);
    expect([mine.body.my_role, mine.body.can.manage]).toEqual(['commissioner', true]);
    expect([theirs.body.my_role, theirs.body.can.manage]).toEqual(['player', false]);
    expect(theirs.body.standings).toEqual(mine.body.standings);
  });

  it('refuses a member removed on another instance at once, though their answer is kept', async () => {
    const { commissioner, referee } = league.members;
    const paths = [
      `/api/leagues/${league.id}`,
      `/api/leagues/${league.id}/players`,
      `/api/leagues/${league.id}/fixtures`,
    ];
    for (const path of paths) expect((await get(referee.visitor, path)).status, path).toBe(200);
    const removal = await onOther(commissioner.visitor).send(
      'DELETE',
      `/api/leagues/${league.id}/members/${referee.id}`,
    );
    expect(removal.status, removal.text).toBe(204);
    for (const path of paths) {
      const answer = await get(referee.visitor, path);
      expect(answer.status, path).toBe(404);
      expect(answer.body.message).toMatch(/does not exist or is not in one of your leagues/);
    }
    // The answers are still kept for those who may read them.
    for (const path of paths) expect((await get(commissioner.visitor, path)).status, path).toBe(200);
  });

  it('refuses a signed-out session and a session deleted from the database at once', async () => {
    const { coach, otherCoach } = league.members;
    const path = `/api/leagues/${league.id}`;
    expect((await get(coach.visitor, path)).status).toBe(200);
    const stolen = new Visitor(server.url);
    stolen.cookies.set(SESSION_COOKIE, coach.visitor.cookies.get(SESSION_COOKIE)!);
    expect((await onOther(coach.visitor).send('POST', '/api/auth/logout')).status).toBe(204);
    // The old cookie value (as a copy of it would still send) no longer reads anything.
    const refused = await get(stolen, path);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('You are not signed in');

    expect((await get(otherCoach.visitor, path)).status).toBe(200);
    await server.database.db.deleteFrom('sessions').execute();
    expect((await get(otherCoach.visitor, path)).status).toBe(401);
    expect((await get(otherCoach.visitor, `/api/leagues/${league.id}/players?q=a`)).status).toBe(401);
  });
});

describe.each(ENGINES)('league read answers on $name: what the key leaves out', (engine) => {
  let server: TestServer;
  let league: BuiltLeague;
  const { get } = readHelpers(() => league);

  beforeAll(async () => {
    server = await startTestServer(engine, { LEAGUE_CACHE_BODIES: '2' });
    league = await buildLeague(server, { teams: 4, squad: 12 });
  });
  afterAll(() => server.close());

  it('gives the same answer with or without the cache breaker, past the body limit', async () => {
    const who = league.members.coach.visitor;
    const queries = ['?sort=goals', '?q=te', '?position=FW', '?sort=name&limit=5', '?free=true'];
    const first = new Map<string, string>();
    for (const query of queries) first.set(query, (await get(who, `/api/leagues/${league.id}/players${query}`)).text);
    for (const query of queries) {
      const again = await get(who, `/api/leagues/${league.id}/players${query}&_ts=${Date.now()}`);
      expect(again.text, query).toBe(first.get(query));
    }
  });

  it('follows the week a read asks for and the league row’s current week', async () => {
    const who = league.members.player.visitor;
    const weekOf = async (query: string) => (await get<Week>(who, `/api/leagues/${league.id}/fixtures${query}`)).body;
    expect((await weekOf('')).week).toBe(3);
    expect((await weekOf('?week=2')).week).toBe(2);
    await server.database.db.updateTable('leagues').set({ current_week: 4 }).where('id', '=', league.id).execute();
    const now = await weekOf('');
    expect(now.week).toBe(4);
    expect(now.fixtures.map((f) => f.id)).toEqual((await weekOf('?week=4')).fixtures.map((f) => f.id));
  });

  it('still slides a session near its end, and sends its cookie again', async () => {
    const who = league.members.referee.visitor;
    const { db } = server.database;
    const soon = new Date(Date.now() + 60_000).toISOString();
    await db
      .updateTable('sessions')
      .set({ expires_at: soon })
      .where('user_id', '=', league.members.referee.id)
      .execute();
    const answer = await get(who, `/api/leagues/${league.id}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.getSetCookie().join()).toMatch(new RegExp(`^${SESSION_COOKIE}=`));
    const row = await db
      .selectFrom('sessions')
      .select('expires_at')
      .where('user_id', '=', league.members.referee.id)
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at)).toBeGreaterThan(Date.parse(soon) + 24 * 3600 * 1000);
  });
});

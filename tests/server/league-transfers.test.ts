import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../support/engines.js';
import { Visitor } from '../support/http-client.js';
import { buildLeague, type BuiltLeague } from '../support/league-builder.js';
import { refusals } from '../support/league-rows.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

describe.each(ENGINES)('league transfers on $name', (engine) => {
  let server: TestServer;
  let league: BuiltLeague;

  const db = () => server.database.db;
  const refuse = refusals(() => server);
  const path = (leagueId = league.id) => `/api/leagues/${leagueId}/transfers`;
  const openSpells = (playerId: number) =>
    db()
      .selectFrom('squad_memberships')
      .select(['team_id'])
      .where('player_id', '=', playerId)
      .where('until_at', 'is', null)
      .execute();
  /** A second browser of the same member, as when two tabs or devices act at once. */
  const secondSession = async (userId: number) => {
    const { email } = await db().selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
    const visitor = new Visitor(server.url);
    expect((await visitor.signIn(email, 'correct horse battery')).status).toBe(200);
    return visitor;
  };

  beforeAll(async () => {
    server = await startTestServer(engine);
    league = await buildLeague(server);
  });
  afterAll(() => server.close());

  it('lets a coach register a free agent into their own team and release one of their players', async () => {
    const { coach } = league.members;
    const [team] = league.teams;
    const free = league.freeAgents[0]!;
    const registered = await coach.visitor.send('POST', path(), {
      json: { kind: 'registered', player_id: free, team_id: team!.id },
    });
    expect(registered.status, registered.text).toBe(201);
    expect(registered.body).toMatchObject({
      kind: 'registered',
      player: { id: free },
      from_team: null,
      to_team: { id: team!.id, name: team!.name },
      by_name: 'Coach Tester',
    });
    expect(await openSpells(free)).toEqual([{ team_id: team!.id }]);

    const released = await coach.visitor.send('POST', path(), { json: { kind: 'released', player_id: free } });
    expect(released.status, released.text).toBe(201);
    expect(released.body).toMatchObject({ kind: 'released', from_team: { id: team!.id }, to_team: null });
    expect(await openSpells(free)).toEqual([]);
    const stored = await db().selectFrom('transfers').selectAll().where('player_id', '=', free).orderBy('id').execute();
    expect(stored.map((t) => [t.kind, t.from_team_id, t.to_team_id, t.by_user_id])).toEqual([
      ['registered', null, team!.id, coach.id],
      ['released', team!.id, null, coach.id],
    ]);
  });

  it("lets the commissioner move a player, keeping the history and the member's team in step", async () => {
    const { commissioner, player } = league.members;
    const [from, to] = [league.teams[0]!, league.teams[2]!];
    const linked = from.players[0]!;
    const moved = await commissioner.visitor.send('POST', path(), {
      json: { kind: 'moved', player_id: linked, team_id: to.id, from_team_id: from.id },
    });
    expect(moved.status, moved.text).toBe(201);
    expect(moved.body).toMatchObject({ kind: 'moved', from_team: { id: from.id }, to_team: { id: to.id } });
    const spells = await db()
      .selectFrom('squad_memberships')
      .selectAll()
      .where('player_id', '=', linked)
      .orderBy('id')
      .execute();
    expect(spells.map((s) => [s.team_id, s.until_at === null])).toEqual([
      [from.id, false],
      [to.id, true],
    ]);
    expect(spells[0]!.until_at).toBe(spells[1]!.from_at);
    const membership = await db()
      .selectFrom('league_members')
      .select('team_id')
      .where('league_id', '=', league.id)
      .where('user_id', '=', player.id)
      .executeTakeFirstOrThrow();
    expect(membership.team_id).toBe(to.id);
  });

  it('refuses members without the right', async () => {
    const { coach, otherCoach, player, referee, outsider, commissioner } = league.members;
    const free = league.freeAgents[1]!;
    const [a, b] = [league.teams[0]!, league.teams[1]!];
    const register = { kind: 'registered', player_id: free, team_id: b.id };
    await refuse(league, league.anonymous, 'POST', path(), register, 401, /not signed in/);
    await refuse(league, outsider.visitor, 'POST', path(), register, 404, /not in one of your leagues/);
    await refuse(league, player.visitor, 'POST', path(), register, 403, /Only the commissioner or a coach/);
    await refuse(league, referee.visitor, 'POST', path(), register, 403, /Only the commissioner or a coach/);
    await refuse(
      league,
      coach.visitor,
      'POST',
      path(),
      register,
      403,
      /Only the commissioner or the coach of .* may register/,
    );
    const release = { kind: 'released', player_id: a.players[5]! };
    await refuse(league, otherCoach.visitor, 'POST', path(), release, 403, /coach of .* may release its players/);
    const move = { kind: 'moved', player_id: a.players[5]!, team_id: b.id };
    await refuse(league, coach.visitor, 'POST', path(), move, 403, /Only the commissioner may move a player/);
    // A league id that is not the caller's answers like one that does not exist.
    await refuse(league, commissioner.visitor, 'POST', path(99999999), register, 404, /does not exist/);
  });

  it('refuses bad input and transfers the state forbids', async () => {
    const { commissioner } = league.members;
    const other = await buildLeague(server, { teams: 2, squad: 14, freeAgents: 1 });
    const [a, b] = [league.teams[1]!, league.teams[3]!];
    const send = (json: unknown, status: number, message: RegExp) =>
      refuse(league, commissioner.visitor, 'POST', path(), json, status, message);
    await send({ kind: 'swapped', player_id: a.players[1] }, 400, /kind must be equal to one of the allowed values/);
    await send({ kind: 'moved', player_id: String(a.players[1]), team_id: b.id }, 400, /player_id must be integer/);
    await send({ kind: 'moved', player_id: a.players[1] }, 400, /team_id .* is required for a moved transfer/);
    await send({ kind: 'released', player_id: a.players[1], team_id: b.id }, 400, /a release has none/);
    await send({ kind: 'moved', player_id: 99999999, team_id: b.id }, 422, /not a player of this league/);
    await send(
      { kind: 'registered', player_id: other.freeAgents[0], team_id: b.id },
      422,
      /not a player of this league/,
    );
    await send(
      { kind: 'moved', player_id: a.players[1], team_id: other.teams[0]!.id },
      422,
      /not a team of this league/,
    );
    await send(
      { kind: 'registered', player_id: a.players[1], team_id: b.id },
      409,
      /already plays for .*registration is for players without a team/,
    );
    await send({ kind: 'moved', player_id: a.players[1], team_id: a.id }, 409, /already plays for/);
    await send({ kind: 'released', player_id: league.freeAgents[2] }, 409, /has no team to be released from/);
    await send({ kind: 'moved', player_id: league.freeAgents[2], team_id: b.id }, 409, /has no team; register them/);
    await send(
      { kind: 'moved', player_id: a.players[1], team_id: b.id, from_team_id: b.id },
      409,
      /just changed by someone else/,
    );
  });

  it('keeps squads between their minimum and maximum sizes', async () => {
    const small = await buildLeague(server, { teams: 2, squad: 14, freeAgents: 1 });
    const { commissioner } = small.members;
    const [a, b] = small.teams;
    const send = (json: unknown, message: RegExp) =>
      refuse(small, commissioner.visitor, 'POST', path(small.id), json, 409, message);
    await send(
      { kind: 'released', player_id: a!.players[3] },
      /would drop below 14 players, the fewest a squad may have/,
    );
    await send({ kind: 'moved', player_id: a!.players[3], team_id: b!.id }, /would drop below 14 players/);

    const full = await buildLeague(server, { teams: 2, squad: 22, freeAgents: 1 });
    await refuse(
      full,
      full.members.coach.visitor,
      'POST',
      path(full.id),
      { kind: 'registered', player_id: full.freeAgents[0], team_id: full.teams[0]!.id },
      409,
      /has a full squad: 22 players is the most a squad may have/,
    );
  });

  it('lets exactly one of two simultaneous transfers of the same player through', async () => {
    const { commissioner } = league.members;
    const again = await secondSession(commissioner.id);
    const [from, b, c] = [league.teams[3]!, league.teams[1]!, league.teams[2]!];

    const playerId = from.players[2]!;
    const racing = await Promise.all([
      commissioner.visitor.send('POST', path(), {
        json: { kind: 'moved', player_id: playerId, team_id: b.id, from_team_id: from.id },
      }),
      again.send('POST', path(), {
        json: { kind: 'moved', player_id: playerId, team_id: c.id, from_team_id: from.id },
      }),
    ]);
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(racing.find((r) => r.status === 409)!.body.message).toMatch(/just changed by someone else/);
    expect(await openSpells(playerId)).toHaveLength(1);
    const transfers = await db().selectFrom('transfers').select('id').where('player_id', '=', playerId).execute();
    expect(transfers).toHaveLength(1);

    // The same move sent twice: the second finds the player already there.
    const twice = from.players[3]!;
    const same = { kind: 'moved', player_id: twice, team_id: b.id };
    const both = await Promise.all([
      commissioner.visitor.send('POST', path(), { json: same }),
      again.send('POST', path(), { json: same }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await openSpells(twice)).toEqual([{ team_id: b.id }]);
  });
});

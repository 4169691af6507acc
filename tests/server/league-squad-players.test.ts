/**
 * Adding players to a squad and releasing them (docs/api.md, "Squads"; decision 0038): the
 * commissioner or the team's coach adds a player by name or a member of the league, checked by
 * the squad rules (positions, shirt numbers unique in the squad, the squad's maximum), and
 * releases one unless a coming fixture's sheet names them. Each change is a transfer and records
 * its chat change in the same transaction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../support/engines.js';
import { Visitor } from '../support/http-client.js';
import { chatChanges, invite, joinWith } from '../support/invitations.js';
import { addTeam, registerMember, startLeague, type Member } from '../support/league-setup.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

interface Transfer {
  /** The refusal's reason, when refused. */
  message?: string;
  id: number;
  kind: string;
  player: { id: number; name: string; position: string; shirt_number: number | null; user_id: number | null };
  to_team: { id: number } | null;
  from_team: { id: number } | null;
}

describe.each(ENGINES)('squad players on $name', (engine) => {
  let server: TestServer;
  let founder: Member;
  let outsider: Member;
  let leagueId: number;
  let teamA: number;
  let teamB: number;
  let coach: Member;
  let fan: Member;
  const db = () => server.database.db;
  const add = (who: Visitor, teamId: number, json: Record<string, unknown>) =>
    who.send<Transfer>('POST', `/api/teams/${teamId}/players`, { json });
  const release = (who: Visitor, teamId: number, playerId: number) =>
    who.send<Transfer>('DELETE', `/api/teams/${teamId}/players/${playerId}`);
  const squadOf = async (teamId: number) =>
    (
      await db()
        .selectFrom('squad_memberships')
        .innerJoin('players', 'players.id', 'squad_memberships.player_id')
        .select(['players.id', 'players.name', 'players.shirt_number'])
        .where('team_id', '=', teamId)
        .where('until_at', 'is', null)
        .orderBy('players.id')
        .execute()
    ).map((p) => p.name);

  beforeAll(async () => {
    server = await startTestServer(engine);
    founder = await registerMember(server, 'founder');
    outsider = await registerMember(server, 'outsider');
    coach = await registerMember(server, 'coach');
    fan = await registerMember(server, 'fan');
    leagueId = await startLeague(server, founder, [[fan, 'supporter']]);
    await startLeague(server, outsider);
    const settings = await founder.visitor.send('PATCH', `/api/leagues/${leagueId}`, {
      json: { squad: { min: 1, max: 3 }, sheet: { starters: 2, substitutes_max: 1 } },
    });
    expect(settings.status, settings.text).toBe(200);
    teamA = (await addTeam(founder, leagueId, { name: 'Harbour Rovers' })).body.id;
    teamB = (await addTeam(founder, leagueId, { name: 'Old Town Owls' })).body.id;
    const { token } = await invite(founder.visitor, leagueId, { role: 'coach', team_id: teamA });
    const answer = await coach.visitor.send('POST', `/api/invitations/${token}/accept`);
    expect(answer.status, answer.text).toBe(201);
  });
  afterAll(() => server.close());

  it("adds a player by name to the squad as a registration, with the chat change, for the commissioner or the team's coach", async () => {
    const before = await chatChanges(server, leagueId);
    const added = await add(founder.visitor, teamA, { name: '  Sam Keeper ', position: 'GK', shirt_number: 1 });
    expect(added.status, added.text).toBe(201);
    expect(added.body).toMatchObject({
      kind: 'registered',
      player: { name: 'Sam Keeper', position: 'GK', shirt_number: 1, user_id: null },
      from_team: null,
      to_team: { id: teamA },
    });
    expect(await chatChanges(server, leagueId)).toBe(before + 1);
    const byCoach = await add(coach.visitor, teamA, { name: 'Ola Nordmann', position: 'DF' });
    expect(byCoach.status, byCoach.text).toBe(201);
    expect(byCoach.body.player.shirt_number).toBeNull();
    expect(await squadOf(teamA)).toEqual(['Sam Keeper', 'Ola Nordmann']);

    const roster = await coach.visitor.send<{ squad: { name: string }[] }>('GET', `/api/teams/${teamA}`);
    expect(roster.body.squad.map((p) => p.name).sort()).toEqual(['Ola Nordmann', 'Sam Keeper']);
    const history = await founder.visitor.send<{ transfers: Transfer[] }>(
      'GET',
      `/api/leagues/${leagueId}/transfers?limit=10`,
    );
    expect(history.body.transfers.map((t) => t.player.name)).toEqual(['Ola Nordmann', 'Sam Keeper']);
  });

  it('refuses the signed out, members who neither run the league nor coach the team, and other leagues', async () => {
    const cases: [Visitor, number, number][] = [
      [new Visitor(server.url), teamA, 401],
      [coach.visitor, teamB, 403],
      [fan.visitor, teamA, 403],
      [outsider.visitor, teamA, 404],
    ];
    const before = await squadOf(teamA);
    for (const [who, teamId, status] of cases) {
      const answer = await add(who, teamId, { name: 'Nobody', position: 'MF' });
      expect(answer.status, answer.text).toBe(status);
    }
    expect((await release(fan.visitor, teamA, 1)).status).toBe(403);
    expect(await squadOf(teamA)).toEqual(before);
  });

  it('refuses bad input, naming what is wrong, and adds nobody', async () => {
    const before = await squadOf(teamA);
    const cases: [number, Record<string, unknown>, number, RegExp][] = [
      [teamA, { name: '', position: 'MF' }, 400, /body\/name/],
      [teamA, { name: 'x'.repeat(61), position: 'MF' }, 400, /body\/name/],
      [teamA, { position: 'MF' }, 400, /body\/name is required/],
      [teamA, { name: 'Pat', position: 'QB' }, 422, /not a football position/],
      [teamA, { name: 'Pat', position: 'MF', shirt_number: 100 }, 400, /shirt_number/],
      [teamA, { name: 'Pat', position: 'MF', shirt_number: 1 }, 409, /Sam Keeper already wears 1/],
      [teamA, { name: 'Pat', position: 'MF', user_id: outsider.id }, 422, /not a member of this league/],
      [2147483647, { name: 'Pat', position: 'MF' }, 404, /Team 2147483647 does not exist/],
      [teamA, { name: 'Pat', position: 'MF', extra: 1 }, 400, /additional properties/],
    ];
    for (const [teamId, json, status, message] of cases) {
      const answer = await add(founder.visitor, teamId, json);
      expect(answer.status, JSON.stringify(json)).toBe(status);
      expect(answer.body.message).toMatch(message);
    }
    expect(await squadOf(teamA)).toEqual(before);
  });

  it('refuses a player beyond the squad maximum', async () => {
    expect((await add(founder.visitor, teamA, { name: 'Third Player', position: 'FW' })).status).toBe(201);
    const full = await add(founder.visitor, teamA, { name: 'Fourth Player', position: 'FW' });
    expect(full.status).toBe(409);
    expect(full.body.message).toMatch(/Harbour Rovers has a full squad: 3 players/);
    expect(await squadOf(teamA)).toHaveLength(3);
  });

  it('adds a member of the league with their name; a member already in a squad is refused', async () => {
    const added = await add(founder.visitor, teamB, { position: 'MF', user_id: fan.id, shirt_number: 8 });
    expect(added.status, added.text).toBe(201);
    expect(added.body.player).toMatchObject({ name: 'Fan Tester', user_id: fan.id, shirt_number: 8 });
    const again = await add(founder.visitor, teamA, { position: 'MF', user_id: fan.id });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/Fan Tester already plays for Old Town Owls/);
  });

  it('releases a player, keeping their row and history; refuses one on a coming fixture’s sheet', async () => {
    const [keeper] = await db()
      .selectFrom('players')
      .select('id')
      .where('league_id', '=', leagueId)
      .where('name', '=', 'Third Player')
      .execute();
    const fixture = await db()
      .insertInto('fixtures')
      .values({
        league_id: leagueId,
        week: 1,
        home_team_id: teamA,
        away_team_id: teamB,
        kickoff_at: new Date(Date.now() + 86_400_000).toISOString(),
        venue: 'Riverside',
        referee_user_id: null,
        referee_name: 'Ref',
        status: 'scheduled',
        home_score: null,
        away_score: null,
        updated_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('team_sheets')
      .values({ fixture_id: fixture.id, team_id: teamA, player_id: keeper!.id, role: 'starter', sort_order: 0 })
      .execute();
    const refused = await release(coach.visitor, teamA, keeper!.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(
      /Third Player is on the team sheet of Harbour Rovers for fixture \d+ \(week 1\)/,
    );
    await db().deleteFrom('team_sheets').where('fixture_id', '=', fixture.id).execute();
    await db().deleteFrom('fixtures').where('id', '=', fixture.id).execute();

    expect((await release(coach.visitor, teamB, keeper!.id)).status).toBe(403);
    const released = await release(coach.visitor, teamA, keeper!.id);
    expect(released.status, released.text).toBe(200);
    expect(released.body).toMatchObject({ kind: 'released', from_team: { id: teamA }, to_team: null });
    expect(await squadOf(teamA)).not.toContain('Third Player');
    const row = await db().selectFrom('players').select('id').where('id', '=', keeper!.id).executeTakeFirst();
    expect(row).toBeDefined();
    expect((await release(founder.visitor, teamA, keeper!.id)).status).toBe(404);
  });

  it('places a player who joins by invitation; at a full squad they join unplaced, and two at the last place: one is placed', async () => {
    // Team B has the fan (1 of 3): two places.
    const { token } = await invite(founder.visitor, leagueId, { role: 'player', team_id: teamB, max_uses: 3 });
    const first = await registerMember(server, 'first');
    const joined = await first.visitor.send<{ placement: unknown }>('POST', `/api/invitations/${token}/accept`);
    expect(joined.status, joined.text).toBe(201);
    expect(joined.body.placement).toEqual({ team: { id: teamB, name: 'Old Town Owls' }, placed: true, reason: null });
    const player = await db()
      .selectFrom('players')
      .selectAll()
      .where('user_id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(player).toMatchObject({ name: 'First Tester', status: 'available', position: 'MF', shirt_number: null });

    const [second, third] = [await registerMember(server, 'second'), await registerMember(server, 'third')];
    const answers = await Promise.all(
      [second, third].map((m) =>
        m.visitor.send<{ placement: { placed: boolean; reason: string | null } }>(
          'POST',
          `/api/invitations/${token}/accept`,
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    const placed = answers.map((a) => a.body.placement.placed).sort();
    expect(placed).toEqual([false, true]);
    const unplaced = answers.find((a) => !a.body.placement.placed)!;
    expect(unplaced.body.placement.reason).toMatch(/Old Town Owls has a full squad: 3 players/);
    expect(await squadOf(teamB)).toHaveLength(3);

    const list = await founder.visitor.send<{ members: { user_id: number; in_squad: boolean | null }[] }>(
      'GET',
      `/api/leagues/${leagueId}/members`,
    );
    const flags = new Map(list.body.members.map((m) => [m.user_id, m.in_squad]));
    expect([flags.get(second.id), flags.get(third.id)].sort()).toEqual([false, true]);
    expect(flags.get(founder.id)).toBeNull();
  });

  it('moves a player changed to another team as a transfer; refuses a full squad; a leaver leaves the squad and gets their row back', async () => {
    const mover = await joinWith(
      server,
      'mover',
      (await invite(founder.visitor, leagueId, { role: 'player', team_id: teamA })).token,
    );
    // Team A is full (3): the mover joined unplaced; a place freed up places them when the team is given again.
    const [sam] = await db().selectFrom('players').select('id').where('name', '=', 'Sam Keeper').execute();
    expect((await release(founder.visitor, teamA, sam!.id)).status).toBe(200);
    const path = `/api/leagues/${leagueId}/members/${mover.id}`;
    const placed = await founder.visitor.send<{ in_squad: boolean }>('PATCH', path, { json: { team_id: teamA } });
    expect(placed.status, placed.text).toBe(200);
    expect(placed.body.in_squad).toBe(true);
    const full = await founder.visitor.send('PATCH', path, { json: { team_id: teamB } });
    expect(full.status).toBe(409);
    expect(full.body.message).toMatch(/Old Town Owls has a full squad/);

    const [ola] = await db().selectFrom('players').select('id').where('name', '=', 'Ola Nordmann').execute();
    expect((await release(founder.visitor, teamA, ola!.id)).status).toBe(200);
    const [owl] = await db().selectFrom('players').select('players.id').where('user_id', '=', fan.id).execute();
    expect((await release(founder.visitor, teamB, owl!.id)).status).toBe(200);
    const moved = await founder.visitor.send('PATCH', path, { json: { team_id: teamB } });
    expect(moved.status, moved.text).toBe(200);
    expect(await squadOf(teamB)).toContain('Mover Tester');
    const history = await db()
      .selectFrom('transfers')
      .innerJoin('players', 'players.id', 'transfers.player_id')
      .select(['transfers.kind', 'transfers.from_team_id', 'transfers.to_team_id'])
      .where('players.user_id', '=', mover.id)
      .orderBy('transfers.id')
      .execute();
    expect(history).toEqual([
      { kind: 'registered', from_team_id: null, to_team_id: teamA },
      { kind: 'moved', from_team_id: teamA, to_team_id: teamB },
    ]);

    const playerId = (await db().selectFrom('players').select('id').where('user_id', '=', mover.id).execute())[0]!.id;
    expect((await mover.visitor.send('DELETE', `/api/leagues/${leagueId}/members/me`)).status).toBe(204);
    expect(await squadOf(teamB)).not.toContain('Mover Tester');
    const back = await invite(founder.visitor, leagueId, { role: 'player', team_id: teamB });
    const rejoined = await mover.visitor.send<{ placement: { placed: boolean } }>(
      'POST',
      `/api/invitations/${back.token}/accept`,
    );
    expect(rejoined.body.placement.placed).toBe(true);
    const rows = await db().selectFrom('players').select('id').where('user_id', '=', mover.id).execute();
    expect(rows).toEqual([{ id: playerId }]);
  });

  it('makes a coach who joins or is given a team its coach when it has none', async () => {
    const teamC = (await addTeam(founder, leagueId, { name: 'Castle Hill' })).body.id;
    const newCoach = await joinWith(
      server,
      'newcoach',
      (await invite(founder.visitor, leagueId, { role: 'coach', team_id: teamC })).token,
    );
    const team = () => db().selectFrom('teams').selectAll().where('id', '=', teamC).executeTakeFirstOrThrow();
    expect(await team()).toMatchObject({ coach_user_id: newCoach.id, coach_name: 'Newcoach Tester' });
    const teamD = (await addTeam(founder, leagueId, { name: 'Dockside' })).body.id;
    const changed = await founder.visitor.send('PATCH', `/api/leagues/${leagueId}/members/${newCoach.id}`, {
      json: { team_id: teamD },
    });
    expect(changed.status, changed.text).toBe(200);
    expect((await team()).coach_user_id).toBeNull();
    const moved = await db().selectFrom('teams').select('coach_user_id').where('id', '=', teamD).executeTakeFirst();
    expect(moved?.coach_user_id).toBe(newCoach.id);
  });

  it('shows a member their league when they open their own used link again', async () => {
    const created = await invite(founder.visitor, leagueId, { role: 'supporter' });
    const guest = await joinWith(server, 'guest', created.token);
    const preview = await guest.visitor.send('GET', `/api/invitations/${created.token}`);
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body).toMatchObject({ league_id: leagueId, role: 'supporter' });
    const stranger = await registerMember(server, 'stranger');
    expect((await stranger.visitor.send('GET', `/api/invitations/${created.token}`)).status).toBe(410);
  });
});

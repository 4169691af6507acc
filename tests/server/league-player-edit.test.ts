/**
 * Changing a player (`PATCH /api/players/:id`, docs/api.md; decision 0038): the commissioner any
 * of status, position, shirt number and name; the coach of the player's team all but the status.
 * The squad rules of adding a player hold (numbers unique in the squad, PLAYER_SHIRT_MAX, the
 * sport's positions, the text policy's player name); a linked player keeps the member's name; a
 * refusal changes nothing, and the roster read shows a change at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../support/engines.js';
import { buildLeague, type BuiltLeague } from '../support/league-builder.js';
import { leagueHelpers } from '../support/league-rows.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

interface PlayerAnswer {
  message?: string;
  id: number;
  name: string;
  position: string;
  shirt_number: number | null;
  status: string;
}

describe.each(ENGINES)('changing a player on $name', (engine) => {
  let server: TestServer;
  let league: BuiltLeague;
  const { fixtureOf, refuse } = leagueHelpers(() => ({ server, league }));
  const path = (id: number) => `/api/players/${id}`;
  const playerOf = (team: number, index: number) => league.teams[team]!.players[index]!;
  const shirtOf = async (id: number) =>
    (
      await server.database.db
        .selectFrom('players')
        .select('shirt_number')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).shirt_number;
  const roster = async (team: number) =>
    (await league.members.coach.visitor.send<{ squad: PlayerAnswer[] }>('GET', `/api/teams/${league.teams[team]!.id}`))
      .body.squad;

  beforeAll(async () => {
    server = await startTestServer(engine);
    league = await buildLeague(server, { teams: 2, squad: 14, freeAgents: 1 });
  });
  afterAll(() => server.close());

  it("lets the team's coach change position, number and name, and the roster read shows it", async () => {
    const id = playerOf(0, 5);
    await roster(0); // the read is cached: the change must move the league's revision past it
    const answer = await league.members.coach.visitor.send<PlayerAnswer>('PATCH', path(id), {
      json: { name: '  Dana Renamed ', position: 'FW', shirt_number: 77 },
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ id, name: 'Dana Renamed', position: 'FW', shirt_number: 77 });
    expect((await roster(0)).find((p) => p.id === id)).toMatchObject({
      name: 'Dana Renamed',
      position: 'FW',
      shirt_number: 77,
    });
    const cleared = await league.members.coach.visitor.send<PlayerAnswer>('PATCH', path(id), {
      json: { shirt_number: null },
    });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body).toMatchObject({ name: 'Dana Renamed', position: 'FW', shirt_number: null });
    expect((await roster(0)).find((p) => p.id === id)?.shirt_number).toBeNull();
  });

  it('lets the commissioner change every field, the status included, of any team', async () => {
    const id = playerOf(1, 3);
    const answer = await league.members.commissioner.visitor.send<PlayerAnswer>('PATCH', path(id), {
      json: { status: 'injured', position: 'GK', shirt_number: 99, name: 'Kim Keeper' },
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ status: 'injured', position: 'GK', shirt_number: 99, name: 'Kim Keeper' });
    expect((await roster(1)).find((p) => p.id === id)).toMatchObject({ name: 'Kim Keeper', status: 'injured' });
  });

  it('lets a player named on the sheet of a coming fixture change number and position', async () => {
    const players = league.teams[0]!.players;
    const fixture = fixtureOf(3, 0);
    const sheet = await league.members.coach.visitor.send(
      'PUT',
      `/api/fixtures/${fixture.id}/sheets/${league.teams[0]!.id}`,
      { json: { starters: players.slice(0, 11), substitutes: [] } },
    );
    expect(sheet.status, sheet.text).toBe(200);
    const answer = await league.members.coach.visitor.send<PlayerAnswer>('PATCH', path(players[2]!), {
      json: { shirt_number: 66, position: 'MF' },
    });
    expect(answer.status, answer.text).toBe(200);
    const team = await league.members.coach.visitor.send<{ next_fixture: { sheet: { player: PlayerAnswer }[] } }>(
      'GET',
      `/api/teams/${league.teams[0]!.id}`,
    );
    const line = team.body.next_fixture.sheet.find((l) => l.player.id === players[2]);
    expect(line?.player).toMatchObject({ shirt_number: 66, position: 'MF' });
  });

  it('refuses the signed out, a player, the coach of another team and other leagues, changing nothing', async () => {
    const id = playerOf(0, 4);
    const { player, otherCoach, outsider, coach } = league.members;
    const json = { shirt_number: 55 };
    await refuse(league.anonymous, 'PATCH', path(id), json, 401, /not signed in/);
    await refuse(player.visitor, 'PATCH', path(id), json, 403, /Only the commissioner or the coach of Team A/);
    await refuse(otherCoach.visitor, 'PATCH', path(id), json, 403, /Only the commissioner or the coach of Team A/);
    await refuse(outsider.visitor, 'PATCH', path(id), json, 404, /not in one of your leagues/);
    // The status stays the commissioner's alone, even with fields the coach may change.
    await refuse(coach.visitor, 'PATCH', path(id), { status: 'injured', shirt_number: 55 }, 403, /player's status/);
    // A player in no squad has no coach.
    await refuse(coach.visitor, 'PATCH', path(league.freeAgents[0]!), json, 403, /player who is in no squad/);
    expect(await shirtOf(id)).not.toBe(55);
  });

  it('refuses bad input, naming what is wrong, and changes nothing', async () => {
    const id = playerOf(0, 6);
    const worn = await shirtOf(playerOf(0, 7));
    const cases: [number, unknown, number, RegExp][] = [
      [id, {}, 400, /at least one of status, position, shirt_number, name/],
      [id, { nickname: 'Ace' }, 400, /must NOT have additional properties/],
      [id, { shirt_number: worn }, 409, new RegExp(`already wears ${worn} in Team A`)],
      [id, { shirt_number: 100 }, 400, /shirt_number/],
      [id, { shirt_number: -1 }, 400, /shirt_number/],
      [id, { shirt_number: '7' }, 400, /shirt_number/],
      [id, { position: 'QB' }, 422, /'QB' is not a football position; use one of GK, DF, MF, FW/],
      [id, { name: '' }, 400, /body\/name/],
      [id, { name: 'x'.repeat(61) }, 400, /body\/name/],
      [playerOf(0, 0), { name: 'Someone Else' }, 422, /has an account and goes by the member's display name/],
      [2147483647, { position: 'MF' }, 404, /Player 2147483647 does not exist/],
    ];
    for (const [target, json, status, message] of cases)
      await refuse(league.members.commissioner.visitor, 'PATCH', path(target), json, status, message);
  });
});

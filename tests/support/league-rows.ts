/**
 * Proof that a refused league write changes nothing: every league row a write could touch, read
 * before and after the request and compared.
 *
 *   const refuse = refusals(server);
 *   await refuse(league, coach.visitor, 'PUT', path, body, 422, /exactly 11 starters/);
 */
import type { BuiltLeague } from './league-builder.js';
import { expect } from 'vitest';
import type { ErrorBody } from '../../server/http/errors.js';
import type { Visitor } from './http-client.js';
import type { TestServer } from './test-server.js';

export async function leagueRows(server: TestServer, leagueId: number) {
  const { db } = server.database;
  const fixtures = await db
    .selectFrom('fixtures')
    .selectAll()
    .where('league_id', '=', leagueId)
    .orderBy('id')
    .execute();
  const players = await db.selectFrom('players').selectAll().where('league_id', '=', leagueId).orderBy('id').execute();
  const fixtureIds = [0, ...fixtures.map((f) => f.id)];
  const playerIds = [0, ...players.map((p) => p.id)];
  return {
    league: await db.selectFrom('leagues').selectAll().where('id', '=', leagueId).execute(),
    members: await db
      .selectFrom('league_members')
      .selectAll()
      .where('league_id', '=', leagueId)
      .orderBy('user_id')
      .execute(),
    fixtures,
    players,
    sheets: await db
      .selectFrom('team_sheets')
      .selectAll()
      .where('fixture_id', 'in', fixtureIds)
      .orderBy('fixture_id')
      .orderBy('team_id')
      .orderBy('sort_order')
      .execute(),
    appearances: await db
      .selectFrom('appearances')
      .selectAll()
      .where('fixture_id', 'in', fixtureIds)
      .orderBy('fixture_id')
      .orderBy('player_id')
      .execute(),
    squads: await db
      .selectFrom('squad_memberships')
      .selectAll()
      .where('player_id', 'in', playerIds)
      .orderBy('id')
      .execute(),
    transfers: await db.selectFrom('transfers').selectAll().where('league_id', '=', leagueId).orderBy('id').execute(),
    adjustments: await db
      .selectFrom('points_adjustments')
      .selectAll()
      .where('league_id', '=', leagueId)
      .orderBy('id')
      .execute(),
    decisions: await db
      .selectFrom('standings_decisions')
      .selectAll()
      .where('league_id', '=', leagueId)
      .orderBy('id')
      .execute(),
  };
}

export type Refuse = (
  league: { id: number },
  who: Visitor,
  method: string,
  path: string,
  json: unknown,
  status: number,
  message: RegExp,
) => Promise<void>;

/** A check that the request is refused with `status` and a message matching `message`, and changes nothing. */
export function refusals(server: () => TestServer): Refuse {
  return async (league, who, method, path, json, status, message) => {
    const before = await leagueRows(server(), league.id);
    const answer = await who.send(method, path, json === undefined ? {} : { json });
    expect(answer.status, answer.text).toBe(status);
    expect(answer.body.message).toMatch(message);
    expect(await leagueRows(server(), league.id)).toEqual(before);
  };
}

/**
 * What the write tests share over the league a describe block built: the fixture of a team in a
 * week, and `refuse` (see `refusals`) aimed at that league unless told otherwise.
 */
export function leagueHelpers(get: () => { server: TestServer; league: BuiltLeague }) {
  const refuseIn = refusals(() => get().server);
  return {
    fixtureOf: (week: number, teamIndex: number) => {
      const { league } = get();
      const team = league.teams[teamIndex]!.id;
      return league.fixtures.find((f) => f.week === week && (f.home_team_id === team || f.away_team_id === team))!;
    },
    refuse: (
      who: Visitor,
      method: string,
      path: string,
      json: unknown,
      status: number,
      message: RegExp,
      target: { id: number } = get().league,
    ) => refuseIn(target, who, method, path, json, status, message),
  };
}

/**
 * What the read tests share over the league a describe block built: `get` (any answer but a 5xx,
 * which fails the test at once), a team by its index, and the fixture a team hosts in a week.
 */
export function readHelpers(built: () => BuiltLeague) {
  return {
    get: async <T = ErrorBody>(visitor: Visitor, path: string) => {
      const answer = await visitor.send<T>('GET', path);
      expect(answer.status, `${path}: ${answer.text}`).toBeLessThan(500);
      return answer;
    },
    team: (index: number) => built().teams[index]!,
    fixture: (week: number, home: number) =>
      built().fixtures.find((f) => f.week === week && f.home_team_id === built().teams[home]!.id)!,
  };
}

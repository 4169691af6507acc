/**
 * What the set-up tests share (docs/decisions/0033): members registered through the API, and a
 * league a member starts through `POST /api/leagues`, with other members put straight into it in
 * the roles a test needs (invitations are another part of issue #28).
 */
import { expect } from 'vitest';
import type { LeagueDetail, TeamView } from '../../server/api/league/league-view.js';
import type { LeagueRole } from '../../server/db/schema.js';
import { Visitor } from './http-client.js';
import type { TestServer } from './test-server.js';

export interface Member {
  id: number;
  visitor: Visitor;
}

/** A team as answered, or the error's message when refused. */
export type TeamAnswer = TeamView & { message?: string };

/** Colours as a client may send them (upper case too); the API stores them in lower case. */
export const COLOURS = { primary: '#0B3D91', secondary: '#ffd23f' };

/** A signed-in member named "<Label> Tester". */
export async function registerMember(server: TestServer, label: string): Promise<Member> {
  const visitor = new Visitor(server.url);
  const name = `${label[0]!.toUpperCase()}${label.slice(1)} Tester`;
  const answer = await visitor.register(`${label}@setup.example`, name);
  expect(answer.status, answer.text).toBe(201);
  return { id: answer.body.id as number, visitor };
}

/** A football league `founder` starts, with `roles` members added to it; its id. */
export async function startLeague(
  server: TestServer,
  founder: Member,
  roles: [Member, LeagueRole][] = [],
): Promise<number> {
  const answer = await founder.visitor.send<LeagueDetail>('POST', '/api/leagues', {
    json: { name: 'Sunday League', sport: 'football', season: '2026' },
  });
  expect(answer.status, answer.text).toBe(201);
  for (const [who, role] of roles)
    await server.database.db
      .insertInto('league_members')
      .values({ league_id: answer.body.id, user_id: who.id, role, team_id: null })
      .execute();
  return answer.body.id;
}

/** Adds a team with `COLOURS` unless `json` gives others. */
export function addTeam(who: Member, leagueId: number, json: Record<string, unknown>) {
  return who.visitor.send<TeamAnswer>('POST', `/api/leagues/${leagueId}/teams`, {
    json: { colours: COLOURS, ...json },
  });
}

/** A member's role and team in a league, straight from the database. */
export const membershipRow = (server: TestServer, leagueId: number, userId: number) =>
  server.database.db
    .selectFrom('league_members')
    .select(['role', 'team_id'])
    .where('league_id', '=', leagueId)
    .where('user_id', '=', userId)
    .executeTakeFirst();

/**
 * The helpers above bound to a describe block's server and founder (set in its beforeAll):
 * `startLeague(roles)`, `addTeam(leagueId, json, who = founder)`, `membership(leagueId, userId)`.
 */
export function setupHelpers(get: () => { server: TestServer; founder: Member }) {
  return {
    startLeague: (roles: [Member, LeagueRole][] = []) => startLeague(get().server, get().founder, roles),
    addTeam: (leagueId: number, json: Record<string, unknown>, who = get().founder) => addTeam(who, leagueId, json),
    membership: (leagueId: number, userId: number) => membershipRow(get().server, leagueId, userId),
  };
}

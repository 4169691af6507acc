/**
 * Sideline's tenants in the chat service (docs/decisions/0035): each league is a team
 * (`league-<id>`), and each member has a team of their own (`member-<id>`), so that no member is
 * ever without a team — the hosted service lets users without teams find each other. A member's
 * teams are read from the database each time, never kept elsewhere.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export const leagueTeam = (leagueId: number): string => `league-${leagueId}`;
export const memberTeam = (userId: number): string => `member-${userId}`;

/** Each member's chat teams (their own first, then their leagues' by id), from the database. */
export async function membersTeams(db: Kysely<DB>, userIds: readonly number[]): Promise<Map<number, string[]>> {
  const teams = new Map(userIds.map((id) => [id, [memberTeam(id)]]));
  if (userIds.length === 0) return teams;
  const rows = await db
    .selectFrom('league_members')
    .select(['user_id', 'league_id'])
    .where('user_id', 'in', [...teams.keys()])
    .orderBy('league_id')
    .execute();
  for (const row of rows) teams.get(row.user_id)?.push(leagueTeam(row.league_id));
  return teams;
}

export async function memberTeams(db: Kysely<DB>, userId: number): Promise<string[]> {
  return (await membersTeams(db, [userId])).get(userId)!;
}

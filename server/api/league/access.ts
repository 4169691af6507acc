/**
 * Who the caller is in a league (docs/decisions/0011). A league the caller is not a member of
 * answers 404 like one that does not exist, so ids cannot be probed.
 */
import type { Kysely, Selectable } from 'kysely';
import { prepared } from '../../db/prepared.js';
import { HttpError } from '../../http/errors.js';
import type { DB, LeagueRole, LeaguesTable } from '../../db/schema.js';

export interface Membership {
  leagueId: number;
  userId: number;
  role: LeagueRole;
  /** The member's team (a coach's or a player's); null for the commissioner and referees. */
  teamId: number | null;
}

export async function membershipOf(db: Kysely<DB>, leagueId: number, userId: number): Promise<Membership | null> {
  const row = await db
    .selectFrom('league_members')
    .select(['league_id', 'user_id', 'role', 'team_id'])
    .where('league_id', '=', leagueId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? { leagueId: row.league_id, userId: row.user_id, role: row.role, teamId: row.team_id } : null;
}

/** The caller's membership, or 404 naming what was asked for. */
export async function requireMembership(
  db: Kysely<DB>,
  leagueId: number,
  userId: number,
  what = `League ${leagueId}`,
): Promise<Membership> {
  const membership = await membershipOf(db, leagueId, userId);
  if (!membership) throw new HttpError(404, `${what} does not exist or is not in one of your leagues`);
  return membership;
}

export type LeagueAccess = (
  leagueId: number,
  userId: number,
  what?: string,
) => Promise<{ league: Selectable<LeaguesTable>; membership: Membership }>;

/**
 * The league and the caller's membership of it in one query (each read route's first step, so
 * compiled once), or the 404 that hides whether the league exists.
 */
export function leagueAccess(db: Kysely<DB>): LeagueAccess {
  const find = prepared(
    db,
    (m: { leagueId: number; userId: number }) =>
      db
        .selectFrom('league_members')
        .innerJoin('leagues', 'leagues.id', 'league_members.league_id')
        .selectAll('leagues')
        .select(['league_members.role', 'league_members.team_id as member_team_id'])
        .where('league_members.league_id', '=', m.leagueId)
        .where('league_members.user_id', '=', m.userId),
    { leagueId: -7001, userId: -7002 },
  );
  return async (leagueId, userId, what = `League ${leagueId}`) => {
    const [row] = await find({ leagueId, userId });
    if (!row) throw new HttpError(404, `${what} does not exist or is not in one of your leagues`);
    const { role, member_team_id, ...league } = row;
    return { league, membership: { leagueId, userId, role, teamId: member_team_id } };
  };
}

/** Whether the member coaches `teamId` (the team's coach account, or a coach member of it). */
export async function isCoachOf(db: Kysely<DB>, membership: Membership, teamId: number): Promise<boolean> {
  if (membership.role !== 'coach') return false;
  if (membership.teamId === teamId) return true;
  const team = await db.selectFrom('teams').select('coach_user_id').where('id', '=', teamId).executeTakeFirst();
  return team?.coach_user_id === membership.userId;
}

/**
 * The first step of the reads addressed by league id (docs/decisions/0041): the caller's session,
 * their membership of the league and the league's row (its revision included) in ONE query, so
 * such a read makes one round trip to the database before it answers from the league's snapshot.
 * Nothing about the session or the membership is kept between requests: a signed-out session
 * answers 401 and a removed member 404 on the very next read, on every instance.
 *
 * The routes that use it say so with `config: { sessionInRoute: true }`, which makes the session
 * hook (sessions/session-plugin.ts) leave the lookup to this query.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import type { DB } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { adoptSession, requireUserId, SESSION_COOKIE } from '../sessions/session-plugin.js';
import type { Membership } from './access.js';
import type { League } from './league-repo.js';

export type ReadGate = (
  request: FastifyRequest,
  reply: FastifyReply,
  leagueId: number,
) => Promise<{ league: League; membership: Membership }>;

export function leagueReadGate(db: Kysely<DB>): ReadGate {
  const find = prepared(
    db,
    (m: { leagueId: number; idHash: string; now: string }) =>
      db
        .selectFrom('sessions')
        .leftJoin('league_members', (join) =>
          join.onRef('league_members.user_id', '=', 'sessions.user_id').on('league_members.league_id', '=', m.leagueId),
        )
        .leftJoin('leagues', 'leagues.id', 'league_members.league_id')
        .selectAll('leagues')
        .select([
          'sessions.id_hash as session_id_hash',
          'sessions.user_id as session_user_id',
          'sessions.created_at as session_created_at',
          'sessions.expires_at as session_expires_at',
          'league_members.role',
          'league_members.team_id as member_team_id',
        ])
        .where('sessions.id_hash', '=', m.idHash)
        .where('sessions.expires_at', '>', m.now),
    { leagueId: -7101, idHash: '\u0000id_hash', now: '\u0000now' },
  );

  return async (request, reply, leagueId) => {
    const token = request.cookies[SESSION_COOKIE];
    const idHash = request.server.sessions.idHashOf(token);
    const [row] = idHash ? await find({ leagueId, idHash, now: nowIso() }) : [];
    if (row) {
      const { session_id_hash, session_user_id, session_created_at, session_expires_at } = row;
      await adoptSession(request, reply, {
        token: token!,
        row: {
          id_hash: session_id_hash,
          user_id: session_user_id,
          created_at: session_created_at,
          expires_at: session_expires_at,
        },
      });
    }
    const userId = requireUserId(request);
    if (!row || row.role === null || row.id === null)
      throw new HttpError(404, `League ${leagueId} does not exist or is not in one of your leagues`);
    const {
      role,
      member_team_id,
      session_id_hash: _hash,
      session_user_id: _user,
      session_created_at: _created,
      session_expires_at: _expires,
      ...league
    } = row;
    return {
      league: league as League,
      membership: { leagueId, userId, role, teamId: member_team_id },
    };
  };
}

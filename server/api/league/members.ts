/**
 * A league's members (docs/decisions/0034): everyone in the league sees who is in it; the
 * commissioner changes roles and teams and removes members; a member leaves. The league always
 * keeps a commissioner while it has members: the commissioners' rows are locked (PostgreSQL) or
 * the one SQLite connection is held, so two commissioners demoting each other at once cannot
 * leave it with none. Access is read from the database on every request (0013), so a removed
 * member's very next read is a 404.
 */
import type { Transaction } from 'kysely';
import { nowIso, type Database } from '../../db/database.js';
import type { DB, LeagueRole } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { avatarUrl } from '../users/user-view.js';
import { requireMembership, type Membership } from './access.js';
import { TEAM_ROLES } from './invitations.js';
import { enqueue } from '../chat/chat-outbox.js';
import {
  inTransaction,
  loadLeague,
  locked,
  requireCommissioner,
  requireLeagueTeam,
  teamRefs,
} from './league-writes.js';
import type { TeamRef, TransferView } from './league-view.js';
import { placeMember, releaseMember, squadTeamsOfMembers } from './squad-players.js';

export interface MemberView {
  user_id: number;
  name: string;
  avatar_url: string | null;
  role: LeagueRole;
  team: TeamRef | null;
  /** For the commissioner only (null for others): when and through which invitation they joined. */
  joined_at: string | null;
  invitation_id: number | null;
  /** For a player: whether they are in their team's squad (false: not placed yet); null for other roles. */
  in_squad: boolean | null;
}

export interface MemberList {
  league_id: number;
  members: MemberView[];
  /** Whether the caller may change roles and teams, remove members and manage invitations. */
  can_manage: boolean;
}

export interface MemberChanges {
  role?: LeagueRole;
  team_id?: number | null;
}

/** What a change did: the member now, and the squad move it made (for the league's card). */
export interface MemberChanged {
  view: MemberView;
  transfer: TransferView | null;
  chatChannel: string | null;
}

/** The order the list shows roles in. */
const ROLE_ORDER: LeagueRole[] = ['commissioner', 'coach', 'player', 'referee', 'supporter'];

export class Members {
  constructor(private readonly database: Database) {}

  async list(userId: number, leagueId: number): Promise<MemberList> {
    const caller = await requireMembership(this.database.db, leagueId, userId);
    const manages = caller.role === 'commissioner';
    return { league_id: leagueId, members: await this.views(leagueId, manages), can_manage: manages };
  }

  /**
   * The commissioner changes a member's role or team. A player given a team is placed in its
   * squad (moved from another, as a transfer; a full squad refuses), and taken out of a team
   * leaves its squad; a coach given a team becomes its coach when it has none. Giving an unplaced
   * player the same team again places them once there is room.
   */
  async change(userId: number, leagueId: number, targetId: number, input: MemberChanges): Promise<MemberChanged> {
    const result = await inTransaction(this.database, `User ${targetId}'s membership`, async (trx) => {
      const { caller, target, commissioners } = await this.lock(trx, leagueId, userId, targetId);
      requireCommissioner(caller, "change members' roles and teams");
      const role = input.role ?? target.role;
      const teamId = input.team_id !== undefined ? input.team_id : TEAM_ROLES.includes(role) ? target.teamId : null;
      if (teamId !== null && !TEAM_ROLES.includes(role))
        throw new HttpError(422, `A ${role} has no team; body/team_id is for players and coaches (send null)`);
      if (teamId !== null) await requireLeagueTeam(trx, leagueId, teamId);
      if (target.role === 'commissioner' && role !== 'commissioner' && commissioners === 1)
        throw new HttpError(
          409,
          `${target.name} is the league's only commissioner; make another member commissioner first, so the league keeps one`,
        );
      const league = await loadLeague(trx, leagueId);
      const squads = await squadTeamsOfMembers(trx, leagueId);
      const unplaced = role === 'player' && teamId !== null && squads.get(targetId) !== teamId;
      if (role === target.role && teamId === target.teamId && !unplaced) return { transfer: null, league };
      await trx
        .updateTable('league_members')
        .set({ role, team_id: teamId })
        .where('league_id', '=', leagueId)
        .where('user_id', '=', targetId)
        .execute();
      await unlinkCoach(trx, leagueId, targetId, role === 'coach' ? teamId : null);
      if (role === 'coach' && teamId !== null)
        await trx
          .updateTable('teams')
          .set({ coach_user_id: targetId, coach_name: target.name })
          .where('id', '=', teamId)
          .where('coach_user_id', 'is', null)
          .execute();
      let transfer: TransferView | null = null;
      if (role === 'player' && teamId !== null) {
        const team = (await teamRefs(trx, [teamId])).get(teamId)!;
        const placed = await placeMember(this.database, trx, {
          league,
          team,
          userId: targetId,
          byUserId: userId,
          strict: true,
        });
        transfer = placed.transfer;
      } else if (role === 'player' && target.role === 'player' && target.teamId !== null)
        transfer = await releaseMember(this.database, trx, {
          league,
          userId: targetId,
          byUserId: userId,
          leaving: false,
        });
      // The team and league channels follow the new role and team (decision 0035), committed with it.
      await enqueue(trx, { kind: 'sync-league', leagueId });
      return { transfer, league };
    });
    const [view] = await this.views(leagueId, true, targetId);
    return { view: view!, transfer: result.transfer, chatChannel: result.league.chat_channel };
  }

  /**
   * Removes `targetId` (the commissioner's removal, or a member leaving when it is the caller).
   * The league's only commissioner may not go while others remain; when the last member goes,
   * the league's open invitations are revoked, so nobody can join a league without a commissioner.
   * A member who goes leaves their squad (their records stay) and the league's chat channels.
   */
  async remove(userId: number, leagueId: number, targetId: number): Promise<void> {
    await inTransaction(this.database, `User ${targetId}'s membership`, async (trx) => {
      const leaving = targetId === userId;
      const { caller, target, commissioners } = await this.lock(trx, leagueId, userId, leaving ? null : targetId);
      if (!leaving) requireCommissioner(caller, 'remove members');
      const members = await trx
        .selectFrom('league_members')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('league_id', '=', leagueId)
        .executeTakeFirstOrThrow();
      const alone = Number(members.n) === 1;
      if (target.role === 'commissioner' && commissioners === 1 && !alone)
        throw new HttpError(
          409,
          `${leaving ? 'You are' : `${target.name} is`} the league's only commissioner; make another member commissioner before ${leaving ? 'leaving' : 'removing them'}`,
        );
      await trx
        .deleteFrom('league_members')
        .where('league_id', '=', leagueId)
        .where('user_id', '=', targetId)
        .execute();
      await unlinkCoach(trx, leagueId, targetId, null);
      const league = await loadLeague(trx, leagueId);
      await releaseMember(this.database, trx, { league, userId: targetId, byUserId: userId, leaving: true });
      if (alone)
        await trx
          .updateTable('league_invitations')
          .set({ revoked_at: nowIso() })
          .where('league_id', '=', leagueId)
          .where('revoked_at', 'is', null)
          .execute();
      await enqueue(trx, { kind: 'sync-league', leagueId });
    });
  }

  /** The members (or the one member `only`) as the list shows them, by role, then name. */
  private async views(leagueId: number, manages: boolean, only?: number): Promise<MemberView[]> {
    const { db } = this.database;
    let query = db
      .selectFrom('league_members as m')
      .innerJoin('users', 'users.id', 'm.user_id')
      .select(['m.user_id', 'm.role', 'm.team_id', 'm.joined_at', 'm.invitation_id', 'users.name', 'users.avatar_file'])
      .where('m.league_id', '=', leagueId);
    if (only !== undefined) query = query.where('m.user_id', '=', only);
    const rows = await query.execute();
    const teams = await teamRefs(
      db,
      rows.flatMap((row) => (row.team_id === null ? [] : [row.team_id])),
    );
    const squads = await squadTeamsOfMembers(db, leagueId);
    return rows
      .map((row) => ({
        user_id: row.user_id,
        name: row.name,
        avatar_url: avatarUrl({ id: row.user_id, avatar_file: row.avatar_file }),
        role: row.role,
        team: row.team_id === null ? null : (teams.get(row.team_id) ?? null),
        joined_at: manages ? row.joined_at : null,
        invitation_id: manages ? row.invitation_id : null,
        in_squad: row.role === 'player' ? row.team_id !== null && squads.get(row.user_id) === row.team_id : null,
      }))
      .sort(
        (a, b) =>
          ROLE_ORDER.indexOf(a.role) - ROLE_ORDER.indexOf(b.role) ||
          a.name.localeCompare(b.name, 'en') ||
          a.user_id - b.user_id,
      );
  }

  /**
   * Locks the league's commissioners (PostgreSQL; SQLite holds its one connection), then reads the
   * caller's membership (404 when none) and locks the target's row, always in that order, so the
   * membership changes of one league queue up and each sees the one before. `targetId` null: the
   * caller is the target. A target that is not a member is a 404 naming them, once the caller
   * is known to be one.
   */
  private async lock(trx: Transaction<DB>, leagueId: number, callerId: number, targetId: number | null) {
    const commissioners = await locked(
      this.database,
      trx
        .selectFrom('league_members')
        .select('user_id')
        .where('league_id', '=', leagueId)
        .where('role', '=', 'commissioner')
        .orderBy('user_id'),
    ).execute();
    const caller = await requireMembership(trx, leagueId, callerId);
    const id = targetId ?? callerId;
    const row = await locked(
      this.database,
      trx
        .selectFrom('league_members')
        .select(['role', 'team_id'])
        .where('league_id', '=', leagueId)
        .where('user_id', '=', id),
    ).executeTakeFirst();
    if (!row) throw new HttpError(404, `User ${id} is not a member of this league`);
    const user = await trx.selectFrom('users').select('name').where('id', '=', id).executeTakeFirstOrThrow();
    const target: Membership & { name: string } = {
      leagueId,
      userId: id,
      role: row.role,
      teamId: row.team_id,
      name: user.name,
    };
    return { caller, target, commissioners: commissioners.length };
  }
}

/**
 * A member who no longer coaches a team stops being its coach account (teams.coach_user_id), which
 * would otherwise still let them manage it (isCoachOf). The coach's name stays on the team.
 */
async function unlinkCoach(trx: Transaction<DB>, leagueId: number, userId: number, keepTeamId: number | null) {
  let query = trx
    .updateTable('teams')
    .set({ coach_user_id: null })
    .where('league_id', '=', leagueId)
    .where('coach_user_id', '=', userId);
  if (keepTeamId !== null) query = query.where('id', '!=', keepTeamId);
  await query.execute();
}

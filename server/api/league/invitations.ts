/**
 * Invitations by link (docs/decisions/0034): the commissioner creates, lists and revokes them;
 * anyone with the link sees what it offers; a signed-in member accepts it and joins the league.
 * The token is 32 random bytes (base64url) and appears only in the create answer; the table keeps
 * its SHA-256. A use is taken by one guarded update (`uses < max_uses`, not revoked, not expired)
 * in the same transaction as the membership, so a single-use link admits exactly one member even
 * when two accept at once, and a refusal takes no use.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import { nowIso, type Database } from '../../db/database.js';
import type { DB, LeagueInvitationsTable, Sport } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { membershipOf, requireMembership } from './access.js';
import { enqueue } from '../chat/chat-outbox.js';
import {
  inTransaction,
  loadLeague,
  locked,
  requireCommissioner,
  requireLeagueTeam,
  teamRefs,
} from './league-writes.js';
import type { TeamRef } from './league-view.js';
import { placeMember, type Placement } from './squad-players.js';

export const INVITED_ROLES = ['player', 'coach', 'referee', 'supporter'] as const;
export type InvitedRole = (typeof INVITED_ROLES)[number];
/** The roles that may have a team. */
export const TEAM_ROLES: readonly string[] = ['player', 'coach'];

export type InvitationStatus = 'active' | 'expired' | 'revoked' | 'used_up';
type Row = Selectable<LeagueInvitationsTable>;

export interface InvitationLimits {
  maxUses: number;
  defaultDays: number;
  maxDays: number;
  /** Open invitations a league may have at once. */
  maxOpen: number;
}

export interface InvitationInput {
  role: InvitedRole;
  team_id?: number | null;
  max_uses?: number;
  expires_in_days?: number;
}

/** An invitation as the commissioner's list shows it: never its token. */
export interface InvitationView {
  id: number;
  role: InvitedRole;
  team: TeamRef | null;
  max_uses: number;
  uses: number;
  expires_at: string;
  revoked_at: string | null;
  created_at: string;
  created_by: { id: number; name: string } | null;
  status: InvitationStatus;
}

/** The create answer: the only place the token is ever shown. */
export interface CreatedInvitation extends InvitationView {
  token: string;
  /** The app's page that accepts it: `/join/<token>`. */
  path: string;
}

/** What anyone holding the link may see, signed in or not. */
export interface InvitationPreview {
  league: { name: string; sport: Sport; season: string };
  role: InvitedRole;
  team: { name: string } | null;
  invited_by: string | null;
  expires_at: string;
  /** The league's id when the caller already belongs to it; otherwise null. */
  league_id: number | null;
}

/** What accepting did: the league joined, and for a player with a team, whether they are in its squad. */
export interface Accepted {
  leagueId: number;
  placement: Placement | null;
}

const DAY_MS = 86_400_000;
const ASK_AGAIN = "ask the league's commissioner for a new link";

/** An unknown token: the routes count these per address (the lookup's rate limit). */
export class UnknownInvitationError extends HttpError {
  constructor() {
    super(404, `There is no invitation at this link; check that the whole link was copied, or ${ASK_AGAIN}`);
  }
}

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export function statusOf(row: Pick<Row, 'revoked_at' | 'uses' | 'max_uses' | 'expires_at'>, now: string) {
  if (row.revoked_at !== null) return 'revoked';
  if (row.uses >= row.max_uses) return 'used_up';
  return row.expires_at <= now ? 'expired' : 'active';
}

/** The 410 that says why a known invitation cannot be used. */
function unusable(row: Row, status: InvitationStatus): HttpError {
  if (status === 'revoked')
    return new HttpError(410, `This invitation was withdrawn by the commissioner; ${ASK_AGAIN}`);
  if (status === 'used_up')
    return new HttpError(
      410,
      `This invitation has been used ${row.max_uses === 1 ? 'once, all it allows' : `${row.max_uses} times, all it allows`}; ${ASK_AGAIN}`,
    );
  return new HttpError(410, `This invitation expired at ${row.expires_at}; ${ASK_AGAIN}`);
}

export class Invitations {
  constructor(
    private readonly database: Database,
    private readonly limits: InvitationLimits,
  ) {}

  async create(userId: number, leagueId: number, input: InvitationInput): Promise<CreatedInvitation> {
    const teamId = input.team_id ?? null;
    if (teamId !== null && !TEAM_ROLES.includes(input.role))
      throw new HttpError(400, `body/team_id is for player and coach invitations; a ${input.role} has no team`);
    return inTransaction(this.database, `League ${leagueId}'s invitations`, async (trx) => {
      requireCommissioner(await requireMembership(trx, leagueId, userId), 'invite members');
      // Creations in one league queue up here, so two at once cannot both take the last open place.
      await locked(this.database, trx.selectFrom('leagues').select('id').where('id', '=', leagueId)).execute();
      if (teamId !== null) await requireLeagueTeam(trx, leagueId, teamId);
      const now = nowIso();
      const open = await trx
        .selectFrom('league_invitations')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('league_id', '=', leagueId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .whereRef('uses', '<', 'max_uses')
        .executeTakeFirstOrThrow();
      if (Number(open.n) >= this.limits.maxOpen)
        throw new HttpError(
          409,
          `This league has ${this.limits.maxOpen} open invitations, the most it may have; revoke one before creating another`,
        );
      const token = randomBytes(32).toString('base64url');
      const days = input.expires_in_days ?? this.limits.defaultDays;
      const created = await trx
        .insertInto('league_invitations')
        .values({
          league_id: leagueId,
          token_hash: tokenHash(token),
          role: input.role,
          team_id: teamId,
          max_uses: input.max_uses ?? 1,
          expires_at: new Date(Date.parse(now) + days * DAY_MS).toISOString(),
          revoked_at: null,
          created_by: userId,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const [view] = await this.views(trx, leagueId, now, { id: created.id });
      return { ...view!, token, path: `/join/${token}` };
    });
  }

  /** The league's invitations for its commissioner: open ones first, then the newest. */
  async list(userId: number, leagueId: number, limit: number): Promise<InvitationView[]> {
    const { db } = this.database;
    requireCommissioner(await requireMembership(db, leagueId, userId), "see the league's invitations");
    return this.views(db, leagueId, nowIso(), { limit });
  }

  /** Withdraws an invitation; revoking it again changes nothing and answers the same. */
  async revoke(userId: number, leagueId: number, invitationId: number): Promise<InvitationView> {
    return inTransaction(this.database, `Invitation ${invitationId}`, async (trx) => {
      requireCommissioner(await requireMembership(trx, leagueId, userId), 'revoke invitations');
      const now = nowIso();
      await trx
        .updateTable('league_invitations')
        .set({ revoked_at: now })
        .where('id', '=', invitationId)
        .where('league_id', '=', leagueId)
        .where('revoked_at', 'is', null)
        .execute();
      const [view] = await this.views(trx, leagueId, now, { id: invitationId });
      if (!view) throw new HttpError(404, `Invitation ${invitationId} does not exist in this league`);
      return view;
    });
  }

  /** What the link offers; `userId` is the caller when signed in. */
  async preview(token: string, userId: number | null): Promise<InvitationPreview> {
    const { db } = this.database;
    const row = await db
      .selectFrom('league_invitations as i')
      .innerJoin('leagues', 'leagues.id', 'i.league_id')
      .leftJoin('teams', 'teams.id', 'i.team_id')
      .leftJoin('users', 'users.id', 'i.created_by')
      .selectAll('i')
      .select(['leagues.name as league_name', 'leagues.sport', 'leagues.season'])
      .select(['teams.name as team_name', 'users.name as inviter_name'])
      .where('i.token_hash', '=', tokenHash(token))
      .executeTakeFirst();
    if (!row) throw new UnknownInvitationError();
    // A member opening any link of their league (their own used one included) is offered the league.
    const member = userId === null ? null : await membershipOf(db, row.league_id, userId);
    const status = statusOf(row, nowIso());
    if (status !== 'active' && !member) throw unusable(row, status);
    return {
      league: { name: row.league_name, sport: row.sport, season: row.season },
      role: row.role,
      team: row.team_name === null ? null : { name: row.team_name },
      invited_by: row.inviter_name,
      expires_at: row.expires_at,
      league_id: member ? row.league_id : null,
    };
  }

  /**
   * Joins the league with the invitation's role and team: a player is placed in the team's squad
   * (unless it is full), a coach becomes the coach of a team that has none; the chat change is
   * recorded with the membership.
   */
  async accept(userId: number, token: string): Promise<Accepted> {
    const hash = tokenHash(token);
    return inTransaction(this.database, 'The invitation', async (trx) => {
      const row = await trx
        .selectFrom('league_invitations')
        .selectAll()
        .where('token_hash', '=', hash)
        .executeTakeFirst();
      if (!row) throw new UnknownInvitationError();
      const alreadyMember = async () => {
        const league = await trx
          .selectFrom('leagues')
          .select('name')
          .where('id', '=', row.league_id)
          .executeTakeFirst();
        return new HttpError(
          409,
          `You are already a member of ${league?.name ?? 'this league'}; the invitation is left for someone else`,
        );
      };
      if (await membershipOf(trx, row.league_id, userId)) throw await alreadyMember();
      const now = nowIso();
      const taken = await trx
        .updateTable('league_invitations')
        .set((eb) => ({ uses: eb('uses', '+', 1) }))
        .where('id', '=', row.id)
        .whereRef('uses', '<', 'max_uses')
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) {
        const fresh = await trx
          .selectFrom('league_invitations')
          .selectAll()
          .where('id', '=', row.id)
          .executeTakeFirst();
        const status = fresh ? statusOf(fresh, now) : 'revoked';
        throw status === 'active'
          ? new HttpError(409, 'The invitation was just changed; try again')
          : unusable(fresh ?? row, status);
      }
      // The same member accepting twice at once: the first joins, the second takes no use.
      const joined = await trx
        .insertInto('league_members')
        .values({
          league_id: row.league_id,
          user_id: userId,
          role: row.role,
          team_id: row.team_id,
          joined_at: now,
          invitation_id: row.id,
        })
        .onConflict((oc) => oc.columns(['league_id', 'user_id']).doNothing())
        .executeTakeFirst();
      if (Number(joined.numInsertedOrUpdatedRows ?? 0) !== 1) throw await alreadyMember();
      const league = await loadLeague(trx, row.league_id);
      let placement: Placement | null = null;
      if (row.team_id !== null && row.role === 'player') {
        const team = (await teamRefs(trx, [row.team_id])).get(row.team_id)!;
        ({ placement } = await placeMember(this.database, trx, {
          league,
          team,
          userId,
          byUserId: null,
          strict: false,
        }));
      }
      if (row.team_id !== null && row.role === 'coach') {
        const user = await trx.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirstOrThrow();
        await trx
          .updateTable('teams')
          .set({ coach_user_id: userId, coach_name: user.name })
          .where('id', '=', row.team_id)
          .where('coach_user_id', 'is', null)
          .execute();
      }
      await enqueue(trx, { kind: 'sync-league', leagueId: row.league_id });
      return { leagueId: row.league_id, placement };
    });
  }

  private async views(
    db: Kysely<DB>,
    leagueId: number,
    now: string,
    which: { id: number } | { limit: number },
  ): Promise<InvitationView[]> {
    let query = db
      .selectFrom('league_invitations as i')
      .leftJoin('users', 'users.id', 'i.created_by')
      .selectAll('i')
      .select('users.name as creator_name')
      .where('i.league_id', '=', leagueId);
    if ('id' in which) query = query.where('i.id', '=', which.id);
    else
      query = query
        .orderBy(
          sql`case when i.revoked_at is null and i.uses < i.max_uses and i.expires_at > ${now} then 0 else 1 end`,
        )
        .orderBy('i.created_at', 'desc')
        .orderBy('i.id', 'desc')
        .limit(which.limit);
    const rows = await query.execute();
    const teams = await teamRefs(
      db,
      rows.flatMap((row) => (row.team_id === null ? [] : [row.team_id])),
    );
    return rows.map((row) => ({
      id: row.id,
      role: row.role,
      team: row.team_id === null ? null : (teams.get(row.team_id) ?? null),
      max_uses: row.max_uses,
      uses: row.uses,
      expires_at: row.expires_at,
      revoked_at: row.revoked_at,
      created_at: row.created_at,
      created_by: row.created_by === null ? null : { id: row.created_by, name: row.creator_name ?? '' },
      status: statusOf(row, now),
    }));
  }
}

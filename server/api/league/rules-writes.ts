/**
 * The commissioner's points adjustments and decisions (docs/decisions/0031, "How they are
 * entered"): each write is one transaction holding the league's row, so a refusal anywhere
 * leaves the database as it was. Every change raises the league's revision (migration 0006), so
 * the next read of the table shows it. Any member may list them; only the commissioner writes.
 */
import type { Kysely, Transaction } from 'kysely';
import { TEXT_RULES } from '../../../shared/text-policy.js';
import { nowIso, type Database } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { requireText } from '../../http/text-input.js';
import { requireMembership } from './access.js';
import { inTransaction, teamRefs } from './league-writes.js';
import type { TeamRef } from './league-view.js';
import { commissionersLeague } from './setup-writes.js';

export interface AdjustmentInput {
  team_id: number;
  points: number;
  reason: string;
}

export interface DecisionInput {
  team_ids: number[];
  reason: string;
}

interface Recorded {
  id: number;
  league_id: number;
  reason: string;
  by_user_id: number | null;
  at: string;
}

export interface AdjustmentView extends Recorded {
  team: TeamRef;
  points: number;
}

export interface DecisionView extends Recorded {
  /** In the order decided: the first ranks highest. */
  teams: TeamRef[];
}

/** The reason of an adjustment, an award or a decision: the text to store, or the 400. */
export const ruleReason = (text: string) => requireText(text, 'body/reason', TEXT_RULES.ruleReason);

/** The teams that are not the league's, first one named: a 422. */
async function requireLeagueTeams(db: Kysely<DB>, leagueId: number, ids: number[]): Promise<void> {
  const found = await db
    .selectFrom('teams')
    .select('id')
    .where('league_id', '=', leagueId)
    .where('id', 'in', ids)
    .execute();
  const missing = ids.find((id) => !found.some((row) => row.id === id));
  if (missing !== undefined) throw new HttpError(422, `Team ${missing} is not a team of this league`);
}

async function adjustmentViews(db: Kysely<DB>, leagueId: number, id?: number): Promise<AdjustmentView[]> {
  let query = db.selectFrom('points_adjustments').selectAll().where('league_id', '=', leagueId);
  if (id !== undefined) query = query.where('id', '=', id);
  const rows = await query.orderBy('id').execute();
  const teams = await teamRefs(
    db,
    rows.map((row) => row.team_id),
  );
  return rows.map(({ team_id, ...row }) => ({ ...row, team: teams.get(team_id)! }));
}

async function decisionViews(db: Kysely<DB>, leagueId: number, id?: number): Promise<DecisionView[]> {
  let query = db.selectFrom('standings_decisions').selectAll().where('league_id', '=', leagueId);
  if (id !== undefined) query = query.where('id', '=', id);
  const rows = (await query.orderBy('id').execute()).map(({ team_ids, ...row }) => ({
    ...row,
    team_ids: JSON.parse(team_ids) as number[],
  }));
  const teams = await teamRefs(
    db,
    rows.flatMap((row) => row.team_ids),
  );
  return rows.map(({ team_ids, ...row }) => ({ ...row, teams: team_ids.map((teamId) => teams.get(teamId)!) }));
}

export class CompetitionRules {
  constructor(
    private readonly database: Database,
    /** ADJUSTMENT_MAX_POINTS. */
    private readonly maxPoints: number,
  ) {}

  async adjustments(userId: number, leagueId: number): Promise<AdjustmentView[]> {
    await requireMembership(this.database.db, leagueId, userId);
    return adjustmentViews(this.database.db, leagueId);
  }

  async decisions(userId: number, leagueId: number): Promise<DecisionView[]> {
    await requireMembership(this.database.db, leagueId, userId);
    return decisionViews(this.database.db, leagueId);
  }

  async addAdjustment(userId: number, leagueId: number, input: AdjustmentInput): Promise<AdjustmentView> {
    const reason = ruleReason(input.reason);
    if (input.points === 0)
      throw new HttpError(400, 'body/points must not be 0: a deduction is negative, an addition positive');
    if (Math.abs(input.points) > this.maxPoints)
      throw new HttpError(
        400,
        `body/points must be from -${this.maxPoints} to ${this.maxPoints} (ADJUSTMENT_MAX_POINTS); it is ${input.points}`,
      );
    return inTransaction(this.database, `League ${leagueId}`, async (trx) => {
      await commissionersLeague(this.database, trx, leagueId, userId, 'adjust points');
      await requireLeagueTeams(trx, leagueId, [input.team_id]);
      const row = await trx
        .insertInto('points_adjustments')
        .values({
          league_id: leagueId,
          team_id: input.team_id,
          points: input.points,
          reason,
          by_user_id: userId,
          at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return (await adjustmentViews(trx, leagueId, row.id))[0]!;
    });
  }

  async addDecision(userId: number, leagueId: number, input: DecisionInput): Promise<DecisionView> {
    const reason = ruleReason(input.reason);
    const twice = input.team_ids.find((id, i) => input.team_ids.indexOf(id) !== i);
    if (twice !== undefined)
      throw new HttpError(400, `body/team_ids names team ${twice} more than once; list each team once`);
    return inTransaction(this.database, `League ${leagueId}`, async (trx) => {
      await commissionersLeague(this.database, trx, leagueId, userId, 'decide the order of level teams');
      await requireLeagueTeams(trx, leagueId, input.team_ids);
      await this.requireUndecided(trx, leagueId, input.team_ids);
      const row = await trx
        .insertInto('standings_decisions')
        .values({
          league_id: leagueId,
          team_ids: JSON.stringify(input.team_ids),
          reason,
          by_user_id: userId,
          at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return (await decisionViews(trx, leagueId, row.id))[0]!;
    });
  }

  /**
   * A team is in one decision at a time, so which decision places a group is never in doubt
   * (the table applies the first that names every team of the group).
   */
  private async requireUndecided(trx: Transaction<DB>, leagueId: number, teamIds: number[]): Promise<void> {
    const existing = await trx
      .selectFrom('standings_decisions')
      .select(['id', 'team_ids'])
      .where('league_id', '=', leagueId)
      .execute();
    for (const decision of existing) {
      const named = JSON.parse(decision.team_ids) as number[];
      const both = teamIds.find((id) => named.includes(id));
      if (both !== undefined)
        throw new HttpError(
          409,
          `Team ${both} is already ordered by decision ${decision.id}; delete that decision first`,
        );
    }
  }

  async deleteAdjustment(userId: number, leagueId: number, adjustmentId: number): Promise<void> {
    await this.deleteRow(userId, leagueId, 'points_adjustments', adjustmentId, 'Adjustment', 'adjust points');
  }

  async deleteDecision(userId: number, leagueId: number, decisionId: number): Promise<void> {
    await this.deleteRow(
      userId,
      leagueId,
      'standings_decisions',
      decisionId,
      'Decision',
      'decide the order of level teams',
    );
  }

  private async deleteRow(
    userId: number,
    leagueId: number,
    table: 'points_adjustments' | 'standings_decisions',
    id: number,
    what: string,
    doing: string,
  ): Promise<void> {
    await inTransaction(this.database, `League ${leagueId}`, async (trx) => {
      await commissionersLeague(this.database, trx, leagueId, userId, doing);
      const deleted = await trx
        .deleteFrom(table)
        .where('id', '=', id)
        .where('league_id', '=', leagueId)
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0)
        throw new HttpError(404, `${what} ${id} does not exist in league ${leagueId}`);
    });
  }
}

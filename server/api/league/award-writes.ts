/**
 * Awarded results (docs/decisions/0031, "How they are entered"): the commissioner sets a
 * fixture's score with a reason (a forfeit, an abandoned match, an ineligible player). An awarded
 * fixture is played and counts like any result; the fixture's views mark it. Withdrawing the
 * award returns the fixture to scheduled without a score; recording a result replaces it
 * (result-writes.ts).
 */
import type { Transaction } from 'kysely';
import { nowIso, type Database } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { requireMembership } from './access.js';
import {
  fixtureView,
  inTransaction,
  loadLeague,
  lockFixture,
  requireCommissioner,
  type Fixture,
  type FixtureView,
} from './league-writes.js';
import { ruleReason } from './rules-writes.js';

/** A changed fixture and the league's chat channel, where its card goes. */
export interface AwardChange {
  view: FixtureView;
  chatChannel: string | null;
}

export interface AwardInput {
  home_score: number;
  away_score: number;
  reason: string;
}

type Change = Pick<Fixture, 'status' | 'home_score' | 'away_score' | 'awarded' | 'awarded_reason'>;

export class AwardWrites {
  constructor(private readonly database: Database) {}

  /**
   * Any fixture of the league may be awarded, whatever its week or state: a withdrawn team's
   * remaining matches are awarded at once. A played match's player lines stay (its statistics
   * happened); only the result is the commissioner's.
   */
  async award(userId: number, fixtureId: number, input: AwardInput): Promise<AwardChange> {
    const reason = ruleReason(input.reason);
    return this.change(userId, fixtureId, 'award its result', () => ({
      status: 'played',
      home_score: input.home_score,
      away_score: input.away_score,
      awarded: 1,
      awarded_reason: reason,
    }));
  }

  /** Back to scheduled without a score; refused for a fixture not awarded or with player lines. */
  async withdraw(userId: number, fixtureId: number): Promise<AwardChange> {
    return this.change(userId, fixtureId, 'withdraw its award', async (fixture, trx) => {
      if (fixture.awarded !== 1)
        throw new HttpError(409, `Fixture ${fixtureId}'s result was not awarded; there is no award to withdraw`);
      const line = await trx
        .selectFrom('appearances')
        .select('player_id')
        .where('fixture_id', '=', fixtureId)
        .limit(1)
        .execute();
      if (line.length > 0)
        throw new HttpError(
          409,
          `Fixture ${fixtureId} was played (it has player lines); record its result instead of withdrawing the award`,
        );
      return { status: 'scheduled', home_score: null, away_score: null, awarded: 0, awarded_reason: null };
    });
  }

  private async change(
    userId: number,
    fixtureId: number,
    doing: string,
    next: (fixture: Fixture, trx: Transaction<DB>) => Change | Promise<Change>,
  ): Promise<AwardChange> {
    return inTransaction(this.database, `Fixture ${fixtureId}`, async (trx) => {
      const fixture = await lockFixture(this.database, trx, fixtureId);
      const membership = await requireMembership(trx, fixture.league_id, userId, `Fixture ${fixtureId}`);
      requireCommissioner(membership, `${doing} (fixture ${fixtureId})`);
      const changes = { ...(await next(fixture, trx)), updated_at: nowIso() };
      await trx.updateTable('fixtures').set(changes).where('id', '=', fixtureId).execute();
      const league = await loadLeague(trx, fixture.league_id);
      return { view: await fixtureView(trx, { ...fixture, ...changes }), chatChannel: league.chat_channel };
    });
  }
}

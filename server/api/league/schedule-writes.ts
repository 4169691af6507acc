/**
 * The commissioner's schedule generator (docs/api.md, "Schedule"; rules in
 * docs/decisions/0032): a preview of the round robin the league's teams would play, and saving
 * it, which replaces every fixture of the league and sets its weeks in one transaction.
 *
 * Saving names the league revision its preview was made at, and the transaction first moves the
 * league from that revision to the next (a compare-and-set on the league's row). Of two saves made
 * from the same preview at once, the second finds the revision moved and gets 409: on PostgreSQL
 * it waits for the first's row lock and then re-reads the row, on SQLite it runs after the first.
 */
import type { Kysely } from 'kysely';
import { nowIso, type Database } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { scheduleFixtures } from '../../league/kickoffs.js';
import { roundRobin, ScheduleError, type Rounds } from '../../league/schedule.js';
import { requireMembership } from './access.js';
import { inTransaction, requireCommissioner } from './league-writes.js';
import { TEAM_REF_COLUMNS, toTeamRef } from './league-repo.js';
import type { TeamRef } from './league-view.js';
import { readScheduleRequest, type ScheduleInput, type ScheduleRequest } from './schedule-input.js';

/** Limits and the default zone, from server/config.ts (SCHEDULE_*). */
export interface ScheduleSettings {
  maxTeams: number;
  maxTimes: number;
  maxVenues: number;
}

export interface ScheduleFixtureView {
  /** Only once saved. */
  id?: number;
  week: number;
  home: TeamRef;
  away: TeamRef;
  kickoff_at: string;
  venue: string;
}

/** What a preview shows and a save answers. */
export interface ScheduleView {
  league_id: number;
  /** The league's revision this schedule was made at: send it back to save the schedule. */
  revision: number;
  rounds: Rounds;
  seed: number | null;
  /** How many teams play. */
  teams: number;
  weeks: number;
  /** Set once saved: 1. */
  current_week?: number;
  time_zone: string;
  fixtures: ScheduleFixtureView[];
  /** With an odd number of teams, who rests in which week. */
  byes: { week: number; team: TeamRef }[];
}

/** Rows inserted per statement, well under both engines' limits on bound values. */
const INSERT_CHUNK = 200;

async function requireNothingPlayed(db: Kysely<DB>, leagueId: number): Promise<void> {
  const row = await db
    .selectFrom('fixtures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('league_id', '=', leagueId)
    .where('status', '=', 'played')
    .executeTakeFirstOrThrow();
  const played = Number(row.n);
  if (played > 0)
    throw new HttpError(
      409,
      `League ${leagueId} has ${played} played fixture${played === 1 ? '' : 's'}; a schedule can only be generated before the first match is played`,
    );
}

export class ScheduleWrites {
  constructor(
    private readonly database: Database,
    private readonly settings: ScheduleSettings,
  ) {}

  /** The checks every schedule request passes first: a commissioner of the league, a body that reads. */
  private async admit(db: Kysely<DB>, userId: number, leagueId: number, body: ScheduleRequest) {
    const membership = await requireMembership(db, leagueId, userId);
    requireCommissioner(membership, "generate the league's schedule");
    // Kick-off times are the league's local times unless the request names another zone.
    const league = await db
      .selectFrom('leagues')
      .select('time_zone')
      .where('id', '=', leagueId)
      .executeTakeFirstOrThrow();
    return readScheduleRequest(body, league.time_zone);
  }

  /** The schedule of the league's teams (by id order, then the seed's shuffle), or 422 naming why not. */
  private async plan(db: Kysely<DB>, leagueId: number, revision: number, input: ScheduleInput): Promise<ScheduleView> {
    const teams = await db
      .selectFrom('teams')
      .select(TEAM_REF_COLUMNS)
      .where('league_id', '=', leagueId)
      .orderBy('id')
      .execute()
      .then((rows) => rows.map(toTeamRef));
    const count = teams.length;
    if (count < 2)
      throw new HttpError(
        422,
        `League ${leagueId} has ${count === 0 ? 'no teams' : 'one team'}; a schedule needs at least two teams`,
      );
    if (count > this.settings.maxTeams)
      throw new HttpError(
        422,
        `League ${leagueId} has ${count} teams; a schedule is generated for at most ${this.settings.maxTeams}`,
      );
    try {
      const weeks = roundRobin(teams, { rounds: input.rounds, ...(input.seed === null ? {} : { seed: input.seed }) });
      return {
        league_id: leagueId,
        revision,
        rounds: input.rounds,
        seed: input.seed,
        teams: count,
        weeks: weeks.length,
        time_zone: input.pattern.timeZone,
        fixtures: scheduleFixtures(weeks, input.pattern),
        byes: weeks.flatMap(({ week, bye }) => (bye ? [{ week, team: bye }] : [])),
      };
    } catch (error) {
      if (error instanceof ScheduleError) throw new HttpError(422, error.message);
      throw error;
    }
  }

  async preview(userId: number, leagueId: number, body: ScheduleRequest): Promise<ScheduleView> {
    const { db } = this.database;
    const input = await this.admit(db, userId, leagueId, body);
    await requireNothingPlayed(db, leagueId);
    // The revision before the teams: a team added in between moves it, so saving this preview is refused.
    const league = await db
      .selectFrom('leagues')
      .select('revision')
      .where('id', '=', leagueId)
      .executeTakeFirstOrThrow();
    return this.plan(db, leagueId, league.revision, input);
  }

  async save(userId: number, leagueId: number, body: ScheduleRequest & { revision: number }): Promise<ScheduleView> {
    return inTransaction(this.database, `League ${leagueId}`, async (trx) => {
      const input = await this.admit(trx, userId, leagueId, body);
      await requireNothingPlayed(trx, leagueId);
      const moved = await trx
        .updateTable('leagues')
        .set((eb) => ({ revision: eb('revision', '+', 1) }))
        .where('id', '=', leagueId)
        .where('revision', '=', body.revision)
        .executeTakeFirst();
      if (moved.numUpdatedRows === 0n) {
        const now = await trx
          .selectFrom('leagues')
          .select('revision')
          .where('id', '=', leagueId)
          .executeTakeFirstOrThrow();
        throw new HttpError(
          409,
          `League ${leagueId} has changed since the schedule was previewed (revision ${body.revision}, now ${now.revision}); preview it again`,
        );
      }
      const plan = await this.plan(trx, leagueId, body.revision, input);

      await trx.deleteFrom('fixtures').where('league_id', '=', leagueId).execute();
      const updatedAt = nowIso();
      const rows = plan.fixtures.map((f) => ({
        league_id: leagueId,
        week: f.week,
        home_team_id: f.home.id,
        away_team_id: f.away.id,
        kickoff_at: f.kickoff_at,
        venue: f.venue,
        referee_user_id: null,
        referee_name: '',
        status: 'scheduled' as const,
        home_score: null,
        away_score: null,
        updated_at: updatedAt,
      }));
      for (let i = 0; i < rows.length; i += INSERT_CHUNK)
        await trx
          .insertInto('fixtures')
          .values(rows.slice(i, i + INSERT_CHUNK))
          .execute();
      await trx.updateTable('leagues').set({ weeks: plan.weeks, current_week: 1 }).where('id', '=', leagueId).execute();

      // A pair meets at most once a week, so week, home and away find each new fixture's id.
      const key = (week: number, home: number, away: number) => `${week}:${home}:${away}`;
      const ids = new Map(
        (
          await trx
            .selectFrom('fixtures')
            .select(['id', 'week', 'home_team_id', 'away_team_id'])
            .where('league_id', '=', leagueId)
            .execute()
        ).map((row) => [key(row.week, row.home_team_id, row.away_team_id), row.id]),
      );
      const league = await trx
        .selectFrom('leagues')
        .select('revision')
        .where('id', '=', leagueId)
        .executeTakeFirstOrThrow();
      return {
        ...plan,
        revision: league.revision,
        current_week: 1,
        fixtures: plan.fixtures.map((f) => ({ id: ids.get(key(f.week, f.home.id, f.away.id))!, ...f })),
      };
    });
  }
}

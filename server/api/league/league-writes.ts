/**
 * The league's writes (docs/decisions/0011, "Who may do what"): each runs in one transaction, so
 * a refusal raised anywhere inside it leaves the database as it was. This file holds what every
 * write shares (transactions, row locks, views) and the commissioner's fixture, player and week
 * changes; a player's in player-edits.ts; team sheets and transfers are in squad-writes.ts, results in result-writes.ts.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import { TEXT_RULES } from '../../../shared/text-policy.js';
import { nowIso, type Database } from '../../db/database.js';
import type { DB, FixturesTable, LeaguesTable } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { requireText } from '../../http/text-input.js';
import { avatarUrl } from '../users/user-view.js';
import { requireMembership, type Membership } from './access.js';
import { PLAYER_REF_COLUMNS, TEAM_REF_COLUMNS, toTeamRef } from './league-repo.js';
import type { FixtureStatus, FixtureSummary, PlayerRef, TeamRef } from './league-view.js';

export type Fixture = Selectable<FixturesTable>;
export type League = Selectable<LeaguesTable>;

/** A fixture as the write routes answer it. */
export interface FixtureView extends FixtureSummary {
  league_id: number;
}

/** What a write did, and where its league posts its cards. */
export interface Written<T> {
  view: T;
  chatChannel: string | null;
}

const CONFLICT_CODES = new Set([
  '23505', // PostgreSQL unique_violation
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  'SQLITE_CONSTRAINT_UNIQUE',
  'SQLITE_CONSTRAINT_PRIMARYKEY',
]);

/**
 * Runs `work` in a transaction. A unique index refusing a row means another session changed the
 * same thing between our read and our write, so it is that session's win: 409, never a 500.
 */
export async function inTransaction<T>(
  database: Database,
  what: string,
  work: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  try {
    return await database.db.transaction().execute(work);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && CONFLICT_CODES.has(code))
      throw new HttpError(409, `${what} was just changed by someone else; reload and try again`);
    throw error;
  }
}

/**
 * Locks the selected rows until the transaction ends on PostgreSQL, so concurrent writes to the
 * same fixture, player or team queue up and each sees the other's result. SQLite needs no lock:
 * it has one connection, and a transaction holds it.
 */
export function locked<Q extends { forUpdate(): Q }>(database: Database, query: Q): Q {
  return database.dialect === 'postgres' ? query.forUpdate() : query;
}

export async function lockFixture(database: Database, trx: Transaction<DB>, fixtureId: number): Promise<Fixture> {
  const fixture = await locked(
    database,
    trx.selectFrom('fixtures').selectAll().where('id', '=', fixtureId),
  ).executeTakeFirst();
  if (!fixture) throw new HttpError(404, `Fixture ${fixtureId} does not exist or is not in one of your leagues`);
  return fixture;
}

export async function loadLeague(db: Kysely<DB>, leagueId: number): Promise<League> {
  return db.selectFrom('leagues').selectAll().where('id', '=', leagueId).executeTakeFirstOrThrow();
}

export function requireCommissioner(membership: Membership, what: string): void {
  if (membership.role !== 'commissioner') throw new HttpError(403, `Only the commissioner may ${what}`);
}

/** A team id from a body that must be one of the league's teams (422 otherwise). */
export async function requireLeagueTeam(db: Kysely<DB>, leagueId: number, teamId: number): Promise<void> {
  const team = await db
    .selectFrom('teams')
    .select('id')
    .where('id', '=', teamId)
    .where('league_id', '=', leagueId)
    .executeTakeFirst();
  if (!team) throw new HttpError(422, `Team ${teamId} is not a team of this league`);
}

export async function teamRefs(db: Kysely<DB>, ids: number[]): Promise<Map<number, TeamRef>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('teams')
    .select(TEAM_REF_COLUMNS)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, toTeamRef(row)]));
}

export async function playerRefs(db: Kysely<DB>, ids: number[]): Promise<Map<number, PlayerRef>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('players')
    .leftJoin('users', 'users.id', 'players.user_id')
    .select(PLAYER_REF_COLUMNS)
    .where('players.id', 'in', [...new Set(ids)])
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        name: row.name,
        position: row.position,
        shirt_number: row.shirt_number,
        status: row.status,
        user_id: row.user_id,
        avatar_url: row.user_id ? avatarUrl({ id: row.user_id, avatar_file: row.avatar_file }) : null,
      },
    ]),
  );
}

export async function fixtureView(db: Kysely<DB>, fixture: Fixture): Promise<FixtureView> {
  const teams = await teamRefs(db, [fixture.home_team_id, fixture.away_team_id]);
  return {
    id: fixture.id,
    league_id: fixture.league_id,
    week: fixture.week,
    home: teams.get(fixture.home_team_id)!,
    away: teams.get(fixture.away_team_id)!,
    kickoff_at: fixture.kickoff_at,
    venue: fixture.venue,
    referee_name: fixture.referee_name,
    referee_user_id: fixture.referee_user_id,
    status: fixture.status,
    home_score: fixture.home_score,
    away_score: fixture.away_score,
    awarded: fixture.awarded === 1,
    awarded_reason: fixture.awarded_reason,
  };
}

export interface FixtureChanges {
  kickoff_at?: string;
  venue?: string;
  referee_user_id?: number | null;
  referee_name?: string;
  status?: Extract<FixtureStatus, 'scheduled' | 'postponed'>;
}

/** What a fixture change altered, for its card. */
export type FixtureChange =
  { field: 'status'; value: FixtureStatus } | { field: 'kickoff_at' | 'venue' | 'referee_name'; value: string };

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

function kickoffOf(text: string): string {
  const time = Date.parse(text);
  // Date.parse rolls 30 February over into March; a date that does not exist is refused.
  const [year, month, day] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  const exists = calendar.getUTCMonth() === month - 1 && calendar.getUTCDate() === day;
  if (!ISO_TIME.test(text) || Number.isNaN(time) || !exists)
    throw new HttpError(400, `body/kickoff_at '${text}' is not a date and time such as 2026-05-09T14:30:00Z`);
  return new Date(time).toISOString();
}

/** The commissioner's fixture and week changes (a player's: player-edits.ts). */
export class LeagueWrites {
  constructor(private readonly database: Database) {}

  async changeFixture(
    userId: number,
    fixtureId: number,
    changes: FixtureChanges,
  ): Promise<Written<FixtureView> & { changes: FixtureChange[] }> {
    const kickoff = changes.kickoff_at === undefined ? undefined : kickoffOf(changes.kickoff_at);
    return inTransaction(this.database, `Fixture ${fixtureId}`, async (trx) => {
      const fixture = await lockFixture(this.database, trx, fixtureId);
      const membership = await requireMembership(trx, fixture.league_id, userId, `Fixture ${fixtureId}`);
      requireCommissioner(membership, 'change a fixture');
      if (fixture.status === 'played')
        throw new HttpError(
          409,
          `Fixture ${fixtureId} has been played and cannot be changed; the commissioner may correct its result instead`,
        );

      const next = { ...fixture };
      if (kickoff !== undefined) next.kickoff_at = kickoff;
      if (changes.venue !== undefined) {
        next.venue = requireText(changes.venue, 'body/venue', TEXT_RULES.venue);
      }
      if (changes.status !== undefined) next.status = changes.status;
      if (changes.referee_user_id !== undefined) {
        next.referee_user_id = changes.referee_user_id;
        if (changes.referee_user_id !== null) {
          const referee = await trx
            .selectFrom('league_members')
            .innerJoin('users', 'users.id', 'league_members.user_id')
            .select(['users.name'])
            .where('league_members.league_id', '=', fixture.league_id)
            .where('league_members.user_id', '=', changes.referee_user_id)
            .where('league_members.role', '=', 'referee')
            .executeTakeFirst();
          if (!referee)
            throw new HttpError(
              422,
              `User ${changes.referee_user_id} is not a referee of this league; a fixture's referee must be one`,
            );
          next.referee_name = referee.name;
        }
      }
      if (changes.referee_name !== undefined) {
        next.referee_name = requireText(changes.referee_name, 'body/referee_name', TEXT_RULES.refereeName);
      }

      const altered: FixtureChange[] = [];
      if (next.status !== fixture.status) altered.push({ field: 'status', value: next.status });
      if (next.kickoff_at !== fixture.kickoff_at) altered.push({ field: 'kickoff_at', value: next.kickoff_at });
      if (next.venue !== fixture.venue) altered.push({ field: 'venue', value: next.venue });
      if (next.referee_name !== fixture.referee_name || next.referee_user_id !== fixture.referee_user_id)
        altered.push({ field: 'referee_name', value: next.referee_name });

      if (altered.length > 0) {
        next.updated_at = nowIso();
        await trx
          .updateTable('fixtures')
          .set({
            kickoff_at: next.kickoff_at,
            venue: next.venue,
            referee_user_id: next.referee_user_id,
            referee_name: next.referee_name,
            status: next.status,
            updated_at: next.updated_at,
          })
          .where('id', '=', fixtureId)
          .execute();
      }
      const league = await loadLeague(trx, fixture.league_id);
      return { view: await fixtureView(trx, next), chatChannel: league.chat_channel, changes: altered };
    });
  }

  async advanceWeek(
    userId: number,
    leagueId: number,
  ): Promise<{ league_id: number; current_week: number; weeks: number }> {
    return inTransaction(this.database, `League ${leagueId}`, async (trx) => {
      const membership = await requireMembership(trx, leagueId, userId);
      requireCommissioner(membership, 'advance the week');
      const league = await locked(
        this.database,
        trx.selectFrom('leagues').selectAll().where('id', '=', leagueId),
      ).executeTakeFirstOrThrow();
      if (league.current_week >= league.weeks)
        throw new HttpError(
          409,
          `Week ${league.current_week} is the league's last week; there is no week to advance to`,
        );
      const open = await trx
        .selectFrom('fixtures')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('league_id', '=', leagueId)
        .where('week', '=', league.current_week)
        .where('status', '=', 'scheduled')
        .executeTakeFirstOrThrow();
      const scheduled = Number(open.n);
      if (scheduled > 0)
        throw new HttpError(
          409,
          `${scheduled} fixture${scheduled === 1 ? '' : 's'} of week ${league.current_week} ${scheduled === 1 ? 'is' : 'are'} still scheduled; record or postpone ${scheduled === 1 ? 'it' : 'them'} before advancing the week`,
        );
      const current = league.current_week + 1;
      await trx.updateTable('leagues').set({ current_week: current }).where('id', '=', leagueId).execute();
      return { league_id: leagueId, current_week: current, weeks: league.weeks };
    });
  }
}

/**
 * Setting a league up (docs/decisions/0033): any signed-in member creates one and becomes its
 * commissioner; the commissioner changes its settings. Each write is one transaction that holds
 * the league's row (locked on PostgreSQL), so set-up writes to one league queue up and each sees
 * the one before; a refusal anywhere leaves the database as it was.
 */
import type { Transaction } from 'kysely';
import { nowIso, type Database } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { enqueue } from '../chat/chat-outbox.js';
import { LEAGUE_CHANNEL_TYPE, leagueChannelId } from '../chat/league-chat.js';
import { requireMembership, type Membership } from './access.js';
import { inTransaction, locked, requireCommissioner, type League } from './league-writes.js';
import { ALWAYS_CHANGEABLE, changedFields, settingsOf, settleSettings, type SettingsInput } from './setup-rules.js';

/** The league's row, locked until the transaction ends on PostgreSQL (SQLite has one writer). */
export async function lockLeague(database: Database, trx: Transaction<DB>, leagueId: number): Promise<League> {
  const league = await locked(
    database,
    trx.selectFrom('leagues').selectAll().where('id', '=', leagueId),
  ).executeTakeFirst();
  if (!league) throw new HttpError(404, `League ${leagueId} does not exist or is not in one of your leagues`);
  return league;
}

/**
 * The commissioner's league, locked: 404 for a league that is not the caller's (as if it did
 * not exist, named `what`), 403 for a member who is not its commissioner.
 */
export async function commissionersLeague(
  database: Database,
  trx: Transaction<DB>,
  leagueId: number,
  userId: number,
  doing: string,
  what = `League ${leagueId}`,
): Promise<SetUp> {
  const membership = await requireMembership(trx, leagueId, userId, what);
  requireCommissioner(membership, doing);
  return { league: await lockLeague(database, trx, leagueId), membership };
}

/** Whether a fixture of the league (of one team, when given) is played or its result awarded. */
export async function hasDecidedFixtures(trx: Transaction<DB>, leagueId: number, teamId?: number): Promise<boolean> {
  let query = trx
    .selectFrom('fixtures')
    .select('id')
    .where('league_id', '=', leagueId)
    .where((eb) => eb.or([eb('status', '=', 'played'), eb('awarded', '=', 1)]));
  if (teamId !== undefined)
    query = query.where((eb) => eb.or([eb('home_team_id', '=', teamId), eb('away_team_id', '=', teamId)]));
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

export interface SetUp {
  league: League;
  membership: Membership;
}

export class LeagueSetup {
  constructor(
    private readonly database: Database,
    private readonly squadLimit: number,
  ) {}

  /** A new league with its sport's defaults where the body is silent; its creator is its commissioner. */
  async createLeague(
    userId: number,
    input: SettingsInput & Required<Pick<SettingsInput, 'name' | 'sport' | 'season'>>,
  ): Promise<SetUp> {
    const settings = settleSettings(input, null, this.squadLimit);
    return inTransaction(this.database, 'The league', async (trx) => {
      // No schedule yet: no weeks, and the season stands at its first week (docs/decisions/0033).
      const league = await trx
        .insertInto('leagues')
        .values({
          ...settings,
          weeks: 0,
          current_week: 1,
          chat_channel: null,
          created_at: nowIso(),
          created_by: userId,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('league_members')
        .values({
          league_id: league.id,
          user_id: userId,
          role: 'commissioner',
          team_id: null,
          joined_at: league.created_at,
        })
        .execute();
      // Its channels are made by the chat outbox once this commits (decision 0035); result,
      // transfer and fixture cards go to its results channel.
      const withChannel = await trx
        .updateTable('leagues')
        .set({ chat_channel: `${LEAGUE_CHANNEL_TYPE}:${leagueChannelId(league.id, 'results')}` })
        .where('id', '=', league.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await enqueue(trx, { kind: 'sync-league', leagueId: league.id });
      return { league: withChannel, membership: { leagueId: league.id, userId, role: 'commissioner', teamId: null } };
    });
  }

  /**
   * The commissioner changes settings. Once a fixture is played (or awarded), only the name and
   * the season label may change: the rules the table was ranked by stay as they were.
   */
  async changeLeague(userId: number, leagueId: number, input: SettingsInput): Promise<SetUp> {
    return inTransaction(this.database, `League ${leagueId}`, async (trx) => {
      const { league: current, membership } = await commissionersLeague(
        this.database,
        trx,
        leagueId,
        userId,
        "change the league's settings",
      );
      const settings = settleSettings(input, settingsOf(current), this.squadLimit);
      const changed = changedFields(settingsOf(current), settings);
      const rules = changed.filter((field) => !ALWAYS_CHANGEABLE.includes(field));
      if (rules.length > 0 && (await hasDecidedFixtures(trx, leagueId)))
        throw new HttpError(
          409,
          `League ${leagueId} has played fixtures, so its ${rules.join(', ')} can no longer change; ` +
            'its name and season still can',
        );
      if (settings.sport !== current.sport) await this.requireNoPlayers(trx, leagueId);
      if (settings.squad_max < current.squad_max) await this.requireSquadsWithin(trx, leagueId, settings.squad_max);
      if (changed.length === 0) return { league: current, membership };
      const league = await trx
        .updateTable('leagues')
        .set(settings)
        .where('id', '=', leagueId)
        .returningAll()
        .executeTakeFirstOrThrow();
      // The channels carry the league's name.
      if (changed.includes('name')) await enqueue(trx, { kind: 'sync-league', leagueId });
      return { league, membership };
    });
  }

  /** Players have the sport's positions, so the sport changes only before there are any. */
  private async requireNoPlayers(trx: Transaction<DB>, leagueId: number): Promise<void> {
    const player = await trx.selectFrom('players').select('id').where('league_id', '=', leagueId).limit(1).execute();
    if (player.length > 0)
      throw new HttpError(
        409,
        "body/sport cannot change while the league has players: their positions are the sport's",
      );
  }

  /** A squad's max may not fall below a squad the league already has. */
  private async requireSquadsWithin(trx: Transaction<DB>, leagueId: number, max: number): Promise<void> {
    const largest = await trx
      .selectFrom('squad_memberships')
      .innerJoin('teams', 'teams.id', 'squad_memberships.team_id')
      .select((eb) => ['teams.name', eb.fn.countAll<number | string>().as('players')])
      .where('teams.league_id', '=', leagueId)
      .where('squad_memberships.until_at', 'is', null)
      .groupBy(['teams.id', 'teams.name'])
      .orderBy('players', 'desc')
      .orderBy('teams.name')
      .limit(1)
      .executeTakeFirst();
    if (largest && Number(largest.players) > max)
      throw new HttpError(
        409,
        `body/squad/max ${max} is below the squad ${largest.name} already has (${Number(largest.players)} players); ` +
          'release players first',
      );
  }
}

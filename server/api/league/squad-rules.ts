/**
 * The squad rules (docs/decisions/0011, 0038), written once and used by every write that changes
 * a squad: transfers, a player added or released on the roster, a member placed by an invitation
 * or a change of team, and a member who leaves. A squad holds at most `squad_max` players; once
 * the season is under way (a fixture played or awarded) it keeps at least `squad_min`; shirt
 * numbers are unique in a squad; a player named on the sheet of a fixture still to be played is
 * taken off it first. A squad change closes the player's open squad row and opens the new one,
 * and is recorded as a transfer (history, cards); the partial unique index
 * `squad_memberships_current` makes the loser of two simultaneous changes a 409.
 */
import type { Transaction } from 'kysely';
import { nowIso, type Database } from '../../db/database.js';
import type { DB, TransferKind } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { SPORTS } from '../../league/sports.js';
import type { TeamRef, TransferView } from './league-view.js';
import { locked, playerRefs, type League } from './league-writes.js';
import { hasDecidedFixtures } from './setup-writes.js';

export async function squadSize(trx: Transaction<DB>, teamId: number): Promise<number> {
  const row = await trx
    .selectFrom('squad_memberships')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('team_id', '=', teamId)
    .where('until_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Locks the teams' rows (PostgreSQL), in id order, so squad sizes are counted under the lock. */
export async function lockTeams(database: Database, trx: Transaction<DB>, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await locked(
    database,
    trx
      .selectFrom('teams')
      .select('id')
      .where('id', 'in', [...new Set(ids)])
      .orderBy('id'),
  ).execute();
}

/** Whether `team`'s squad has room for one more (its row locked first: lockTeams). */
export async function hasRoom(trx: Transaction<DB>, teamId: number, league: League): Promise<boolean> {
  return (await squadSize(trx, teamId)) < league.squad_max;
}

export const fullSquad = (team: { name: string }, league: League) =>
  `${team.name} has a full squad: ${league.squad_max} players is the most a squad may have`;

export async function requireRoom(trx: Transaction<DB>, team: TeamRef, league: League): Promise<void> {
  if (!(await hasRoom(trx, team.id, league))) throw new HttpError(409, fullSquad(team, league));
}

/**
 * A player may leave `team` only while it keeps `squad_min` players, once the season is under way;
 * before the first result, squads are still being put together and may be any size up to the max.
 */
export async function requireAboveMinimum(trx: Transaction<DB>, team: TeamRef, league: League): Promise<void> {
  if ((await squadSize(trx, team.id)) - 1 >= league.squad_min) return;
  if (!(await hasDecidedFixtures(trx, league.id))) return;
  throw new HttpError(409, `${team.name} would drop below ${league.squad_min} players, the fewest a squad may have`);
}

/** A player's position is one of the league's sport's (422 naming them otherwise). */
export function requirePosition(league: League, position: string): void {
  const { positions } = SPORTS[league.sport];
  if (!positions.includes(position))
    throw new HttpError(
      422,
      `body/position '${position}' is not a ${league.sport} position; use one of ${positions.join(', ')}`,
    );
}

/** A shirt number is worn by one player of a squad at a time. */
export async function requireFreeShirt(
  trx: Transaction<DB>,
  team: TeamRef,
  shirt: number | null,
  playerId?: number,
): Promise<void> {
  if (shirt === null) return;
  let query = trx
    .selectFrom('players')
    .innerJoin('squad_memberships as sm', 'sm.player_id', 'players.id')
    .select('players.name')
    .where('sm.team_id', '=', team.id)
    .where('sm.until_at', 'is', null)
    .where('players.shirt_number', '=', shirt);
  if (playerId !== undefined) query = query.where('players.id', '!=', playerId);
  const wearer = await query.executeTakeFirst();
  if (wearer)
    throw new HttpError(409, `body/shirt_number: ${wearer.name} already wears ${shirt} in ${team.name}'s squad`);
}

/** The scheduled fixtures whose sheet for `teamId` names the player. */
async function openSheets(trx: Transaction<DB>, playerId: number, teamId: number) {
  return trx
    .selectFrom('team_sheets as s')
    .innerJoin('fixtures as f', 'f.id', 's.fixture_id')
    .select(['f.id', 'f.week'])
    .where('s.player_id', '=', playerId)
    .where('s.team_id', '=', teamId)
    .where('f.status', '=', 'scheduled')
    .orderBy('f.kickoff_at')
    .execute();
}

/** A player the coach has named for a coming fixture leaves the squad only once taken off that sheet. */
export async function requireOffSheets(trx: Transaction<DB>, playerId: number, name: string, team: TeamRef) {
  const [sheet] = await openSheets(trx, playerId, team.id);
  if (sheet)
    throw new HttpError(
      409,
      `${name} is on the team sheet of ${team.name} for fixture ${sheet.id} (week ${sheet.week}); take them off it before they leave the squad`,
    );
}

/** A member who leaves the league leaves the sheets of fixtures still to be played (their coach picks again). */
export async function dropFromOpenSheets(trx: Transaction<DB>, playerId: number, teamId: number): Promise<void> {
  const fixtures = (await openSheets(trx, playerId, teamId)).map((f) => f.id);
  if (fixtures.length > 0)
    await trx
      .deleteFrom('team_sheets')
      .where('player_id', '=', playerId)
      .where('team_id', '=', teamId)
      .where('fixture_id', 'in', fixtures)
      .execute();
}

/** The player's open squad row, if any. */
export async function currentSquad(trx: Transaction<DB>, playerId: number) {
  return trx
    .selectFrom('squad_memberships')
    .select(['id', 'team_id'])
    .where('player_id', '=', playerId)
    .where('until_at', 'is', null)
    .executeTakeFirst();
}

export interface SquadMove {
  leagueId: number;
  player: { id: number; name: string; user_id: number | null };
  kind: TransferKind;
  /** The open squad row being left, if any. */
  current: { id: number } | undefined;
  source: TeamRef | null;
  target: TeamRef | null;
  byUserId: number | null;
}

/**
 * Closes the player's open squad row and opens the target's, records the transfer and keeps a
 * playing member's team in their membership (their screens and team channel follow it). The
 * rules are the caller's to check first.
 */
export async function moveSquad(trx: Transaction<DB>, move: SquadMove): Promise<TransferView> {
  const { player, source, target } = move;
  const at = nowIso();
  const stale = () =>
    new HttpError(409, `${player.name}'s team was just changed by someone else; reload and try again`);
  if (move.current) {
    const closed = await trx
      .updateTable('squad_memberships')
      .set({ until_at: at })
      .where('id', '=', move.current.id)
      .where('until_at', 'is', null)
      .executeTakeFirst();
    if (Number(closed.numUpdatedRows) !== 1) throw stale();
  }
  if (target)
    await trx
      .insertInto('squad_memberships')
      .values({ player_id: player.id, team_id: target.id, from_at: at, until_at: null })
      .execute();
  const created = await trx
    .insertInto('transfers')
    .values({
      league_id: move.leagueId,
      player_id: player.id,
      kind: move.kind,
      from_team_id: source?.id ?? null,
      to_team_id: target?.id ?? null,
      by_user_id: move.byUserId,
      at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (player.user_id !== null)
    await trx
      .updateTable('league_members')
      .set({ team_id: target?.id ?? null })
      .where('league_id', '=', move.leagueId)
      .where('user_id', '=', player.user_id)
      .where('role', '=', 'player')
      .execute();
  const author =
    move.byUserId === null
      ? undefined
      : await trx.selectFrom('users').select('name').where('id', '=', move.byUserId).executeTakeFirst();
  return {
    id: created.id,
    kind: move.kind,
    player: (await playerRefs(trx, [player.id])).get(player.id)!,
    from_team: source,
    to_team: target,
    at,
    by_name: author?.name ?? null,
  };
}

/**
 * Who is in a squad (docs/decisions/0038): the commissioner or the team's coach adds a player by
 * name (amateur leagues always have some without an account) or a member of the league, and
 * releases one; a member who joins or is moved as a player is placed in their team's squad with
 * their own player row; a member who leaves the league leaves their squad. Each change is a
 * transfer (history, cards) checked by the squad rules (squad-rules.ts) and records the chat
 * change it needs in its own transaction.
 */
import type { Kysely, Transaction } from 'kysely';
import { TEXT_RULES } from '../../../shared/text-policy.js';
import type { Database } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { requireText } from '../../http/text-input.js';
import { searchName, SPORTS } from '../../league/sports.js';
import { enqueue } from '../chat/chat-outbox.js';
import { isCoachOf, requireMembership } from './access.js';
import type { TeamRef, TransferView } from './league-view.js';
import { inTransaction, loadLeague, locked, teamRefs, type League, type Written } from './league-writes.js';
import {
  currentSquad,
  dropFromOpenSheets,
  fullSquad,
  hasRoom,
  lockTeams,
  moveSquad,
  requireAboveMinimum,
  requireFreeShirt,
  requireOffSheets,
  requirePosition,
  requireRoom,
} from './squad-rules.js';

export interface NewPlayer {
  /** Required without `user_id`; a member's player takes the member's name unless one is given. */
  name?: string;
  position: string;
  shirt_number?: number | null;
  /** A member of the league who plays: their account is linked to the player. */
  user_id?: number;
}

/** Where a member who joined or was moved as a player stands: placed in the squad, or not (it was full). */
export interface Placement {
  team: { id: number; name: string };
  placed: boolean;
  /** Why not, when not placed. */
  reason: string | null;
}

type PlayerRow = { id: number; name: string; user_id: number | null; shirt_number: number | null };

/** The member's player row in the league (locked), if they have one: a re-joining member gets theirs back. */
async function memberPlayer(database: Database, trx: Transaction<DB>, leagueId: number, userId: number) {
  return locked(
    database,
    trx
      .selectFrom('players')
      .select(['id', 'name', 'user_id', 'shirt_number'])
      .where('league_id', '=', leagueId)
      .where('user_id', '=', userId)
      .orderBy('id')
      .limit(1),
  ).executeTakeFirst();
}

async function insertPlayer(
  trx: Transaction<DB>,
  leagueId: number,
  values: { name: string; position: string; shirt_number: number | null; user_id: number | null },
): Promise<PlayerRow> {
  const created = await trx
    .insertInto('players')
    .values({ league_id: leagueId, ...values, search_name: searchName(values.name), status: 'available' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: created.id, name: values.name, user_id: values.user_id, shirt_number: values.shirt_number };
}

/** The team (locked) with the league and the caller, who must be its commissioner or coach. */
async function squadManager(database: Database, trx: Transaction<DB>, userId: number, teamId: number, what: string) {
  const row = await trx.selectFrom('teams').select('league_id').where('id', '=', teamId).executeTakeFirst();
  if (!row) throw new HttpError(404, `Team ${teamId} does not exist or is not in one of your leagues`);
  const membership = await requireMembership(trx, row.league_id, userId, `Team ${teamId}`);
  await lockTeams(database, trx, [teamId]);
  const team = (await teamRefs(trx, [teamId])).get(teamId)!;
  if (membership.role !== 'commissioner' && !(await isCoachOf(trx, membership, teamId)))
    throw new HttpError(403, `Only the commissioner or the coach of ${team.name} may ${what}`);
  return { team, league: await loadLeague(trx, row.league_id) };
}

/**
 * Places member `userId` in `team`'s squad (their player row, created from their name when they
 * have none), moving them from another squad if they are in one. A full squad: `strict` refuses
 * (409), otherwise the member is left unplaced and the answer says why.
 */
export async function placeMember(
  database: Database,
  trx: Transaction<DB>,
  at: { league: League; team: TeamRef; userId: number; byUserId: number | null; strict: boolean },
): Promise<{ placement: Placement; transfer: TransferView | null }> {
  const { league, team, userId } = at;
  let player = await memberPlayer(database, trx, league.id, userId);
  const current = player ? await currentSquad(trx, player.id) : undefined;
  const placed = (transfer: TransferView | null) => ({
    placement: { team: { id: team.id, name: team.name }, placed: true, reason: null },
    transfer,
  });
  if (current?.team_id === team.id) return placed(null);
  const sourceId = current?.team_id ?? null;
  await lockTeams(database, trx, sourceId === null ? [team.id] : [team.id, sourceId]);
  if (!(await hasRoom(trx, team.id, league))) {
    if (at.strict) throw new HttpError(409, fullSquad(team, league));
    const reason = fullSquad(team, league);
    return { placement: { team: { id: team.id, name: team.name }, placed: false, reason }, transfer: null };
  }
  if (!player) {
    const user = await trx.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirstOrThrow();
    const name = requireText(user.name, 'name', TEXT_RULES.playerName);
    const position = SPORTS[league.sport].newPlayerPosition;
    player = await insertPlayer(trx, league.id, { name, position, shirt_number: null, user_id: userId });
  }
  const source = sourceId === null ? null : (await teamRefs(trx, [sourceId])).get(sourceId)!;
  if (source) {
    await requireAboveMinimum(trx, source, league);
    await requireOffSheets(trx, player.id, player.name, source);
  }
  // A shirt number taken in the new squad stays behind: the coach gives them another.
  const shirtFree = await requireFreeShirt(trx, team, player.shirt_number, player.id).then(
    () => true,
    () => false,
  );
  if (!shirtFree) await trx.updateTable('players').set({ shirt_number: null }).where('id', '=', player.id).execute();
  const kind = source ? 'moved' : 'registered';
  const transfer = await moveSquad(trx, {
    leagueId: league.id,
    player,
    kind,
    current,
    source,
    target: team,
    byUserId: at.byUserId,
  });
  return placed(transfer);
}

/**
 * Member `userId` leaves their squad, recorded as a release; their past appearances and transfers
 * stay. A member who left the league (`leaving`) goes whatever the squad rules say and is taken
 * off the sheets of fixtures still to be played; a member the commissioner takes out of a team
 * leaves only as the squad rules allow a release.
 */
export async function releaseMember(
  database: Database,
  trx: Transaction<DB>,
  at: { league: League; userId: number; byUserId: number | null; leaving: boolean },
): Promise<TransferView | null> {
  const player = await memberPlayer(database, trx, at.league.id, at.userId);
  const current = player ? await currentSquad(trx, player.id) : undefined;
  if (!player || !current) return null;
  const source = (await teamRefs(trx, [current.team_id])).get(current.team_id)!;
  if (at.leaving) await dropFromOpenSheets(trx, player.id, source.id);
  else {
    await requireAboveMinimum(trx, source, at.league);
    await requireOffSheets(trx, player.id, player.name, source);
  }
  return moveSquad(trx, {
    leagueId: at.league.id,
    player,
    kind: 'released',
    current,
    source,
    target: null,
    byUserId: at.byUserId,
  });
}

/** The team a member's player row is in the squad of, per member of the league who has one. */
export async function squadTeamsOfMembers(db: Kysely<DB>, leagueId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('players')
    .innerJoin('squad_memberships as sm', 'sm.player_id', 'players.id')
    .select(['players.user_id', 'sm.team_id'])
    .where('players.league_id', '=', leagueId)
    .where('players.user_id', 'is not', null)
    .where('sm.until_at', 'is', null)
    .execute();
  return new Map(rows.map((row) => [row.user_id!, row.team_id]));
}

export class SquadPlayers {
  constructor(private readonly database: Database) {}

  /** Adds a player to team `teamId`'s squad: by name, or a member of the league (`user_id`). */
  async add(userId: number, teamId: number, input: NewPlayer): Promise<Written<TransferView> & { leagueId: number }> {
    const given = input.name === undefined ? undefined : requireText(input.name, 'body/name', TEXT_RULES.playerName);
    if (given === undefined && input.user_id === undefined)
      throw new HttpError(400, "body/name is required: the player's name (or user_id, a member of the league)");
    const shirt = input.shirt_number ?? null;
    return inTransaction(this.database, `Team ${teamId}'s squad`, async (trx) => {
      const { team, league } = await squadManager(this.database, trx, userId, teamId, 'add players to its squad');
      requirePosition(league, input.position);
      let player: PlayerRow | undefined;
      if (input.user_id !== undefined) {
        const member = await trx
          .selectFrom('league_members')
          .innerJoin('users', 'users.id', 'league_members.user_id')
          .select(['users.name'])
          .where('league_members.league_id', '=', league.id)
          .where('league_members.user_id', '=', input.user_id)
          .executeTakeFirst();
        if (!member) throw new HttpError(422, `body/user_id: user ${input.user_id} is not a member of this league`);
        player = await memberPlayer(this.database, trx, league.id, input.user_id);
        const current = player ? await currentSquad(trx, player.id) : undefined;
        if (current) {
          const where = (await teamRefs(trx, [current.team_id])).get(current.team_id)!;
          throw new HttpError(409, `${member.name} already plays for ${where.name}; move them with a transfer instead`);
        }
        const name = given ?? requireText(member.name, 'name', TEXT_RULES.playerName);
        if (player)
          await trx
            .updateTable('players')
            .set({ name, search_name: searchName(name), position: input.position, shirt_number: shirt })
            .where('id', '=', player.id)
            .execute();
        player = player ? { ...player, name, shirt_number: shirt } : undefined;
        player ??= await insertPlayer(trx, league.id, {
          name,
          position: input.position,
          shirt_number: shirt,
          user_id: input.user_id,
        });
      }
      await requireRoom(trx, team, league);
      await requireFreeShirt(trx, team, shirt, player?.id);
      player ??= await insertPlayer(trx, league.id, {
        name: given!,
        position: input.position,
        shirt_number: shirt,
        user_id: null,
      });
      const view = await moveSquad(trx, {
        leagueId: league.id,
        player,
        kind: 'registered',
        current: undefined,
        source: null,
        target: team,
        byUserId: userId,
      });
      await enqueue(trx, { kind: 'sync-league', leagueId: league.id });
      return { view, chatChannel: league.chat_channel, leagueId: league.id };
    });
  }

  /** Releases player `playerId` from team `teamId`'s squad; their records stay with the league. */
  async release(
    userId: number,
    teamId: number,
    playerId: number,
  ): Promise<Written<TransferView> & { leagueId: number }> {
    return inTransaction(this.database, `Player ${playerId}`, async (trx) => {
      const { team, league } = await squadManager(this.database, trx, userId, teamId, 'release its players');
      const player = await locked(
        this.database,
        trx
          .selectFrom('players')
          .select(['id', 'name', 'user_id', 'shirt_number', 'league_id'])
          .where('id', '=', playerId),
      ).executeTakeFirst();
      const current = player ? await currentSquad(trx, playerId) : undefined;
      if (!player || player.league_id !== league.id || current?.team_id !== team.id)
        throw new HttpError(404, `Player ${playerId} is not in ${team.name}'s squad`);
      await requireAboveMinimum(trx, team, league);
      await requireOffSheets(trx, player.id, player.name, team);
      const view = await moveSquad(trx, {
        leagueId: league.id,
        player,
        kind: 'released',
        current,
        source: team,
        target: null,
        byUserId: userId,
      });
      await enqueue(trx, { kind: 'sync-league', leagueId: league.id });
      return { view, chatChannel: league.chat_channel, leagueId: league.id };
    });
  }
}

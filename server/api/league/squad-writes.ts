/**
 * Team sheets and transfers (docs/decisions/0011). A transfer closes the player's open squad row
 * and opens the new one in one transaction (the squad rules and the move: squad-rules.ts), with
 * the chat change it needs (decision 0038).
 */
import type { Insertable } from 'kysely';
import type { Database } from '../../db/database.js';
import type { SheetRole, TeamSheetsTable, TransferKind } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { isCoachOf, requireMembership } from './access.js';
import type { PlayerRef, TeamRef, TransferView } from './league-view.js';
import { enqueue } from '../chat/chat-outbox.js';
import {
  inTransaction,
  loadLeague,
  lockFixture,
  locked,
  playerRefs,
  requireLeagueTeam,
  teamRefs,
  type Written,
} from './league-writes.js';
import {
  currentSquad,
  lockTeams,
  moveSquad,
  requireAboveMinimum,
  requireFreeShirt,
  requireOffSheets,
  requireRoom,
} from './squad-rules.js';

export interface SheetView {
  fixture_id: number;
  team_id: number;
  lines: { player_id: number; role: SheetRole; player: PlayerRef }[];
}

export interface TransferInput {
  kind: TransferKind;
  player_id: number;
  /** The team the player joins (registered, moved). */
  team_id?: number;
  /** The team the caller saw the player in; when it is no longer so, someone else was first. */
  from_team_id?: number | null;
}

function duplicateOf(ids: number[]): number | undefined {
  const seen = new Set<number>();
  return ids.find((id) => (seen.has(id) ? true : (seen.add(id), false)));
}

export class SquadWrites {
  constructor(private readonly database: Database) {}

  async setSheet(
    userId: number,
    fixtureId: number,
    teamId: number,
    starters: number[],
    substitutes: number[],
  ): Promise<SheetView> {
    return inTransaction(this.database, `The team sheet of fixture ${fixtureId}`, async (trx) => {
      const fixture = await lockFixture(this.database, trx, fixtureId);
      const membership = await requireMembership(trx, fixture.league_id, userId, `Fixture ${fixtureId}`);
      if (teamId !== fixture.home_team_id && teamId !== fixture.away_team_id)
        throw new HttpError(
          422,
          `Team ${teamId} does not play in fixture ${fixtureId}; only its two teams have sheets`,
        );
      const team = (await teamRefs(trx, [teamId])).get(teamId)!;
      if (!(await isCoachOf(trx, membership, teamId)))
        throw new HttpError(403, `Only the coach of ${team.name} may set its team sheet`);
      if (fixture.status !== 'scheduled')
        throw new HttpError(
          409,
          `Fixture ${fixtureId} is ${fixture.status}; team sheets are for scheduled fixtures only`,
        );
      if (Date.parse(fixture.kickoff_at) <= Date.now())
        throw new HttpError(
          409,
          `Fixture ${fixtureId} kicked off at ${fixture.kickoff_at}; team sheets close at kick-off`,
        );

      const league = await loadLeague(trx, fixture.league_id);
      if (starters.length !== league.sheet_starters)
        throw new HttpError(
          422,
          `A team sheet has exactly ${league.sheet_starters} starters; this one has ${starters.length}`,
        );
      if (substitutes.length > league.sheet_subs_max)
        throw new HttpError(
          422,
          `A team sheet has at most ${league.sheet_subs_max} substitutes; this one has ${substitutes.length}`,
        );
      const all = [...starters, ...substitutes];
      const twice = duplicateOf(all);
      if (twice !== undefined)
        throw new HttpError(422, `Player ${twice} is on the sheet more than once; each player may appear once`);

      const rows = await trx
        .selectFrom('players')
        .leftJoin('squad_memberships as sm', (join) =>
          join.onRef('sm.player_id', '=', 'players.id').on('sm.until_at', 'is', null),
        )
        .select(['players.id', 'players.name', 'players.status', 'players.league_id', 'sm.team_id'])
        .where('players.id', 'in', all)
        .execute();
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const id of all) {
        const row = byId.get(id);
        if (!row || row.league_id !== fixture.league_id || row.team_id !== teamId)
          throw new HttpError(
            422,
            `${row && row.league_id === fixture.league_id ? row.name : `Player ${id}`} is not in ${team.name}'s squad; a sheet lists the team's own players`,
          );
        if (row.status !== 'available')
          throw new HttpError(422, `${row.name} is ${row.status}; only available players may be on a team sheet`);
      }

      await trx.deleteFrom('team_sheets').where('fixture_id', '=', fixtureId).where('team_id', '=', teamId).execute();
      const lines = all.map((playerId, index): Insertable<TeamSheetsTable> => ({
        fixture_id: fixtureId,
        team_id: teamId,
        player_id: playerId,
        role: index < starters.length ? 'starter' : 'substitute',
        sort_order: index,
      }));
      await trx.insertInto('team_sheets').values(lines).execute();
      const players = await playerRefs(trx, all);
      return {
        fixture_id: fixtureId,
        team_id: teamId,
        lines: lines.map((line) => ({
          player_id: line.player_id,
          role: line.role,
          player: players.get(line.player_id)!,
        })),
      };
    });
  }

  async transfer(userId: number, leagueId: number, input: TransferInput): Promise<Written<TransferView>> {
    const { kind, player_id: playerId } = input;
    if (kind === 'released' && input.team_id !== undefined)
      throw new HttpError(400, 'body/team_id is the team a player joins; a release has none (use from_team_id)');
    if (kind !== 'released' && input.team_id === undefined)
      throw new HttpError(400, `body/team_id (the team the player joins) is required for a ${kind} transfer`);

    return inTransaction(this.database, `Player ${playerId}`, async (trx) => {
      const membership = await requireMembership(trx, leagueId, userId);
      if (membership.role !== 'commissioner' && membership.role !== 'coach')
        throw new HttpError(403, 'Only the commissioner or a coach may register, release or move players');

      // Locked first, so two transfers of this player queue up and the second sees the first.
      const player = await locked(
        this.database,
        trx
          .selectFrom('players')
          .select(['id', 'name', 'league_id', 'user_id', 'shirt_number'])
          .where('id', '=', playerId),
      ).executeTakeFirst();
      if (!player || player.league_id !== leagueId)
        throw new HttpError(422, `Player ${playerId} is not a player of this league`);
      const current = await currentSquad(trx, playerId);
      if (input.from_team_id !== undefined && (current?.team_id ?? null) !== input.from_team_id)
        throw new HttpError(409, `${player.name}'s team was just changed by someone else; reload and try again`);

      const targetId = input.team_id ?? null;
      if (targetId !== null) await requireLeagueTeam(trx, leagueId, targetId);
      const sourceId = current?.team_id ?? null;
      const involved = [sourceId, targetId].filter((id): id is number => id !== null);
      // Squad sizes are counted under these locks, so two signings cannot both take the last place.
      await lockTeams(this.database, trx, involved);
      const teams = await teamRefs(trx, involved);
      const source: TeamRef | null = sourceId === null ? null : teams.get(sourceId)!;
      const target: TeamRef | null = targetId === null ? null : teams.get(targetId)!;
      const league = await loadLeague(trx, leagueId);
      const isCommissioner = membership.role === 'commissioner';

      if (kind === 'registered') {
        if (!isCommissioner && !(await isCoachOf(trx, membership, targetId!)))
          throw new HttpError(
            403,
            `Only the commissioner or the coach of ${target!.name} may register players into it`,
          );
        if (source)
          throw new HttpError(
            409,
            `${player.name} already plays for ${source.name}; a registration is for players without a team`,
          );
      } else if (kind === 'released') {
        if (!source) throw new HttpError(409, `${player.name} has no team to be released from`);
        if (!isCommissioner && !(await isCoachOf(trx, membership, source.id)))
          throw new HttpError(403, `Only the commissioner or the coach of ${source.name} may release its players`);
      } else {
        if (!isCommissioner)
          throw new HttpError(
            403,
            'Only the commissioner may move a player between teams (a move involves both clubs)',
          );
        if (!source) throw new HttpError(409, `${player.name} has no team; register them instead of moving them`);
        if (source.id === targetId) throw new HttpError(409, `${player.name} already plays for ${source.name}`);
      }
      if (source && kind !== 'registered') {
        await requireAboveMinimum(trx, source, league);
        await requireOffSheets(trx, player.id, player.name, source);
      }
      if (target) {
        await requireRoom(trx, target, league);
        await requireFreeShirt(trx, target, player.shirt_number, player.id);
      }

      const view = await moveSquad(trx, { leagueId, player, kind, current, source, target, byUserId: userId });
      // The team channels follow the squads (decision 0035), committed with the move.
      await enqueue(trx, { kind: 'sync-league', leagueId });
      return { view, chatChannel: league.chat_channel };
    });
  }
}

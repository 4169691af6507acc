/**
 * Changing a player (`PATCH /players/:id`, docs/decisions/0011 and 0038): the commissioner sets
 * any of status, position, shirt number and name; the coach of the player's current team sets
 * position, shirt number and name, never the status (who is injured or suspended is the league's
 * call). A player with an account goes by the member's display name, so only a player without
 * one is renamed here. Position and shirt number go through the squad rules used when adding a
 * player (squad-rules.ts). A player named on the sheet of a coming fixture may be changed: the
 * sheet names the player, not their number or position. One transaction: a refusal changes
 * nothing, and the database raises the league's revision on the update (migration 0004).
 */
import { TEXT_RULES } from '../../../shared/text-policy.js';
import type { Database } from '../../db/database.js';
import type { PlayerStatus } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { requireText } from '../../http/text-input.js';
import { searchName } from '../../league/sports.js';
import { isCoachOf, requireMembership } from './access.js';
import type { PlayerRef } from './league-view.js';
import { inTransaction, loadLeague, locked, playerRefs, requireCommissioner, teamRefs } from './league-writes.js';
import { currentSquad, lockTeams, requireFreeShirt, requirePosition } from './squad-rules.js';

/** What `PATCH /players/:id` may change; each optional, at least one given. */
export interface PlayerChanges {
  status?: PlayerStatus;
  position?: string;
  /** null takes the number away. */
  shirt_number?: number | null;
  /** Only for a player without an account. */
  name?: string;
}

export const PLAYER_FIELDS = ['status', 'position', 'shirt_number', 'name'] as const;

export class PlayerEdits {
  constructor(private readonly database: Database) {}

  async edit(userId: number, playerId: number, changes: PlayerChanges): Promise<PlayerRef> {
    if (!PLAYER_FIELDS.some((field) => changes[field] !== undefined))
      throw new HttpError(400, `body must change at least one of ${PLAYER_FIELDS.join(', ')}`);
    const name = changes.name === undefined ? undefined : requireText(changes.name, 'body/name', TEXT_RULES.playerName);
    return inTransaction(this.database, `Player ${playerId}`, async (trx) => {
      const found = await trx.selectFrom('players').select('league_id').where('id', '=', playerId).executeTakeFirst();
      if (!found) throw new HttpError(404, `Player ${playerId} does not exist or is not in one of your leagues`);
      const membership = await requireMembership(trx, found.league_id, userId, `Player ${playerId}`);
      if (changes.status !== undefined) requireCommissioner(membership, "set a player's status");
      const squad = await currentSquad(trx, playerId);
      const team = squad ? (await teamRefs(trx, [squad.team_id])).get(squad.team_id)! : null;
      if (membership.role !== 'commissioner' && !(team && (await isCoachOf(trx, membership, team.id))))
        throw new HttpError(
          403,
          team
            ? `Only the commissioner or the coach of ${team.name} may change this player`
            : 'Only the commissioner may change a player who is in no squad',
        );
      // The team first, then the player, in the order a release locks them.
      if (team) await lockTeams(this.database, trx, [team.id]);
      const player = await locked(
        this.database,
        trx.selectFrom('players').select(['id', 'name', 'user_id']).where('id', '=', playerId),
      ).executeTakeFirstOrThrow();
      if (changes.position !== undefined) requirePosition(await loadLeague(trx, found.league_id), changes.position);
      if (name !== undefined && player.user_id !== null)
        throw new HttpError(
          422,
          `body/name: ${player.name} has an account and goes by the member's display name, which only they change`,
        );
      if (changes.shirt_number !== undefined && team) await requireFreeShirt(trx, team, changes.shirt_number, playerId);
      await trx
        .updateTable('players')
        .set({
          ...(changes.status === undefined ? {} : { status: changes.status }),
          ...(changes.position === undefined ? {} : { position: changes.position }),
          ...(changes.shirt_number === undefined ? {} : { shirt_number: changes.shirt_number }),
          ...(name === undefined ? {} : { name, search_name: searchName(name) }),
        })
        .where('id', '=', playerId)
        .execute();
      return (await playerRefs(trx, [playerId])).get(playerId)!;
    });
  }
}

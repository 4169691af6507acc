/**
 * Recording a result (docs/decisions/0011): the score, and optionally each player's line (the
 * match events every statistic is computed from). The referee records once; the commissioner
 * may correct a played result, which replaces its lines.
 */
import type { Transaction } from 'kysely';
import { nowIso, type Database } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { SPORTS } from '../../league/sports.js';
import { requireMembership } from './access.js';
import {
  fixtureView,
  inTransaction,
  loadLeague,
  lockFixture,
  teamRefs,
  type Fixture,
  type FixtureView,
  type Written,
} from './league-writes.js';

export interface AppearanceInput {
  player_id: number;
  minutes: number;
  goals: number;
  assists: number;
  yellow_cards: number;
  red_cards: number;
}

export interface ResultInput {
  home_score: number;
  away_score: number;
  /** Absent: the lines recorded before stay; an empty list removes them. */
  appearances?: AppearanceInput[];
}

type Line = AppearanceInput & { team_id: number };

/**
 * Which of the fixture's two teams each player played for: the squad they were in at kick-off,
 * or, for a player who joined since, the squad they are in now.
 */
async function assignTeams(trx: Transaction<DB>, fixture: Fixture, lines: AppearanceInput[]): Promise<Line[]> {
  const ids = lines.map((line) => line.player_id);
  const seen = new Set<number>();
  for (const id of ids) {
    if (seen.has(id)) throw new HttpError(422, `Player ${id} has more than one line; each player has one per fixture`);
    seen.add(id);
  }
  if (ids.length === 0) return [];
  const teams = [fixture.home_team_id, fixture.away_team_id];
  const players = await trx.selectFrom('players').select(['id', 'name', 'league_id']).where('id', 'in', ids).execute();
  const spells = await trx
    .selectFrom('squad_memberships')
    .select(['player_id', 'team_id', 'from_at', 'until_at'])
    .where('player_id', 'in', ids)
    .where('team_id', 'in', teams)
    .execute();
  const names = await teamRefs(trx, teams);
  return lines.map((line) => {
    const player = players.find((p) => p.id === line.player_id && p.league_id === fixture.league_id);
    const own = spells.filter((s) => s.player_id === line.player_id);
    const atKickoff = own.find(
      (s) => s.from_at <= fixture.kickoff_at && (s.until_at === null || s.until_at > fixture.kickoff_at),
    );
    const team = atKickoff ?? own.find((s) => s.until_at === null);
    if (!player || !team)
      throw new HttpError(
        422,
        `${player?.name ?? `Player ${line.player_id}`} is not in the squad of ${names.get(teams[0]!)!.name} or ${names.get(teams[1]!)!.name}; player lines are for the two teams' players`,
      );
    return { ...line, team_id: team.team_id };
  });
}

function checkGoals(fixture: Fixture, lines: Pick<Line, 'team_id' | 'goals'>[], score: [number, number], hint: string) {
  const sides = [fixture.home_team_id, fixture.away_team_id];
  sides.forEach((teamId, i) => {
    const goals = lines.filter((line) => line.team_id === teamId).reduce((sum, line) => sum + line.goals, 0);
    if (goals > score[i]!)
      throw new HttpError(
        422,
        `The ${i === 0 ? 'home' : 'away'} team's players scored ${goals} goals, more than its score of ${score[i]}${hint}`,
      );
  });
}

export class ResultWrites {
  constructor(private readonly database: Database) {}

  async recordResult(
    userId: number,
    fixtureId: number,
    input: ResultInput,
  ): Promise<Written<FixtureView> & { corrected: boolean }> {
    return inTransaction(this.database, `Fixture ${fixtureId}`, async (trx) => {
      const fixture = await lockFixture(this.database, trx, fixtureId);
      const membership = await requireMembership(trx, fixture.league_id, userId, `Fixture ${fixtureId}`);
      const isCommissioner = membership.role === 'commissioner';
      // The fixture names the referee's account; it counts while they are a referee of the league
      // (a referee made a supporter, say, keeps no right to record).
      const isReferee = membership.role === 'referee' && fixture.referee_user_id === userId;
      if (!isCommissioner && !isReferee)
        throw new HttpError(403, "Only the commissioner or the fixture's referee may record its result");
      if (fixture.status === 'played' && !isCommissioner)
        throw new HttpError(
          403,
          `The result of fixture ${fixtureId} is already recorded; only the commissioner may correct it`,
        );
      if (fixture.status === 'postponed')
        throw new HttpError(409, `Fixture ${fixtureId} is postponed; reschedule it before recording its result`);
      const league = await loadLeague(trx, fixture.league_id);
      if (fixture.week > league.current_week)
        throw new HttpError(
          409,
          `Fixture ${fixtureId} is in week ${fixture.week}, after the current week ${league.current_week}; a result is recorded from its week on`,
        );

      const score: [number, number] = [input.home_score, input.away_score];
      let lines: Line[] | null = null;
      if (input.appearances) {
        lines = await assignTeams(trx, fixture, input.appearances);
        const matchMinutes = SPORTS[league.sport].matchMinutes;
        const over = lines.find((line) => line.minutes > matchMinutes);
        if (over)
          throw new HttpError(
            422,
            `Player ${over.player_id} has ${over.minutes} minutes; a ${league.sport} match lasts ${matchMinutes}`,
          );
        checkGoals(fixture, lines, score, '');
      } else {
        const kept = await trx
          .selectFrom('appearances')
          .select(['team_id', 'goals'])
          .where('fixture_id', '=', fixtureId)
          .execute();
        checkGoals(fixture, kept, score, ' in the lines recorded before; send appearances with the corrected score');
      }

      const updated: Fixture = {
        ...fixture,
        status: 'played',
        home_score: input.home_score,
        away_score: input.away_score,
        // A result recorded replaces an award (decision 0031): the match as played counts.
        awarded: 0,
        awarded_reason: null,
        updated_at: nowIso(),
      };
      await trx
        .updateTable('fixtures')
        .set({
          status: updated.status,
          home_score: updated.home_score,
          away_score: updated.away_score,
          awarded: updated.awarded,
          awarded_reason: updated.awarded_reason,
          updated_at: updated.updated_at,
        })
        .where('id', '=', fixtureId)
        .execute();
      if (lines) {
        await trx.deleteFrom('appearances').where('fixture_id', '=', fixtureId).execute();
        if (lines.length > 0)
          await trx
            .insertInto('appearances')
            .values(lines.map((line) => ({ fixture_id: fixtureId, ...line })))
            .execute();
      }
      return {
        view: await fixtureView(trx, updated),
        chatChannel: league.chat_channel,
        corrected: fixture.status === 'played',
      };
    });
  }
}

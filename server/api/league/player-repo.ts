/**
 * One player's page: the player with their current team, season totals, each played week and
 * their squad history. The league's list and a team's squad come from the league's snapshot
 * (player-list.ts).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { PLAYER_REF_COLUMNS, TEAM_REF_COLUMNS, toPlayerRef, toTeamRef, type TeamRefs } from './league-repo.js';
import type { PlayerDetail, PlayerRef, PlayerWeek } from './league-view.js';

export type PlayerRow = PlayerRef & { league_id: number; team_id: number | null };

/** PostgreSQL hands counts and sums over as text (bigint, numeric). */
const num = (value: string | number | null | undefined) => Number(value ?? 0);

export class PlayerRepo {
  constructor(private readonly db: Kysely<DB>) {}

  async player(id: number): Promise<PlayerRow | undefined> {
    const row = await this.db
      .selectFrom('players')
      .leftJoin('users', 'users.id', 'players.user_id')
      .leftJoin('squad_memberships as sm', (join) =>
        join.onRef('sm.player_id', '=', 'players.id').on('sm.until_at', 'is', null),
      )
      .select(PLAYER_REF_COLUMNS)
      .select(['players.league_id', 'sm.team_id'])
      .where('players.id', '=', id)
      .executeTakeFirst();
    return row && { ...toPlayerRef(row), league_id: row.league_id, team_id: row.team_id };
  }

  async detail(player: PlayerRow, teams: TeamRefs): Promise<PlayerDetail> {
    const { league_id, team_id, ...ref } = player;
    const [weeks, history, totals] = await Promise.all([
      this.weeks(player.id, team_id, teams),
      this.history(player.id),
      this.db
        .selectFrom('appearances')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('appearances'),
          eb.fn.sum<number | string>('minutes').as('minutes'),
          eb.fn.sum<number | string>('goals').as('goals'),
          eb.fn.sum<number | string>('assists').as('assists'),
          eb.fn.sum<number | string>('yellow_cards').as('yellow_cards'),
          eb.fn.sum<number | string>('red_cards').as('red_cards'),
        ])
        .where('player_id', '=', player.id)
        .executeTakeFirstOrThrow(),
    ]);
    return {
      ...ref,
      league_id,
      team: team_id === null ? null : (teams.get(team_id) ?? null),
      totals: {
        appearances: num(totals.appearances),
        minutes: num(totals.minutes),
        goals: num(totals.goals),
        assists: num(totals.assists),
        yellow_cards: num(totals.yellow_cards),
        red_cards: num(totals.red_cards),
      },
      weeks,
      history,
    };
  }

  /**
   * Every played fixture of the player's current team (zeros where the player did not play), and
   * every fixture the player played for another team before a transfer.
   */
  private async weeks(playerId: number, teamId: number | null, teams: TeamRefs): Promise<PlayerWeek[]> {
    const rows = await this.db
      .selectFrom('fixtures')
      .leftJoin('appearances', (join) =>
        join.onRef('appearances.fixture_id', '=', 'fixtures.id').on('appearances.player_id', '=', playerId),
      )
      .select(['fixtures.id', 'fixtures.week', 'fixtures.home_team_id', 'fixtures.away_team_id'])
      .select(['appearances.team_id', 'appearances.minutes', 'appearances.goals', 'appearances.assists'])
      .select(['appearances.yellow_cards', 'appearances.red_cards'])
      .where('fixtures.status', '=', 'played')
      .where((eb) => {
        const played = eb('appearances.player_id', 'is not', null);
        if (teamId === null) return played;
        return eb.or([eb('fixtures.home_team_id', '=', teamId), eb('fixtures.away_team_id', '=', teamId), played]);
      })
      .orderBy('fixtures.week')
      .orderBy('fixtures.kickoff_at')
      .orderBy('fixtures.id')
      .execute();
    return rows.flatMap((row) => {
      const side = row.team_id ?? teamId;
      const opponent = teams.get(side === row.home_team_id ? row.away_team_id : row.home_team_id);
      if (!opponent) return [];
      return [
        {
          week: row.week,
          fixture_id: row.id,
          opponent,
          minutes: row.minutes ?? 0,
          goals: row.goals ?? 0,
          assists: row.assists ?? 0,
          yellow_cards: row.yellow_cards ?? 0,
          red_cards: row.red_cards ?? 0,
        },
      ];
    });
  }

  private async history(playerId: number): Promise<PlayerDetail['history']> {
    const rows = await this.db
      .selectFrom('squad_memberships as sm')
      .innerJoin('teams', 'teams.id', 'sm.team_id')
      .select(TEAM_REF_COLUMNS)
      .select(['sm.from_at', 'sm.until_at'])
      .where('sm.player_id', '=', playerId)
      .orderBy('sm.from_at')
      .orderBy('sm.id')
      .execute();
    return rows.map((row) => ({ team: toTeamRef(row), from_at: row.from_at, until_at: row.until_at }));
  }
}

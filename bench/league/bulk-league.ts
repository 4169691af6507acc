/**
 * Bulk league data for bench/league-api.ts, written straight into the database: `leagues` leagues
 * of `teams` teams each, `players` players spread over them, a single round robin with the first
 * `playedWeeks` weeks played (scores and one appearance line per squad player who played), and
 * one member (the benchmark's signed-in member) as commissioner of every league. Deterministic.
 */
import { randomSource } from '../../server/db/seed/random.js';
import type { Insertable, Kysely } from 'kysely';
import type { AppearancesTable, DB, FixturesTable, PlayersTable } from '../../server/db/schema.js';
import { SPORTS, searchName } from '../../server/league/sports.js';

export interface BulkOptions {
  leagues: number;
  teams: number;
  /** Players per league. */
  players: number;
  playedWeeks: number;
  memberId: number;
}

const FIRST = ['Ada', 'Bruno', 'Chidi', 'Dana', 'Emil', 'Fatima', 'Goran', 'Hana', 'Ines', 'Jonas', 'Kemal', 'Lena'];
const LAST = [
  'Adeyemi',
  'Bauer',
  'Costa',
  'Dubois',
  'Eriksen',
  'Fischer',
  'García',
  'Horvat',
  'Ito',
  'Jansen',
  'Kowalski',
];
const POSITIONS = ['GK', 'DF', 'DF', 'DF', 'MF', 'MF', 'MF', 'FW', 'FW'];
const BATCH = 500;

async function insertMany<T extends keyof DB>(db: Kysely<DB>, table: T, rows: Insertable<DB[T]>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH)
    await db
      .insertInto(table)
      .values(rows.slice(i, i + BATCH))
      .execute();
}

/** Pairs of team indexes for each week of a single round robin (the circle method). */
function roundRobin(teams: number): [number, number][][] {
  const order = Array.from({ length: teams }, (_, i) => i);
  const weeks: [number, number][][] = [];
  for (let week = 0; week < teams - 1; week++) {
    const pairs: [number, number][] = [];
    for (let i = 0; i < teams / 2; i++) pairs.push([order[i]!, order[teams - 1 - i]!]);
    weeks.push(week % 2 ? pairs.map(([a, b]) => [b, a]) : pairs);
    order.splice(1, 0, order.pop()!);
  }
  return weeks;
}

export async function seedBulkLeagues(db: Kysely<DB>, options: BulkOptions): Promise<number[]> {
  const rules = SPORTS.football;
  const next = randomSource(20261124);
  const now = new Date('2026-11-24T12:00:00Z').getTime();
  const day = 86_400_000;
  const schedule = roundRobin(options.teams);
  const leagueIds: number[] = [];

  for (let l = 0; l < options.leagues; l++) {
    const league = await db
      .insertInto('leagues')
      .values({
        name: `Bench League ${l + 1}`,
        sport: 'football',
        season: '2026',
        weeks: schedule.length,
        current_week: options.playedWeeks + 1,
        points_win: rules.points.win,
        points_draw: rules.points.draw,
        points_loss: rules.points.loss,
        squad_min: 1,
        squad_max: 99,
        sheet_starters: rules.sheet.starters,
        sheet_subs_max: rules.sheet.substitutesMax,
        chat_channel: null,
        created_at: new Date(now - 90 * day).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    leagueIds.push(league.id);
    await db
      .insertInto('league_members')
      .values({ league_id: league.id, user_id: options.memberId, role: 'commissioner', team_id: null })
      .execute();

    const teamIds: number[] = [];
    for (let t = 0; t < options.teams; t++) {
      const team = await db
        .insertInto('teams')
        .values({
          league_id: league.id,
          name: `Bench ${l + 1} Team ${t + 1}`,
          short_name: `B${t + 1}`,
          colour_primary: '#1f4e79',
          colour_secondary: '#ffffff',
          coach_user_id: null,
          coach_name: `Coach ${t + 1}`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      teamIds.push(team.id);
    }

    const players: Insertable<PlayersTable>[] = Array.from({ length: options.players }, (_, p) => {
      const name = `${FIRST[p % FIRST.length]} ${LAST[Math.floor(p / FIRST.length) % LAST.length]} ${p + 1}`;
      return {
        league_id: league.id,
        name,
        search_name: searchName(name),
        position: POSITIONS[p % POSITIONS.length]!,
        shirt_number: (p % 99) + 1,
        status: p % 17 === 0 ? 'injured' : 'available',
        user_id: null,
      };
    });
    await insertMany(db, 'players', players);
    const playerIds = (
      await db.selectFrom('players').select('id').where('league_id', '=', league.id).orderBy('id').execute()
    ).map((row) => row.id);
    const squads = teamIds.map(() => [] as number[]);
    playerIds.forEach((id, i) => squads[i % teamIds.length]!.push(id));
    await insertMany(
      db,
      'squad_memberships',
      playerIds.map((id, i) => ({
        player_id: id,
        team_id: teamIds[i % teamIds.length]!,
        from_at: new Date(now - 90 * day).toISOString(),
        until_at: null,
      })),
    );

    const fixtures: Insertable<FixturesTable>[] = schedule.flatMap((pairs, w) =>
      pairs.map(([home, away], i) => {
        const played = w < options.playedWeeks;
        return {
          league_id: league.id,
          week: w + 1,
          home_team_id: teamIds[home]!,
          away_team_id: teamIds[away]!,
          kickoff_at: new Date(now + (w - options.playedWeeks) * 7 * day + i * 3_600_000).toISOString(),
          venue: `Bench Park, pitch ${(i % 4) + 1}`,
          referee_user_id: null,
          referee_name: 'Bench Referee',
          status: played ? 'played' : 'scheduled',
          home_score: played ? Math.floor(next() * 5) : null,
          away_score: played ? Math.floor(next() * 4) : null,
          updated_at: new Date(now).toISOString(),
        };
      }),
    );
    await insertMany(db, 'fixtures', fixtures);
    const played = await db
      .selectFrom('fixtures')
      .select(['id', 'home_team_id', 'away_team_id', 'home_score', 'away_score'])
      .where('league_id', '=', league.id)
      .where('status', '=', 'played')
      .execute();
    const lines: Insertable<AppearancesTable>[] = [];
    for (const fixture of played) {
      for (const [teamId, score] of [
        [fixture.home_team_id, fixture.home_score ?? 0],
        [fixture.away_team_id, fixture.away_score ?? 0],
      ] as const) {
        const squad = squads[teamIds.indexOf(teamId)]!.slice(0, 14);
        squad.forEach((playerId, i) =>
          lines.push({
            fixture_id: fixture.id,
            player_id: playerId,
            team_id: teamId,
            minutes: i < 11 ? 90 : 20,
            // Every goal to a player of the team that scored it, the forwards first.
            goals: i === squad.length - 1 ? score : 0,
            assists: i === squad.length - 2 ? Math.min(1, score) : 0,
            yellow_cards: next() < 0.05 ? 1 : 0,
            red_cards: 0,
          }),
        );
      }
    }
    await insertMany(db, 'appearances', lines);
  }
  return leagueIds;
}

/**
 * A three-team league for the competition rules' tests (decision 0031): Alpha, Bravo and
 * Charlie, started through the API by `founder` (its commissioner) with the members `roles`
 * give, and one week of fixtures written straight into the database (Alpha v Bravo, Alpha v
 * Charlie, Bravo v Charlie), scheduled until a test plays them with `play`.
 */
import { expect } from 'vitest';
import type { LeagueDetail, WeekFixtures } from '../../server/api/league/league-view.js';
import type { LeagueRole } from '../../server/db/schema.js';
import { addTeam, startLeague, type Member } from './league-setup.js';
import type { TestServer } from './test-server.js';

export const TEAM_NAMES = ['Alpha', 'Bravo', 'Charlie'] as const;
export type TeamName = (typeof TEAM_NAMES)[number];

export interface RulesLeague {
  id: number;
  teams: Record<TeamName, number>;
  /** The fixture between two teams, home first. */
  fixture: (home: TeamName, away: TeamName) => number;
  /** Records a played result straight into the database. */
  play: (home: TeamName, away: TeamName, homeScore: number, awayScore: number) => Promise<void>;
  /** The table as `[name, points]` rows, in order, read by the founder. */
  table: () => Promise<[string, number][]>;
  detail: (who?: Member) => Promise<LeagueDetail>;
  week: (who?: Member) => Promise<WeekFixtures>;
}

export async function rulesLeague(
  server: TestServer,
  founder: Member,
  roles: [Member, LeagueRole][] = [],
): Promise<RulesLeague> {
  const { db } = server.database;
  const id = await startLeague(server, founder, roles);
  const teams = {} as Record<TeamName, number>;
  for (const name of TEAM_NAMES) {
    const answer = await addTeam(founder, id, { name });
    expect(answer.status, answer.text).toBe(201);
    teams[name] = answer.body.id;
  }
  const pairs: [TeamName, TeamName][] = [
    ['Alpha', 'Bravo'],
    ['Alpha', 'Charlie'],
    ['Bravo', 'Charlie'],
  ];
  const fixtures = new Map<string, number>();
  for (const [home, away] of pairs) {
    const row = await db
      .insertInto('fixtures')
      .values({
        league_id: id,
        week: 1,
        home_team_id: teams[home],
        away_team_id: teams[away],
        kickoff_at: '2026-05-09T14:00:00.000Z',
        venue: 'Rules Park',
        referee_user_id: null,
        referee_name: '',
        status: 'scheduled',
        home_score: null,
        away_score: null,
        updated_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    fixtures.set(`${home}-${away}`, row.id);
  }
  await db.updateTable('leagues').set({ weeks: 1 }).where('id', '=', id).execute();
  const fixture = (home: TeamName, away: TeamName) => fixtures.get(`${home}-${away}`)!;
  const detail = async (who = founder) => {
    const answer = await who.visitor.send<LeagueDetail>('GET', `/api/leagues/${id}`);
    expect(answer.status, answer.text).toBe(200);
    return answer.body;
  };
  return {
    id,
    teams,
    fixture,
    play: async (home, away, homeScore, awayScore) => {
      await db
        .updateTable('fixtures')
        .set({ status: 'played', home_score: homeScore, away_score: awayScore })
        .where('id', '=', fixture(home, away))
        .execute();
    },
    detail,
    table: async () => (await detail()).standings.map((row) => [row.team.name, row.points]),
    week: async (who = founder) => {
      const answer = await who.visitor.send<WeekFixtures>('GET', `/api/leagues/${id}/fixtures?week=1`);
      expect(answer.status, answer.text).toBe(200);
      return answer.body;
    },
  };
}

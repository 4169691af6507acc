/**
 * A small league for API tests, written straight into the test server's database (the demo seed
 * is bigger than a test needs): two or more teams of football players, fixtures, and signed-in
 * members in every role. Each call makes a league of its own, so tests do not share state.
 *
 *   const league = await buildLeague(server, { teams: 4, squad: 16 });
 *   await league.members.commissioner.send('GET', `/api/leagues/${league.id}`);
 */
import type { Selectable } from 'kysely';
import { randomBytes } from 'node:crypto';
import type { FixturesTable, LeagueRole, PlayerStatus } from '../../server/db/schema.js';
import { searchName, sportRuleColumns } from '../../server/league/sports.js';
import { Visitor } from './http-client.js';
import type { TestServer } from './test-server.js';

export interface LeagueOptions {
  teams?: number;
  /** Players per team. */
  squad?: number;
  /** Players without a team. */
  freeAgents?: number;
  weeks?: number;
  currentWeek?: number;
}

export interface BuiltMember {
  id: number;
  visitor: Visitor;
}

export interface BuiltLeague {
  id: number;
  teams: { id: number; name: string; players: number[] }[];
  freeAgents: number[];
  /** Fixtures by week: week w has team i at home against team i+1 (round robin not needed here). */
  fixtures: Selectable<FixturesTable>[];
  members: {
    commissioner: BuiltMember;
    /** The coach of teams[0]. */
    coach: BuiltMember;
    /** The coach of teams[1]. */
    otherCoach: BuiltMember;
    /** A player of teams[0], linked to its player row (teams[0].players[0]). */
    player: BuiltMember;
    /** The referee of every fixture. */
    referee: BuiltMember;
    /** A member of another league only. */
    outsider: BuiltMember;
  };
  /** A signed-out visitor. */
  anonymous: Visitor;
}

const POSITIONS = ['GK', 'DF', 'DF', 'DF', 'DF', 'MF', 'MF', 'MF', 'MF', 'FW', 'FW'];

/** A newly registered, signed-in account (in no league). */
export async function registerMember(server: TestServer, label: string): Promise<BuiltMember> {
  const visitor = new Visitor(server.url);
  const email = `${label}-${randomBytes(4).toString('hex')}@league.example`;
  const answer = await visitor.register(email, `${label[0]!.toUpperCase()}${label.slice(1)} Tester`);
  if (answer.status !== 201 && answer.status !== 200)
    throw new Error(`could not register ${email}: ${answer.status} ${answer.text}`);
  return { id: answer.body.id as number, visitor };
}

export async function buildLeague(server: TestServer, options: LeagueOptions = {}): Promise<BuiltLeague> {
  const { teams: teamCount = 4, squad = 16, freeAgents = 3, weeks = 6, currentWeek = 3 } = options;
  const { db } = server.database;
  const now = new Date();
  const iso = (offsetDays: number) => new Date(now.getTime() + offsetDays * 86_400_000).toISOString();
  const suffix = randomBytes(3).toString('hex');

  const insertLeague = (name: string, current: number) =>
    db
      .insertInto('leagues')
      .values({
        name,
        sport: 'football',
        season: '2026',
        weeks,
        current_week: current,
        ...sportRuleColumns('football'),
        chat_channel: null,
        created_at: iso(-60),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const league = await insertLeague(`Test League ${suffix}`, currentWeek);

  const commissioner = await registerMember(server, 'commissioner');
  const coach = await registerMember(server, 'coach');
  const otherCoach = await registerMember(server, 'othercoach');
  const player = await registerMember(server, 'player');
  const referee = await registerMember(server, 'referee');
  const outsider = await registerMember(server, 'outsider');

  const teams: BuiltLeague['teams'] = [];
  let shirt = 0;
  const addPlayer = async (name: string, position: string, status: PlayerStatus, userId: number | null) => {
    const row = await db
      .insertInto('players')
      .values({
        league_id: league.id,
        name,
        search_name: searchName(name),
        position,
        shirt_number: (shirt++ % 99) + 1,
        status,
        user_id: userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  for (let t = 0; t < teamCount; t++) {
    const coachOf = t === 0 ? coach : t === 1 ? otherCoach : null;
    const team = await db
      .insertInto('teams')
      .values({
        league_id: league.id,
        name: `Team ${String.fromCharCode(65 + t)} ${suffix}`,
        short_name: `T${String.fromCharCode(65 + t)}`,
        colour_primary: '#1f4e79',
        colour_secondary: '#ffffff',
        coach_user_id: coachOf?.id ?? null,
        coach_name: coachOf ? 'Coach Tester' : `Coach ${t}`,
      })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
    const players: number[] = [];
    for (let p = 0; p < squad; p++) {
      const linked = t === 0 && p === 0 ? player.id : null;
      const playerId = await addPlayer(
        `Player ${t}-${p} ${suffix}`,
        POSITIONS[p % POSITIONS.length]!,
        'available',
        linked,
      );
      await db
        .insertInto('squad_memberships')
        .values({ player_id: playerId, team_id: team.id, from_at: iso(-60), until_at: null })
        .execute();
      players.push(playerId);
    }
    teams.push({ id: team.id, name: team.name, players });
  }
  const free: number[] = [];
  for (let f = 0; f < freeAgents; f++) free.push(await addPlayer(`Free Agent ${f} ${suffix}`, 'MF', 'available', null));

  const roles: [BuiltMember, LeagueRole, number | null][] = [
    [commissioner, 'commissioner', null],
    [coach, 'coach', teams[0]!.id],
    [otherCoach, 'coach', teams[1]!.id],
    [player, 'player', teams[0]!.id],
    [referee, 'referee', null],
  ];
  for (const [m, role, teamId] of roles)
    await db
      .insertInto('league_members')
      .values({ league_id: league.id, user_id: m.id, role, team_id: teamId })
      .execute();

  // The outsider belongs to a league of its own.
  const elsewhere = await insertLeague(`Other League ${suffix}`, 1);
  await db
    .insertInto('league_members')
    .values({ league_id: elsewhere.id, user_id: outsider.id, role: 'commissioner', team_id: null })
    .execute();

  // Week w: team i at home against team (i + w) mod n, pairs without repeats inside a week.
  for (let week = 1; week <= weeks; week++) {
    const used = new Set<number>();
    for (let i = 0; i < teamCount; i++) {
      const j = (i + week) % teamCount;
      if (i === j || used.has(i) || used.has(j)) continue;
      used.add(i).add(j);
      const played = week < currentWeek;
      await db
        .insertInto('fixtures')
        .values({
          league_id: league.id,
          week,
          home_team_id: teams[i]!.id,
          away_team_id: teams[j]!.id,
          kickoff_at: iso((week - currentWeek) * 7 + 2),
          venue: `Test Park, pitch ${(i % 3) + 1}`,
          referee_user_id: referee.id,
          referee_name: 'Referee Tester',
          status: played ? 'played' : 'scheduled',
          home_score: played ? (i + week) % 4 : null,
          away_score: played ? (j + week) % 3 : null,
          updated_at: iso(-1),
        })
        .execute();
    }
  }
  const fixtures = await db
    .selectFrom('fixtures')
    .selectAll()
    .where('league_id', '=', league.id)
    .orderBy('week')
    .orderBy('id')
    .execute();

  return {
    id: league.id,
    teams,
    freeAgents: free,
    fixtures,
    members: {
      commissioner: commissioner,
      coach: coach,
      otherCoach: otherCoach,
      player: player,
      referee: referee,
      outsider: outsider,
    },
    anonymous: new Visitor(server.url),
  };
}

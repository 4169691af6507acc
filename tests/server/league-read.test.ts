/**
 * The league's read routes on each engine: every route's answer with values worked out by hand
 * from tests/support/league-builder.ts. Who may read what and bad input are in
 * league-read-refusals.test.ts; player search, filters and paging in league-players.test.ts.
 * The builder's default league (4 teams A–D, weeks 1–6, now week 3) plays week 1 A–B and C–D,
 * week 2 A–C and B–D (played), week 3 A–D and C–B, no games in week 4, and weeks 5–6 like 1–2.
 * Scores (home (i + week) mod 4, away (j + week) mod 3): A 1–2 B, C 3–1 D, A 2–1 C, B 3–2 D.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPORTS } from '../../server/league/sports.js';
import { ENGINES } from '../support/engines.js';
import type {
  FixtureDetail,
  LeagueDetail,
  LeagueSummary,
  PlayerDetail,
  TeamDetail,
  TransferList,
  WeekFixtures,
} from '../../server/api/league/league-view.js';
import { buildLeague, type BuiltLeague } from '../support/league-builder.js';
import { readHelpers } from '../support/league-rows.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

describe.each(ENGINES)('league reads on $name', (engine) => {
  let server: TestServer;
  let league: BuiltLeague;
  const iso = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

  const { get, team, fixture } = readHelpers(() => league);

  beforeAll(async () => {
    server = await startTestServer(engine);
    league = await buildLeague(server);
    const { db } = server.database;
    const line = (fixtureId: number, playerId: number, teamId: number, goals: number, assists = 0) => ({
      fixture_id: fixtureId,
      player_id: playerId,
      team_id: teamId,
      minutes: 90,
      goals,
      assists,
      yellow_cards: 0,
      red_cards: 0,
    });
    const [a, b, c] = [team(0), team(1), team(2)];
    await db
      .insertInto('appearances')
      .values([
        line(fixture(1, 0).id, a.players[0]!, a.id, 1),
        line(fixture(1, 0).id, b.players[15]!, b.id, 2),
        line(fixture(2, 0).id, a.players[0]!, a.id, 1, 1),
        line(fixture(2, 0).id, c.players[3]!, c.id, 1),
      ])
      .execute();
    // B's last player moved to C five days ago.
    const moved = b.players[15]!;
    await db
      .updateTable('squad_memberships')
      .set({ until_at: iso(-5) })
      .where('player_id', '=', moved)
      .execute();
    await db
      .insertInto('squad_memberships')
      .values({ player_id: moved, team_id: c.id, from_at: iso(-5), until_at: null })
      .execute();
    await db
      .insertInto('transfers')
      .values([
        {
          league_id: league.id,
          player_id: moved,
          kind: 'moved',
          from_team_id: b.id,
          to_team_id: c.id,
          by_user_id: league.members.commissioner.id,
          at: iso(-5),
        },
        {
          league_id: league.id,
          player_id: league.freeAgents[0]!,
          kind: 'released',
          from_team_id: a.id,
          to_team_id: null,
          by_user_id: null,
          at: iso(-9),
        },
      ])
      .execute();
    await db
      .insertInto('team_sheets')
      .values({ fixture_id: fixture(3, 0).id, team_id: a.id, player_id: a.players[0]!, role: 'starter', sort_order: 0 })
      .execute();
  });
  afterAll(() => server.close());

  it('lists the caller’s leagues with role and team', async () => {
    const coach = await get<{ leagues: LeagueSummary[] }>(league.members.coach.visitor, '/api/leagues');
    expect(coach.status).toBe(200);
    expect(coach.body.leagues).toEqual([
      {
        id: league.id,
        name: expect.stringMatching(/^Test League /),
        sport: 'football',
        season: '2026',
        weeks: 6,
        current_week: 3,
        my_role: 'coach',
        my_team: {
          id: team(0).id,
          name: team(0).name,
          short_name: 'TA',
          colour_primary: '#1f4e79',
          colour_secondary: '#ffffff',
          crest_url: null,
        },
        teams: 4,
        // A league made before set-up existed gets migration 0006's defaults.
        first_match_date: null,
        time_zone: 'Europe/London',
        tie_break: ['points', 'goal_difference', 'goals_for', 'won', 'name'],
        tie_break_preset: 'goal_difference_first',
      },
    ]);
    const outsider = await get<{ leagues: LeagueSummary[] }>(league.members.outsider.visitor, '/api/leagues');
    expect(outsider.body.leagues).toEqual([
      expect.objectContaining({ my_role: 'commissioner', teams: 0, my_team: null }),
    ]);
  });

  it('shows a league with its rules and the standings worked out by hand', async () => {
    const answer = await get<LeagueDetail>(league.members.referee.visitor, `/api/leagues/${league.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: league.id, my_role: 'referee', my_team: null, chat_channel: null });
    expect(answer.body.rules).toEqual({
      points_win: 3,
      points_draw: 1,
      points_loss: 0,
      squad_min: 14,
      squad_max: 22,
      sheet_starters: 11,
      sheet_subs_max: 5,
      positions: ['GK', 'DF', 'MF', 'FW'],
      match_minutes: SPORTS.football.matchMinutes,
    });
    expect(answer.body.tie_break).toEqual(['points', 'goal_difference', 'goals_for', 'won', 'name']);
    // [team, form, rank, played, won, drawn, lost, goals for, against, difference, points]
    const rows = answer.body.standings.map((row) => [
      row.team.id,
      row.form.join(''),
      row.rank,
      row.played,
      row.won,
      row.drawn,
      row.lost,
      row.goals_for,
      row.goals_against,
      row.goal_difference,
      row.points,
    ]);
    expect(rows).toEqual([
      [team(1).id, 'WW', 1, 2, 2, 0, 0, 5, 3, 2, 6],
      [team(2).id, 'WL', 2, 2, 1, 0, 1, 4, 3, 1, 3],
      [team(0).id, 'LW', 3, 2, 1, 0, 1, 3, 3, 0, 3],
      [team(3).id, 'LL', 4, 2, 0, 0, 2, 3, 6, -3, 0],
    ]);
    // The table explains itself: what separated each row from the next, and nothing adjusted or decided.
    expect(answer.body.standings.map((row) => row.decided_by)).toEqual(['points', 'goal_difference', 'points', null]);
    expect(answer.body.standings[0]).toMatchObject({ points_adjustment: 0, adjustments: [], decision: null });
    const playedBy = (week: number, index: number) =>
      league.fixtures.find((f) => f.week === week && [f.home_team_id, f.away_team_id].includes(team(index).id))!.id;
    expect(answer.body.standings[0]!.form_entries).toEqual([
      { fixture_id: playedBy(1, 1), result: 'W', awarded: false },
      { fixture_id: playedBy(2, 1), result: 'W', awarded: false },
    ]);
  });

  it('lists a week’s fixtures, the current week by default', async () => {
    const current = await get<WeekFixtures>(league.members.player.visitor, `/api/leagues/${league.id}/fixtures`);
    expect(current.body).toMatchObject({ league_id: league.id, week: 3, weeks: 6, current_week: 3 });
    expect(current.body.fixtures.map((f) => [f.home.id, f.away.id, f.status, f.home_score])).toEqual([
      [team(0).id, team(3).id, 'scheduled', null],
      [team(2).id, team(1).id, 'scheduled', null],
    ]);
    // `_ts` is the web app's cache breaker (spec section 7): accepted, and it changes nothing.
    const first = await get<WeekFixtures>(
      league.members.player.visitor,
      `/api/leagues/${league.id}/fixtures?week=1&_ts=1764000000000`,
    );
    expect(first.body.fixtures).toEqual([
      {
        id: fixture(1, 0).id,
        week: 1,
        home: expect.objectContaining({ id: team(0).id, name: team(0).name }),
        away: expect.objectContaining({ id: team(1).id }),
        kickoff_at: fixture(1, 0).kickoff_at,
        venue: 'Test Park, pitch 1',
        referee_name: 'Referee Tester',
        referee_user_id: league.members.referee.id,
        status: 'played',
        home_score: 1,
        away_score: 2,
        awarded: false,
        awarded_reason: null,
      },
      expect.objectContaining({ home_score: 3, away_score: 1 }),
    ]);
    expect(
      (await get<WeekFixtures>(league.members.player.visitor, `/api/leagues/${league.id}/fixtures?week=4`)).body
        .fixtures,
    ).toEqual([]);
  });

  it('shows a fixture with sheets, appearances and what each member may do', async () => {
    const played = await get<FixtureDetail>(league.members.player.visitor, `/api/fixtures/${fixture(2, 0).id}`);
    expect(played.body).toMatchObject({
      week: 2,
      league_id: league.id,
      status: 'played',
      home_score: 2,
      away_score: 1,
    });
    expect(played.body.appearances.map((a) => [a.player.id, a.team_id, a.goals, a.assists, a.minutes])).toEqual([
      [team(0).players[0], team(0).id, 1, 1, 90],
      [team(2).players[3], team(2).id, 1, 0, 90],
    ]);
    expect(played.body.appearances[0]!.player).toEqual({
      id: team(0).players[0],
      name: expect.stringMatching(/^Player 0-0 /),
      position: 'GK',
      shirt_number: 1,
      status: 'available',
      user_id: league.members.player.id,
      avatar_url: null,
    });
    const next = await get<FixtureDetail>(league.members.player.visitor, `/api/fixtures/${fixture(3, 0).id}`);
    expect(next.body.sheets).toEqual({
      home: [{ player: expect.objectContaining({ id: team(0).players[0] }), role: 'starter' }],
      away: [],
    });

    const can = async (who: keyof BuiltLeague['members'], week: number, home: number) =>
      (await get<FixtureDetail>(league.members[who].visitor, `/api/fixtures/${fixture(week, home).id}`)).body.can;
    const flags = (set_home_sheet: boolean, set_away_sheet: boolean, record_result: boolean, change: boolean) => ({
      set_home_sheet,
      set_away_sheet,
      record_result,
      change,
    });
    expect(await can('coach', 3, 0)).toEqual(flags(true, false, false, false));
    expect(await can('otherCoach', 3, 2)).toEqual(flags(false, true, false, false));
    expect(await can('commissioner', 3, 0)).toEqual(flags(false, false, true, true));
    expect(await can('referee', 3, 0)).toEqual(flags(false, false, true, false));
    expect(await can('player', 3, 0)).toEqual(flags(false, false, false, false));
    // A future week's result cannot be recorded yet; a played one only corrected by the commissioner.
    expect(await can('commissioner', 5, 0)).toEqual(flags(false, false, false, true));
    expect(await can('commissioner', 1, 0)).toEqual(flags(false, false, true, false));
    expect(await can('referee', 1, 0)).toEqual(flags(false, false, false, false));
    expect(await can('coach', 1, 0)).toEqual(flags(false, false, false, false));
  });

  it('shows a team with its squad, next fixture, standing and rights', async () => {
    const answer = await get<TeamDetail>(league.members.coach.visitor, `/api/teams/${team(0).id}`);
    expect(answer.body).toMatchObject({
      id: team(0).id,
      league_id: league.id,
      coach_user_id: league.members.coach.id,
      coach_name: 'Coach Tester',
    });
    const squad = answer.body.squad;
    expect(squad).toHaveLength(16);
    expect(squad.map((p) => p.position)).toEqual([...'GK GK DF DF DF DF DF DF DF DF MF MF MF MF FW FW'.split(' ')]);
    expect(squad[0]).toMatchObject({
      id: team(0).players[0],
      appearances: 2,
      goals: 2,
      assists: 1,
      since: expect.any(String),
    });
    expect(answer.body.next_fixture).toMatchObject({ id: fixture(3, 0).id, week: 3, sheet: [{ role: 'starter' }] });
    // Its latest played fixture (week 2, A 2–1 C), the last of its form.
    expect(answer.body.last_result).toMatchObject({ id: fixture(2, 0).id, week: 2, home_score: 2, away_score: 1 });
    expect(answer.body.last_result).not.toHaveProperty('sheet');
    expect(answer.body.standing).toMatchObject({ rank: 3, points: 3 });
    expect(answer.body.can).toEqual({ manage_squad: true, set_sheet: true });
    const rights = async (who: keyof BuiltLeague['members']) =>
      (await get<TeamDetail>(league.members[who].visitor, `/api/teams/${team(0).id}`)).body.can;
    expect(await rights('commissioner')).toEqual({ manage_squad: true, set_sheet: false });
    expect(await rights('otherCoach')).toEqual({ manage_squad: false, set_sheet: false });
    expect(await rights('player')).toEqual({ manage_squad: false, set_sheet: false });
    expect((await get<TeamDetail>(league.members.coach.visitor, `/api/teams/${team(1).id}`)).body.squad).toHaveLength(
      15,
    );
    expect((await get<TeamDetail>(league.members.coach.visitor, `/api/teams/${team(2).id}`)).body.squad).toHaveLength(
      17,
    );
  });

  it('shows a player with totals, a line per played week of the team and the squad history', async () => {
    const moved = team(1).players[15]!;
    const answer = await get<PlayerDetail>(league.members.player.visitor, `/api/players/${moved}`);
    expect(answer.body).toMatchObject({
      id: moved,
      league_id: league.id,
      team: { id: team(2).id },
      user_id: null,
      avatar_url: null,
    });
    expect(answer.body.totals).toEqual({
      appearances: 1,
      minutes: 90,
      goals: 2,
      assists: 0,
      yellow_cards: 0,
      red_cards: 0,
    });
    expect(answer.body.weeks.map((w) => [w.week, w.fixture_id, w.opponent.id, w.minutes, w.goals])).toEqual([
      [1, fixture(1, 0).id, team(0).id, 90, 2],
      [1, fixture(1, 2).id, team(3).id, 0, 0],
      [2, fixture(2, 0).id, team(0).id, 0, 0],
    ]);
    expect(answer.body.history.map((h) => [h.team.id, h.until_at === null])).toEqual([
      [team(1).id, false],
      [team(2).id, true],
    ]);
    const free = await get<PlayerDetail>(league.members.player.visitor, `/api/players/${league.freeAgents[1]}`);
    expect(free.body).toMatchObject({ team: null, weeks: [], history: [], totals: { appearances: 0 } });
  });

  it('lists transfers newest first, limited', async () => {
    const answer = await get<TransferList>(league.members.player.visitor, `/api/leagues/${league.id}/transfers`);
    expect(
      answer.body.transfers.map((t) => [
        t.kind,
        t.player.id,
        t.from_team?.id ?? null,
        t.to_team?.id ?? null,
        t.by_name,
      ]),
    ).toEqual([
      ['moved', team(1).players[15], team(1).id, team(2).id, 'Commissioner Tester'],
      ['released', league.freeAgents[0], team(0).id, null, null],
    ]);
    const one = await get<TransferList>(league.members.player.visitor, `/api/leagues/${league.id}/transfers?limit=1`);
    expect(one.body.transfers).toHaveLength(1);
  });
});

/**
 * The league's read routes (docs/api.md, "League (reads)"). Every route needs a signed-in member
 * of the league the thing belongs to; anyone else gets the 404 an unknown id gets, so ids cannot
 * be probed (docs/decisions/0011). What the caller may do (`can`) follows the write rules there.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { prepareQuery } from '../../league/player-search.js';
import { SPORTS } from '../../league/sports.js';
import { TIE_BREAK } from '../../league/standings.js';
import { HttpError } from '../../http/errors.js';
import { requireUserId } from '../sessions/session-plugin.js';
import { isCoachOf, requireMembership, type Membership } from './access.js';
import type { LeagueModuleOptions } from './index.js';
import { LeagueRepo, toFixtureSummary, type Fixture, type League } from './league-repo.js';
import {
  fixtureDetailSchema,
  idParams,
  leagueDetailSchema,
  leagueListSchema,
  limitQuery,
  playerDetailSchema,
  playerPageSchema,
  playerQuery,
  readErrors,
  teamDetailSchema,
  transferListSchema,
  weekFixturesSchema,
  weekQuery,
} from './league-schemas.js';
import type { FixtureDetail, LeagueDetail, TeamDetail } from './league-view.js';
import { BadCursorError, PlayerRepo, type PlayerFilters } from './player-repo.js';

type IdRequest = FastifyRequest<{ Params: { id: number } }>;

/** The list's query as the schema lets it through: the search text not prepared yet. */
type PlayerQuery = Omit<PlayerFilters, 'q'> & { q?: string };

const notFound = (what: string) => new HttpError(404, `${what} does not exist or is not in one of your leagues`);

/** Whether the fixture's kick-off is still ahead; a sheet can only be set before it. */
const beforeKickoff = (fixture: Fixture) => Date.parse(fixture.kickoff_at) > Date.now();

function fixtureCan(
  fixture: Fixture,
  league: League,
  membership: Membership,
  coachesHome: boolean,
  coachesAway: boolean,
) {
  const commissioner = membership.role === 'commissioner';
  const sheetOpen = fixture.status === 'scheduled' && beforeKickoff(fixture);
  const resultOpen = fixture.week <= league.current_week && fixture.status !== 'postponed';
  // A referee records once; only the commissioner corrects a played result.
  const referee = fixture.referee_user_id === membership.userId && fixture.status !== 'played';
  return {
    set_home_sheet: sheetOpen && coachesHome,
    set_away_sheet: sheetOpen && coachesAway,
    record_result: resultOpen && (commissioner || referee),
    change: commissioner && fixture.status !== 'played',
  };
}

export async function leagueReadRoutes(app: FastifyInstance, options: LeagueModuleOptions): Promise<void> {
  const { db } = options.database;
  const leagues = new LeagueRepo(db);
  const players = new PlayerRepo(options.database);

  /** The league and the caller's membership, or the 404 that hides whether it exists. */
  async function leagueFor(request: IdRequest): Promise<{ league: League; membership: Membership }> {
    const userId = requireUserId(request);
    const membership = await requireMembership(db, request.params.id, userId);
    const league = await leagues.league(request.params.id);
    if (!league) throw notFound(`League ${request.params.id}`);
    return { league, membership };
  }

  async function leagueOf(leagueId: number, request: IdRequest, what: string) {
    const membership = await requireMembership(db, leagueId, requireUserId(request), what);
    const league = await leagues.league(leagueId);
    if (!league) throw notFound(what);
    return { league, membership };
  }

  app.get('/leagues', { schema: { response: { 200: leagueListSchema, ...readErrors } } }, async (request) => {
    const userId = requireUserId(request);
    return { leagues: await leagues.summaries(userId) };
  });

  app.get<{ Params: { id: number } }>(
    '/leagues/:id',
    { schema: { params: idParams, response: { 200: leagueDetailSchema, ...readErrors } } },
    async (request): Promise<LeagueDetail> => {
      const { league, membership } = await leagueFor(request);
      const [summary] = await leagues.summaries(membership.userId, league.id);
      if (!summary) throw notFound(`League ${league.id}`);
      const teams = await leagues.teamRefs(league.id);
      const sport = SPORTS[league.sport];
      return {
        ...summary,
        rules: {
          points_win: league.points_win,
          points_draw: league.points_draw,
          points_loss: league.points_loss,
          squad_min: league.squad_min,
          squad_max: league.squad_max,
          sheet_starters: league.sheet_starters,
          sheet_subs_max: league.sheet_subs_max,
          positions: [...sport.positions],
          match_minutes: sport.matchMinutes,
        },
        tie_break: [...TIE_BREAK],
        standings: await leagues.standings(league, teams),
        chat_channel: league.chat_channel,
      };
    },
  );

  app.get<{ Params: { id: number }; Querystring: { week?: number } }>(
    '/leagues/:id/fixtures',
    { schema: { params: idParams, querystring: weekQuery, response: { 200: weekFixturesSchema, ...readErrors } } },
    async (request) => {
      const { league } = await leagueFor(request);
      const week = request.query.week ?? league.current_week;
      if (week < 1 || week > league.weeks)
        throw new HttpError(400, `querystring/week must be between 1 and ${league.weeks} (the league's weeks)`);
      const teams = await leagues.teamRefs(league.id);
      return {
        league_id: league.id,
        week,
        weeks: league.weeks,
        current_week: league.current_week,
        fixtures: await leagues.weekFixtures(league.id, week, teams),
      };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/fixtures/:id',
    { schema: { params: idParams, response: { 200: fixtureDetailSchema, ...readErrors } } },
    async (request): Promise<FixtureDetail> => {
      const what = `Fixture ${request.params.id}`;
      requireUserId(request);
      const fixture = await leagues.fixture(request.params.id);
      if (!fixture) throw notFound(what);
      const { league, membership } = await leagueOf(fixture.league_id, request, what);
      const [teams, sheets, appearances, coachesHome, coachesAway] = await Promise.all([
        leagues.teamRefs(league.id),
        leagues.sheets(fixture.id),
        leagues.appearances(fixture.id),
        isCoachOf(db, membership, fixture.home_team_id),
        isCoachOf(db, membership, fixture.away_team_id),
      ]);
      return {
        ...toFixtureSummary(fixture, teams),
        league_id: league.id,
        sheets: { home: sheets.get(fixture.home_team_id) ?? [], away: sheets.get(fixture.away_team_id) ?? [] },
        appearances,
        can: fixtureCan(fixture, league, membership, coachesHome, coachesAway),
      };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/teams/:id',
    { schema: { params: idParams, response: { 200: teamDetailSchema, ...readErrors } } },
    async (request): Promise<TeamDetail> => {
      const what = `Team ${request.params.id}`;
      requireUserId(request);
      const team = await leagues.team(request.params.id);
      if (!team) throw notFound(what);
      const { league, membership } = await leagueOf(team.league_id, request, what);
      const [teams, squad, next, coach] = await Promise.all([
        leagues.teamRefs(league.id),
        players.squad(team.id, SPORTS[league.sport].positions),
        leagues.nextFixture(team.id),
        isCoachOf(db, membership, team.id),
      ]);
      const standings = await leagues.standings(league, teams);
      const sheet = next ? ((await leagues.sheets(next.id)).get(team.id) ?? []) : [];
      return {
        id: team.id,
        name: team.name,
        short_name: team.short_name,
        colour_primary: team.colour_primary,
        colour_secondary: team.colour_secondary,
        league_id: league.id,
        coach_name: team.coach_name,
        coach_user_id: team.coach_user_id,
        squad,
        next_fixture: next ? { ...toFixtureSummary(next, teams), sheet } : null,
        standing: standings.find((row) => row.team.id === team.id) ?? null,
        can: { manage_squad: membership.role === 'commissioner' || coach, set_sheet: coach },
      };
    },
  );

  app.get<{ Params: { id: number }; Querystring: PlayerQuery }>(
    '/leagues/:id/players',
    { schema: { params: idParams, querystring: playerQuery, response: { 200: playerPageSchema, ...readErrors } } },
    async (request) => {
      const { league } = await leagueFor(request);
      const { q, team, position, free, ...rest } = request.query;
      const positions = SPORTS[league.sport].positions;
      if (position !== undefined && !positions.includes(position))
        throw new HttpError(400, `querystring/position must be one of ${positions.join(', ')} in this league`);
      if (team !== undefined && free === true)
        throw new HttpError(400, 'querystring/free=true lists players without a team, so it cannot go with team');
      const teams = await leagues.teamRefs(league.id);
      if (team !== undefined && !teams.has(team))
        throw new HttpError(400, `querystring/team ${team} is not a team of this league`);
      try {
        return await players.page(league.id, { ...rest, q: q ? prepareQuery(q) : null, team, position, free }, teams);
      } catch (error) {
        if (error instanceof BadCursorError)
          throw new HttpError(400, 'querystring/cursor is not a cursor of this list; start again without it');
        throw error;
      }
    },
  );

  app.get<{ Params: { id: number } }>(
    '/players/:id',
    { schema: { params: idParams, response: { 200: playerDetailSchema, ...readErrors } } },
    async (request) => {
      const what = `Player ${request.params.id}`;
      requireUserId(request);
      const player = await players.player(request.params.id);
      if (!player) throw notFound(what);
      const { league } = await leagueOf(player.league_id, request, what);
      return players.detail(player, await leagues.teamRefs(league.id));
    },
  );

  app.get<{ Params: { id: number }; Querystring: { limit: number } }>(
    '/leagues/:id/transfers',
    { schema: { params: idParams, querystring: limitQuery, response: { 200: transferListSchema, ...readErrors } } },
    async (request) => {
      const { league } = await leagueFor(request);
      const teams = await leagues.teamRefs(league.id);
      return { transfers: await leagues.transfers(league.id, request.query.limit, teams) };
    },
  );
}

/**
 * The league's read routes (docs/api.md, "League (reads)"). Every route needs a signed-in member
 * of the league the thing belongs to; anyone else gets the 404 an unknown id gets, so ids cannot
 * be probed (docs/decisions/0011). What the caller may do (`can`) follows the write rules there.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { prepareQuery } from '../../league/player-search.js';
import { SPORTS } from '../../league/sports.js';
import { HttpError } from '../../http/errors.js';
import { requireUserId } from '../sessions/session-plugin.js';
import { isCoachOf, leagueAccess, type Membership } from './access.js';
import type { LeagueModuleOptions } from './index.js';
import { leagueDetail, standingsOf } from './league-detail.js';
import { LeagueRepo, toFixtureSummary, toTeamRef, type Fixture, type League } from './league-repo.js';
import {
  awardedFixturesSchema,
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
import type { AwardedFixtures, FixtureDetail, LeagueDetail, TeamDetail } from './league-view.js';
import { lastResultOf, nextFixtureOf, type LeagueSnapshots } from './league-snapshots.js';
import { BadCursorError, playerPage, squadOf, type PlayerFilters } from './player-list.js';
import { PlayerRepo } from './player-repo.js';
import { bodySender } from './read-bodies.js';
import { leagueReadGate } from './read-gate.js';

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
  const referee =
    membership.role === 'referee' && fixture.referee_user_id === membership.userId && fixture.status !== 'played';
  return {
    set_home_sheet: sheetOpen && coachesHome,
    set_away_sheet: sheetOpen && coachesAway,
    record_result: resultOpen && (commissioner || referee),
    change: commissioner && fixture.status !== 'played',
  };
}

export async function leagueReadRoutes(
  app: FastifyInstance,
  options: LeagueModuleOptions & { snapshots: LeagueSnapshots },
): Promise<void> {
  const { db } = options.database;
  const { snapshots } = options;
  const leagues = new LeagueRepo(db);
  const players = new PlayerRepo(db);
  const requireLeague = leagueAccess(db);
  const gate = leagueReadGate(db);
  const send = bodySender(options.cacheBodies);
  /** The reads addressed by league id look the session up in their first query (read-gate.ts). */
  const byLeagueId = { sessionInRoute: true };

  /** The league, the caller's membership and the league's current snapshot, or the 404. */
  async function leagueOf(leagueId: number, request: FastifyRequest, what?: string) {
    const { league, membership } = await requireLeague(leagueId, requireUserId(request), what);
    return { league, membership, snapshot: await snapshots.get(league.id, league.revision) };
  }

  /** The same for a read addressed by league id: session, membership and league in one query. */
  async function gatedLeague(request: FastifyRequest<{ Params: { id: number } }>, reply: FastifyReply) {
    const { league, membership } = await gate(request, reply, request.params.id);
    return { league, membership, snapshot: await snapshots.get(league.id, league.revision) };
  }

  app.get('/leagues', { schema: { response: { 200: leagueListSchema, ...readErrors } } }, async (request) => {
    const userId = requireUserId(request);
    return { leagues: await leagues.summaries(userId) };
  });

  app.get<{ Params: { id: number } }>(
    '/leagues/:id',
    { config: byLeagueId, schema: { params: idParams, response: { 200: leagueDetailSchema, ...readErrors } } },
    async (request, reply) => {
      const { league, membership, snapshot } = await gatedLeague(request, reply);
      // The answer depends on the snapshot, the league's row (settings and rules are not in the
      // revision) and the caller's role and team.
      const key = `detail ${JSON.stringify([membership.role, membership.teamId, league])}`;
      return send(reply, snapshot, key, (): LeagueDetail => leagueDetail(league, membership, snapshot));
    },
  );

  app.get<{ Params: { id: number }; Querystring: { week?: number } }>(
    '/leagues/:id/fixtures',
    {
      config: byLeagueId,
      schema: { params: idParams, querystring: weekQuery, response: { 200: weekFixturesSchema, ...readErrors } },
    },
    async (request, reply) => {
      const { league, snapshot } = await gatedLeague(request, reply);
      const week = request.query.week ?? league.current_week;
      // A league without a schedule yet (weeks 0) is in its week 1, which has no fixtures.
      const last = Math.max(league.weeks, 1);
      if (week < 1 || week > last)
        throw new HttpError(400, `querystring/week must be between 1 and ${last} (the league's weeks)`);
      return send(reply, snapshot, `fixtures ${week} ${league.weeks} ${league.current_week}`, () => ({
        league_id: league.id,
        week,
        weeks: league.weeks,
        current_week: league.current_week,
        fixtures: snapshot.fixtures.filter((f) => f.week === week).map((f) => toFixtureSummary(f, snapshot.teams)),
      }));
    },
  );

  // Every awarded fixture of the league, week by week (the commissioner's rules screen lists them).
  app.get<{ Params: { id: number } }>(
    '/leagues/:id/awards',
    { schema: { params: idParams, response: { 200: awardedFixturesSchema, ...readErrors } } },
    async (request): Promise<AwardedFixtures> => {
      const { league, snapshot } = await leagueOf(request.params.id, request);
      return {
        league_id: league.id,
        fixtures: snapshot.fixtures
          .filter((f) => f.awarded === 1)
          .sort((a, b) => a.week - b.week || a.kickoff_at.localeCompare(b.kickoff_at) || a.id - b.id)
          .map((f) => toFixtureSummary(f, snapshot.teams)),
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
      const { league, membership, snapshot } = await leagueOf(fixture.league_id, request, what);
      const [sheets, appearances, coachesHome, coachesAway] = await Promise.all([
        leagues.sheets(fixture.id),
        leagues.appearances(fixture.id),
        isCoachOf(db, membership, fixture.home_team_id),
        isCoachOf(db, membership, fixture.away_team_id),
      ]);
      return {
        ...toFixtureSummary(fixture, snapshot.teams),
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
      const { league, membership, snapshot } = await leagueOf(team.league_id, request, what);
      const teams = snapshot.teams;
      const next = nextFixtureOf(snapshot, team.id);
      const last = lastResultOf(snapshot, team.id);
      const [coach, sheets] = await Promise.all([
        isCoachOf(db, membership, team.id),
        next ? leagues.sheets(next.id) : new Map<number, never[]>(),
      ]);
      const sheet = sheets.get(team.id) ?? [];
      return {
        ...toTeamRef(team),
        league_id: league.id,
        coach_name: team.coach_name,
        coach_user_id: team.coach_user_id,
        squad: squadOf(snapshot, team.id, SPORTS[league.sport].positions),
        next_fixture: next ? { ...toFixtureSummary(next, teams), sheet } : null,
        last_result: last ? toFixtureSummary(last, teams) : null,
        standing: standingsOf(league, snapshot).find((row) => row.team.id === team.id) ?? null,
        can: { manage_squad: membership.role === 'commissioner' || coach, set_sheet: coach },
      };
    },
  );

  app.get<{ Params: { id: number }; Querystring: PlayerQuery }>(
    '/leagues/:id/players',
    {
      config: byLeagueId,
      schema: { params: idParams, querystring: playerQuery, response: { 200: playerPageSchema, ...readErrors } },
    },
    async (request, reply) => {
      const { league, snapshot } = await gatedLeague(request, reply);
      const { q, team, position, free, status, sort, limit, cursor } = request.query;
      const positions = SPORTS[league.sport].positions;
      if (position !== undefined && !positions.includes(position))
        throw new HttpError(400, `querystring/position must be one of ${positions.join(', ')} in this league`);
      if (team !== undefined && free === true)
        throw new HttpError(400, 'querystring/free=true lists players without a team, so it cannot go with team');
      if (team !== undefined && !snapshot.teams.has(team))
        throw new HttpError(400, `querystring/team ${team} is not a team of this league`);
      // Every filter but the cache breaker `_ts`, which must not make each request a new body.
      const key = `players ${JSON.stringify([q, team, position, free, status, sort, limit, cursor])}`;
      return send(reply, snapshot, key, () => {
        try {
          return playerPage(snapshot, {
            q: q ? prepareQuery(q) : null,
            team,
            position,
            free,
            status,
            sort,
            limit,
            cursor,
          });
        } catch (error) {
          if (error instanceof BadCursorError)
            throw new HttpError(400, 'querystring/cursor is not a cursor of this list; start again without it');
          throw error;
        }
      });
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
      const { snapshot } = await leagueOf(player.league_id, request, what);
      return players.detail(player, snapshot.teams);
    },
  );

  app.get<{ Params: { id: number }; Querystring: { limit: number } }>(
    '/leagues/:id/transfers',
    {
      config: byLeagueId,
      schema: { params: idParams, querystring: limitQuery, response: { 200: transferListSchema, ...readErrors } },
    },
    async (request, reply) => {
      const { league, snapshot } = await gatedLeague(request, reply);
      return { transfers: await leagues.transfers(league.id, request.query.limit, snapshot.teams) };
    },
  );
}

/**
 * Setting a league up (docs/api.md, "League (set-up)"; rules in docs/decisions/0033): a new
 * league, its settings, its teams. HTTP shape and schemas here, rules in setup-rules.ts,
 * setup-writes.ts and team-writes.ts. Signed out is a 401 before anything else, including the
 * body's validation. A league answers as GET /api/leagues/:id does, from the shared snapshots.
 */
import type { FastifyInstance } from 'fastify';
import { requireUserId } from '../sessions/session-plugin.js';
import type { LeagueModuleOptions } from './index.js';
import { leagueDetail } from './league-detail.js';
import { leagueDetailSchema } from './league-schemas.js';
import type { LeagueSnapshots } from './league-snapshots.js';
import type { LeagueDetail } from './league-view.js';
import { leagueChangesBody, newLeagueBody, newTeamBody, teamChangesBody, teamViewSchema } from './setup-schemas.js';
import type { SettingsInput } from './setup-rules.js';
import { LeagueSetup, type SetUp } from './setup-writes.js';
import { TeamSetup, type TeamInput } from './team-writes.js';
import { idParams, writeErrors } from './write-schemas.js';

type IdParams = { Params: { id: number } };
type NewLeague = SettingsInput & Required<Pick<SettingsInput, 'name' | 'sport' | 'season'>>;

export async function leagueSetupRoutes(
  app: FastifyInstance,
  options: LeagueModuleOptions & { snapshots: LeagueSnapshots },
): Promise<void> {
  const leagues = new LeagueSetup(options.database, options.squadLimit);
  const teams = new TeamSetup(options.database, options.maxTeams);
  const files = options.crests.files;
  const detail = async ({ league, membership }: SetUp): Promise<LeagueDetail> =>
    leagueDetail(league, membership, await options.snapshots.get(league.id, league.revision));

  app.addHook('preValidation', async (request) => {
    requireUserId(request);
  });

  app.post<{ Body: NewLeague }>(
    '/leagues',
    { schema: { body: newLeagueBody, response: { 201: leagueDetailSchema, ...writeErrors } } },
    async (request, reply) => {
      const created = await leagues.createLeague(requireUserId(request), request.body);
      return reply.code(201).send(await detail(created));
    },
  );

  app.patch<IdParams & { Body: SettingsInput }>(
    '/leagues/:id',
    { schema: { params: idParams, body: leagueChangesBody, response: { 200: leagueDetailSchema, ...writeErrors } } },
    async (request) => detail(await leagues.changeLeague(requireUserId(request), request.params.id, request.body)),
  );

  app.post<IdParams & { Body: TeamInput & { name: string } }>(
    '/leagues/:id/teams',
    { schema: { params: idParams, body: newTeamBody, response: { 201: teamViewSchema, ...writeErrors } } },
    async (request, reply) => {
      const team = await teams.createTeam(requireUserId(request), request.params.id, request.body);
      return reply.code(201).send(team);
    },
  );

  app.patch<IdParams & { Body: TeamInput }>(
    '/teams/:id',
    { schema: { params: idParams, body: teamChangesBody, response: { 200: teamViewSchema, ...writeErrors } } },
    async (request) => teams.changeTeam(requireUserId(request), request.params.id, request.body),
  );

  app.delete<IdParams>(
    '/teams/:id',
    { schema: { params: idParams, response: writeErrors } },
    async (request, reply) => {
      const removed = await teams.deleteTeam(requireUserId(request), request.params.id);
      if (removed.crest) await files.remove(removed.crest);
      return reply.code(204).send();
    },
  );
}

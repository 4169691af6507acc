/**
 * A team's crest (docs/api.md, "League (set-up)"): uploaded by the league's commissioner as
 * multipart with one file field `crest`, decoded and re-encoded exactly like an avatar (a
 * square WebP without metadata; docs/decisions/0014), kept under `<dataDir>/crests`, and served
 * to the league's members at a versioned address. Signed out is a 401 before anything else.
 */
import type { FastifyInstance } from 'fastify';
import { errorBodySchema, HttpError } from '../../http/errors.js';
import { encodePicture, readPicturePart, sendPicture } from '../../http/picture-upload.js';
import { requireUserId } from '../sessions/session-plugin.js';
import { requireMembership } from './access.js';
import type { LeagueModuleOptions } from './index.js';
import { crestErrors, teamViewSchema } from './setup-schemas.js';
import { TeamSetup } from './team-writes.js';
import { idParams, writeErrors } from './write-schemas.js';

type IdParams = { Params: { id: number } };

export async function crestRoutes(app: FastifyInstance, options: LeagueModuleOptions): Promise<void> {
  const { db } = options.database;
  const teams = new TeamSetup(options.database, options.maxTeams);
  const { files, maxBytes, maxPixels, size } = options.crests;
  const limits = { maxPixels, size, noun: 'crest' };

  app.addHook('preValidation', async (request) => {
    requireUserId(request);
  });

  app.put<IdParams>(
    '/teams/:id/crest',
    { schema: { params: idParams, response: { 200: teamViewSchema, ...crestErrors } } },
    async (request) => {
      const userId = requireUserId(request);
      const teamId = request.params.id;
      // Who may is settled before the upload is read; the write checks it again.
      await teams.requireCrestRight(userId, teamId);
      const upload = await readPicturePart(request, 'crest', maxBytes);
      // Only the re-encoded picture is stored; the uploaded bytes go no further than this.
      const crest = await encodePicture(upload, limits);
      const file = await files.save(teamId, crest.data, crest.type);
      const { view, replaced } = await teams.setCrest(userId, teamId, file).catch(async (error: unknown) => {
        await files.remove(file);
        throw error;
      });
      if (replaced) await files.remove(replaced);
      return view;
    },
  );

  app.delete<IdParams>(
    '/teams/:id/crest',
    { schema: { params: idParams, response: { 200: teamViewSchema, ...writeErrors } } },
    async (request) => {
      const { view, replaced } = await teams.setCrest(requireUserId(request), request.params.id, null);
      if (replaced) await files.remove(replaced);
      return view;
    },
  );

  app.get<IdParams>(
    '/teams/:id/crest',
    { schema: { params: idParams, response: { 401: errorBodySchema, 404: errorBodySchema } } },
    async (request, reply) => {
      const what = `Team ${request.params.id}`;
      const team = await db.selectFrom('teams').selectAll().where('id', '=', request.params.id).executeTakeFirst();
      if (!team) throw new HttpError(404, `${what} does not exist or is not in one of your leagues`);
      await requireMembership(db, team.league_id, requireUserId(request), what);
      const stored = team.crest ? await files.read(team.crest) : null;
      if (!stored) throw new HttpError(404, `${what} has no crest`);
      return sendPicture(reply, stored, limits, request.log.child({ teamId: team.id }), `${what} has no crest`);
    },
  );
}

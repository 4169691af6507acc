/**
 * The schedule generator's routes (docs/api.md, "Schedule"; rules in docs/decisions/0032): HTTP
 * shape and schemas here, rules in schedule-writes.ts. Signed out is a 401 before anything else,
 * including the body's validation, as for the league's other writes.
 */
import type { FastifyInstance } from 'fastify';
import { requireUserId } from '../sessions/session-plugin.js';
import type { LeagueModuleOptions } from './index.js';
import type { ScheduleRequest } from './schedule-input.js';
import { scheduleBody, scheduleViewSchema } from './schedule-schemas.js';
import { ScheduleWrites } from './schedule-writes.js';
import { idParams, writeErrors } from './write-schemas.js';

type IdParams = { Params: { id: number } };

export async function leagueScheduleRoutes(app: FastifyInstance, options: LeagueModuleOptions): Promise<void> {
  const schedules = new ScheduleWrites(options.database, options.schedule);

  app.addHook('preValidation', async (request) => {
    requireUserId(request);
  });

  app.post<IdParams & { Body: ScheduleRequest }>(
    '/leagues/:id/schedule/preview',
    {
      schema: {
        params: idParams,
        body: scheduleBody(options.schedule, false),
        response: { 200: scheduleViewSchema, ...writeErrors },
      },
    },
    async (request) => schedules.preview(requireUserId(request), request.params.id, request.body),
  );

  app.put<IdParams & { Body: ScheduleRequest & { revision: number } }>(
    '/leagues/:id/schedule',
    {
      schema: {
        params: idParams,
        body: scheduleBody(options.schedule, true),
        response: { 200: scheduleViewSchema, ...writeErrors },
      },
    },
    async (request) => schedules.save(requireUserId(request), request.params.id, request.body),
  );
}

/**
 * Member routes (docs/api.md, "League membership"; docs/decisions/0034): the list for every
 * member, role and team changes and removals for the commissioner, leaving for anyone. Each
 * committed change is told to the membership events (the chat's channels follow them).
 */
import type { FastifyInstance } from 'fastify';
import { requireUserId } from '../sessions/session-plugin.js';
import type { LeagueModuleOptions } from './index.js';
import { Members, type MemberChanges } from './members.js';
import {
  leagueParams,
  memberBody,
  memberListSchema,
  memberParams,
  memberSchema,
  membershipErrors,
} from './membership-schemas.js';

type MemberParams = { Params: { id: number; userId: number } };

export async function membershipRoutes(app: FastifyInstance, options: LeagueModuleOptions): Promise<void> {
  const members = new Members(options.database);
  const events = options.membershipEvents;

  app.addHook('preValidation', async (request) => {
    requireUserId(request);
  });

  app.get<{ Params: { id: number } }>(
    '/leagues/:id/members',
    { schema: { params: leagueParams, response: { 200: memberListSchema, ...membershipErrors } } },
    async (request) => members.list(requireUserId(request), request.params.id),
  );

  app.patch<MemberParams & { Body: MemberChanges }>(
    '/leagues/:id/members/:userId',
    { schema: { params: memberParams, body: memberBody, response: { 200: memberSchema, ...membershipErrors } } },
    async (request) => {
      const { id, userId } = request.params;
      const { view, change } = await members.change(requireUserId(request), id, userId, request.body);
      if (change) await events.changed(change);
      return view;
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/leagues/:id/members/me',
    { schema: { params: leagueParams, response: membershipErrors } },
    async (request, reply) => {
      const userId = requireUserId(request);
      await events.changed(await members.remove(userId, request.params.id, userId));
      return reply.code(204).send();
    },
  );

  app.delete<MemberParams>(
    '/leagues/:id/members/:userId',
    { schema: { params: memberParams, response: membershipErrors } },
    async (request, reply) => {
      const { id, userId } = request.params;
      await events.changed(await members.remove(requireUserId(request), id, userId));
      return reply.code(204).send();
    },
  );
}

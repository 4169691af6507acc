/**
 * Member routes (docs/api.md, "League membership"; docs/decisions/0034): the list for every
 * member, role and team changes and removals for the commissioner, leaving for anyone. Each
 * change records its chat change in its own transaction (decision 0038); the chat outbox is woken
 * once it is committed, and a squad move it made is posted as a transfer card.
 */
import type { FastifyInstance } from 'fastify';
import { requireUserId } from '../sessions/session-plugin.js';
import type { LeagueModuleOptions } from './index.js';
import { LeagueCards, transferCard } from './league-cards.js';
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
  const cards = new LeagueCards(options.chat, app.log);

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
      const callerId = requireUserId(request);
      const { view, transfer, chatChannel } = await members.change(callerId, id, userId, request.body);
      app.chatOutbox.wake();
      if (transfer) await cards.post(chatChannel, callerId, transferCard(id, transfer));
      return view;
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/leagues/:id/members/me',
    { schema: { params: leagueParams, response: membershipErrors } },
    async (request, reply) => {
      const userId = requireUserId(request);
      await members.remove(userId, request.params.id, userId);
      app.chatOutbox.wake();
      return reply.code(204).send();
    },
  );

  app.delete<MemberParams>(
    '/leagues/:id/members/:userId',
    { schema: { params: memberParams, response: membershipErrors } },
    async (request, reply) => {
      const { id, userId } = request.params;
      await members.remove(requireUserId(request), id, userId);
      app.chatOutbox.wake();
      return reply.code(204).send();
    },
  );
}

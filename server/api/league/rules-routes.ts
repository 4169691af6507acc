/**
 * The competition rules' routes (docs/api.md, "Competition rules"; decision 0031): points
 * adjustments, awarded results and the commissioner's decisions for teams level after every
 * rule. HTTP shape here, rules in rules-writes.ts and award-writes.ts. Signed out is a 401
 * before anything else, including the body's validation.
 */
import type { FastifyInstance } from 'fastify';
import { requireUserId } from '../sessions/session-plugin.js';
import { AwardWrites, type AwardInput } from './award-writes.js';
import { awardCard, awardWithdrawnCard, LeagueCards } from './league-cards.js';
import type { LeagueModuleOptions } from './index.js';
import { readErrors } from './league-schemas.js';
import {
  adjustmentBody,
  adjustmentListSchema,
  adjustmentViewSchema,
  awardBody,
  decisionBody,
  decisionListSchema,
  decisionViewSchema,
  itemParams,
} from './rules-schemas.js';
import { CompetitionRules, type AdjustmentInput, type DecisionInput } from './rules-writes.js';
import { fixtureViewSchema, idParams, writeErrors } from './write-schemas.js';

type IdParams = { Params: { id: number } };

export async function competitionRuleRoutes(app: FastifyInstance, options: LeagueModuleOptions): Promise<void> {
  const rules = new CompetitionRules(options.database, options.adjustmentMaxPoints);
  const awards = new AwardWrites(options.database);
  const cards = new LeagueCards(options.chat, app.log);

  app.addHook('preValidation', async (request) => {
    requireUserId(request);
  });

  app.get<IdParams>(
    '/leagues/:id/adjustments',
    { schema: { params: idParams, response: { 200: adjustmentListSchema, ...readErrors } } },
    async (request) => ({
      adjustments: await rules.adjustments(requireUserId(request), request.params.id),
      max_points: options.adjustmentMaxPoints,
    }),
  );

  app.post<IdParams & { Body: AdjustmentInput }>(
    '/leagues/:id/adjustments',
    { schema: { params: idParams, body: adjustmentBody, response: { 201: adjustmentViewSchema, ...writeErrors } } },
    async (request, reply) =>
      reply.code(201).send(await rules.addAdjustment(requireUserId(request), request.params.id, request.body)),
  );

  app.delete<{ Params: { id: number; adjustmentId: number } }>(
    '/leagues/:id/adjustments/:adjustmentId',
    { schema: { params: itemParams('adjustmentId'), response: writeErrors } },
    async (request, reply) => {
      await rules.deleteAdjustment(requireUserId(request), request.params.id, request.params.adjustmentId);
      return reply.code(204).send();
    },
  );

  app.get<IdParams>(
    '/leagues/:id/decisions',
    { schema: { params: idParams, response: { 200: decisionListSchema, ...readErrors } } },
    async (request) => ({ decisions: await rules.decisions(requireUserId(request), request.params.id) }),
  );

  app.post<IdParams & { Body: DecisionInput }>(
    '/leagues/:id/decisions',
    { schema: { params: idParams, body: decisionBody, response: { 201: decisionViewSchema, ...writeErrors } } },
    async (request, reply) =>
      reply.code(201).send(await rules.addDecision(requireUserId(request), request.params.id, request.body)),
  );

  app.delete<{ Params: { id: number; decisionId: number } }>(
    '/leagues/:id/decisions/:decisionId',
    { schema: { params: itemParams('decisionId'), response: writeErrors } },
    async (request, reply) => {
      await rules.deleteDecision(requireUserId(request), request.params.id, request.params.decisionId);
      return reply.code(204).send();
    },
  );

  app.put<IdParams & { Body: AwardInput }>(
    '/fixtures/:id/award',
    { schema: { params: idParams, body: awardBody, response: { 200: fixtureViewSchema, ...writeErrors } } },
    async (request) => {
      const userId = requireUserId(request);
      const { view, chatChannel } = await awards.award(userId, request.params.id, request.body);
      await cards.post(chatChannel, userId, awardCard(view));
      return view;
    },
  );

  app.delete<IdParams>(
    '/fixtures/:id/award',
    { schema: { params: idParams, response: { 200: fixtureViewSchema, ...writeErrors } } },
    async (request) => {
      const userId = requireUserId(request);
      const { view, chatChannel } = await awards.withdraw(userId, request.params.id);
      await cards.post(chatChannel, userId, awardWithdrawnCard(view));
      return view;
    },
  );
}

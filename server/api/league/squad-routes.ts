/**
 * Squad routes (docs/api.md, "Squads"; docs/decisions/0038): the commissioner or a team's coach
 * adds a player to its squad, by name or a member of the league, and releases one. Signed out is
 * a 401 before the body is checked. Each change is a transfer: its card is posted to the league's
 * channel, and the chat outbox, which the change recorded in its transaction, is woken.
 */
import type { FastifyInstance } from 'fastify';
import { TEXT_RULES } from '../../../shared/text-policy.js';
import { textFieldSchema } from '../../http/text-input.js';
import { requireUserId } from '../sessions/session-plugin.js';
import type { LeagueModuleOptions } from './index.js';
import { LeagueCards, transferCard } from './league-cards.js';
import { SquadPlayers, type NewPlayer } from './squad-players.js';
import { transferViewSchema, writeErrors } from './write-schemas.js';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const teamParams = { type: 'object', required: ['id'], properties: { id } } as const;
const playerParams = { type: 'object', required: ['id', 'playerId'], properties: { id, playerId: id } } as const;

function newPlayerBody(shirtMax: number) {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['position'],
    properties: {
      name: textFieldSchema(TEXT_RULES.playerName),
      position: { type: 'string', minLength: 1, maxLength: 8 },
      shirt_number: { anyOf: [{ type: 'integer', minimum: 0, maximum: shirtMax }, { type: 'null' }] },
      user_id: id,
    },
  } as const;
}

export async function squadRoutes(app: FastifyInstance, options: LeagueModuleOptions): Promise<void> {
  const squads = new SquadPlayers(options.database);
  const cards = new LeagueCards(options.chat, app.log);

  app.addHook('preValidation', async (request) => {
    requireUserId(request);
  });

  app.post<{ Params: { id: number }; Body: NewPlayer }>(
    '/teams/:id/players',
    {
      schema: {
        params: teamParams,
        body: newPlayerBody(options.shirtMax),
        response: { 201: transferViewSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const { view, chatChannel, leagueId } = await squads.add(userId, request.params.id, request.body);
      app.chatOutbox.wake();
      await cards.post(chatChannel, userId, transferCard(leagueId, view));
      return reply.code(201).send(view);
    },
  );

  app.delete<{ Params: { id: number; playerId: number } }>(
    '/teams/:id/players/:playerId',
    { schema: { params: playerParams, response: { 200: transferViewSchema, ...writeErrors } } },
    async (request) => {
      const userId = requireUserId(request);
      const { id, playerId } = request.params;
      const { view, chatChannel, leagueId } = await squads.release(userId, id, playerId);
      app.chatOutbox.wake();
      await cards.post(chatChannel, userId, transferCard(leagueId, view));
      return view;
    },
  );
}

/**
 * The league's write routes (docs/api.md, "League (writes)"; rules in docs/decisions/0011): HTTP
 * shape and schemas here, rules in the services, cards in league-cards.ts. Signed out is a 401
 * before anything else, including the body's validation, so a visitor learns nothing about it.
 */
import type { FastifyInstance } from 'fastify';
import { requireUserId } from '../sessions/session-plugin.js';
import type { LeagueModuleOptions } from './index.js';
import { fixtureCard, LeagueCards, resultCard, transferCard } from './league-cards.js';
import { LeagueWrites, type FixtureChanges } from './league-writes.js';
import { PlayerEdits, type PlayerChanges } from './player-edits.js';
import { ResultWrites, type ResultInput } from './result-writes.js';
import { SquadWrites, type TransferInput } from './squad-writes.js';
import {
  fixtureBody,
  fixtureViewSchema,
  idParams,
  playerBody,
  playerRefSchema,
  resultBody,
  sheetBody,
  sheetParams,
  sheetViewSchema,
  transferBody,
  transferViewSchema,
  weekViewSchema,
  writeErrors,
} from './write-schemas.js';

type IdParams = { Params: { id: number } };

export async function leagueWriteRoutes(app: FastifyInstance, options: LeagueModuleOptions): Promise<void> {
  const writes = new LeagueWrites(options.database);
  const squads = new SquadWrites(options.database);
  const results = new ResultWrites(options.database);
  const players = new PlayerEdits(options.database);
  const cards = new LeagueCards(options.chat, app.log);

  app.addHook('preValidation', async (request) => {
    requireUserId(request);
  });

  app.put<{ Params: { id: number; teamId: number }; Body: { starters: number[]; substitutes: number[] } }>(
    '/fixtures/:id/sheets/:teamId',
    { schema: { params: sheetParams, body: sheetBody, response: { 200: sheetViewSchema, ...writeErrors } } },
    async (request) => {
      const { id, teamId } = request.params;
      return squads.setSheet(requireUserId(request), id, teamId, request.body.starters, request.body.substitutes);
    },
  );

  app.post<IdParams & { Body: TransferInput }>(
    '/leagues/:id/transfers',
    { schema: { params: idParams, body: transferBody, response: { 201: transferViewSchema, ...writeErrors } } },
    async (request, reply) => {
      const userId = requireUserId(request);
      const { view, chatChannel } = await squads.transfer(userId, request.params.id, request.body);
      app.chatOutbox.wake();
      await cards.post(chatChannel, userId, transferCard(request.params.id, view));
      return reply.code(201).send(view);
    },
  );

  app.post<IdParams & { Body: ResultInput }>(
    '/fixtures/:id/result',
    { schema: { params: idParams, body: resultBody, response: { 200: fixtureViewSchema, ...writeErrors } } },
    async (request) => {
      const userId = requireUserId(request);
      const { view, chatChannel, corrected } = await results.recordResult(userId, request.params.id, request.body);
      await cards.post(chatChannel, userId, resultCard(view, corrected));
      return view;
    },
  );

  app.patch<IdParams & { Body: FixtureChanges }>(
    '/fixtures/:id',
    { schema: { params: idParams, body: fixtureBody, response: { 200: fixtureViewSchema, ...writeErrors } } },
    async (request) => {
      const userId = requireUserId(request);
      const { view, chatChannel, changes } = await writes.changeFixture(userId, request.params.id, request.body);
      // A change that changes nothing is not news.
      if (changes.length > 0) await cards.post(chatChannel, userId, fixtureCard(view, changes));
      return view;
    },
  );

  app.patch<IdParams & { Body: PlayerChanges }>(
    '/players/:id',
    {
      schema: {
        params: idParams,
        body: playerBody(options.shirtMax),
        response: { 200: playerRefSchema, ...writeErrors },
      },
    },
    async (request) => players.edit(requireUserId(request), request.params.id, request.body),
  );

  app.post<IdParams>(
    '/leagues/:id/advance-week',
    { schema: { params: idParams, response: { 200: weekViewSchema, ...writeErrors } } },
    async (request) => writes.advanceWeek(requireUserId(request), request.params.id),
  );
}

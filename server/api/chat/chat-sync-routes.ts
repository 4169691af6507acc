/**
 * The commissioner's view of the league's chat sync (docs/api.md, "Chat sync"; decision 0040):
 * GET its state, POST "try now". Signed out is a 401 before anything else; a league the caller
 * is not a member of is a 404 like one that does not exist; a member who is not its commissioner
 * gets a 403.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
import { errorBodySchema } from '../../http/errors.js';
import { requireMembership } from '../league/access.js';
import { requireCommissioner } from '../league/league-writes.js';
import { requireUserId } from '../sessions/session-plugin.js';
import { chatSyncState, retryChatSync } from './chat-sync-state.js';

export interface ChatSyncRouteOptions {
  database: Database;
  /** Asks the chat outbox's worker for a run at once. */
  wake: () => void;
}

const nullableString = { anyOf: [{ type: 'string' }, { type: 'null' }] } as const;

const params = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
} as const;

export const chatSyncStateSchema = {
  type: 'object',
  required: ['pending', 'failing', 'next_attempt_at', 'confirmed_at'],
  properties: {
    pending: { type: 'integer' },
    failing: {
      anyOf: [
        {
          type: 'object',
          required: ['attempts', 'last_error', 'next_attempt_at'],
          properties: {
            attempts: { type: 'integer' },
            last_error: { type: 'string' },
            next_attempt_at: { type: 'string' },
          },
        },
        { type: 'null' },
      ],
    },
    next_attempt_at: nullableString,
    confirmed_at: nullableString,
  },
} as const;

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

export async function chatSyncRoutes(app: FastifyInstance, { database, wake }: ChatSyncRouteOptions): Promise<void> {
  const { db } = database;
  const commissioner = async (userId: number, leagueId: number, doing: string) =>
    requireCommissioner(await requireMembership(db, leagueId, userId), doing);

  app.addHook('preValidation', async (request) => {
    requireUserId(request);
  });

  app.get<{ Params: { id: number } }>(
    '/leagues/:id/chat-sync',
    { schema: { params, response: { 200: chatSyncStateSchema, ...errors } } },
    async (request) => {
      await commissioner(requireUserId(request), request.params.id, "see the state of the league's chat");
      return chatSyncState(db, request.params.id);
    },
  );

  app.post<{ Params: { id: number } }>(
    '/leagues/:id/chat-sync/retry',
    { schema: { params, response: { 202: chatSyncStateSchema, ...errors } } },
    async (request, reply) => {
      await commissioner(requireUserId(request), request.params.id, "bring the league's chat up to date");
      await retryChatSync(db, request.params.id);
      wake();
      return reply.code(202).send(await chatSyncState(db, request.params.id));
    },
  );
}

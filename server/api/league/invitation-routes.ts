/**
 * Invitation routes (docs/api.md, "League membership"; docs/decisions/0034). The commissioner's
 * routes and accepting need sign-in (401 before the body is checked); what a link offers is open
 * to anyone holding it, signed in or not, and shows nothing beyond the league's name, sport and
 * season, the role, the team's name, the inviter's name and the expiry. Unknown tokens are counted
 * per address: past INVITATION_MAX_MISSES in the window, both routes answer 429.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors.js';
import { AddressThrottle } from '../auth/login-throttle.js';
import { requireUserId } from '../sessions/session-plugin.js';
import type { LeagueModuleOptions } from './index.js';
import { Invitations, UnknownInvitationError, type InvitationInput } from './invitations.js';
import { LeagueRepo } from './league-repo.js';
import {
  createdInvitationSchema,
  invitationBody,
  invitationListQuery,
  invitationListSchema,
  invitationParams,
  invitationPreviewSchema,
  invitationSchema,
  joinedSchema,
  leagueParams,
  membershipErrors,
  tokenParams,
} from './membership-schemas.js';

type TokenParams = { Params: { token: string } };

const signedIn = async (request: FastifyRequest) => {
  requireUserId(request);
};

export async function invitationRoutes(app: FastifyInstance, options: LeagueModuleOptions): Promise<void> {
  const settings = options.invitations;
  const invitations = new Invitations(options.database, settings);
  const leagues = new LeagueRepo(options.database.db);
  const misses = new AddressThrottle(
    options.database.db,
    'invitation_misses',
    settings.lookupMaxMisses,
    settings.lookupWindowSeconds,
  );

  /** Runs `work` unless this address tried too many unknown tokens; an unknown one counts. */
  async function byToken<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
    const wait = await misses.retryAfterSeconds(request.ip);
    if (wait > 0)
      throw new HttpError(
        429,
        `Too many links that are not invitations were tried from this address; try again in ${wait} seconds`,
        { 'Retry-After': String(wait) },
      );
    try {
      return await work();
    } catch (error) {
      if (error instanceof UnknownInvitationError) await misses.record(request.ip);
      throw error;
    }
  }

  app.post<{ Params: { id: number }; Body: InvitationInput }>(
    '/leagues/:id/invitations',
    {
      preValidation: signedIn,
      schema: {
        params: leagueParams,
        body: invitationBody(settings),
        response: { 201: createdInvitationSchema, ...membershipErrors },
      },
    },
    async (request, reply) => {
      const created = await invitations.create(requireUserId(request), request.params.id, request.body);
      return reply.code(201).header('Cache-Control', 'no-store').send(created);
    },
  );

  app.get<{ Params: { id: number }; Querystring: { limit: number } }>(
    '/leagues/:id/invitations',
    {
      preValidation: signedIn,
      schema: {
        params: leagueParams,
        querystring: invitationListQuery,
        response: { 200: invitationListSchema, ...membershipErrors },
      },
    },
    async (request) => ({
      invitations: await invitations.list(requireUserId(request), request.params.id, request.query.limit),
    }),
  );

  app.delete<{ Params: { id: number; invitationId: number } }>(
    '/leagues/:id/invitations/:invitationId',
    {
      preValidation: signedIn,
      schema: { params: invitationParams, response: { 200: invitationSchema, ...membershipErrors } },
    },
    async (request) => invitations.revoke(requireUserId(request), request.params.id, request.params.invitationId),
  );

  app.get<TokenParams>(
    '/invitations/:token',
    { schema: { params: tokenParams, response: { 200: invitationPreviewSchema, ...membershipErrors } } },
    async (request, reply) => {
      const preview = await byToken(request, () =>
        invitations.preview(request.params.token, request.session?.row.user_id ?? null),
      );
      return reply.header('Cache-Control', 'no-store').send(preview);
    },
  );

  app.post<TokenParams>(
    '/invitations/:token/accept',
    {
      preValidation: signedIn,
      schema: { params: tokenParams, response: { 201: joinedSchema, ...membershipErrors } },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const joined = await byToken(request, () => invitations.accept(userId, request.params.token));
      app.chatOutbox.wake();
      // No card for a join: the newcomer is not in the league's channels until the chat change is applied.
      const league = (await leagues.summaries(userId)).find((l) => l.id === joined.leagueId);
      // Removed again between the join and this read: the league is no longer the caller's.
      if (!league)
        throw new HttpError(404, `League ${joined.leagueId} does not exist or is not in one of your leagues`);
      return reply.code(201).send({ league, placement: joined.placement });
    },
  );
}

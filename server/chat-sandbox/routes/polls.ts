/**
 * Polls (chat-protocol.md §4.8): create, get, full and partial update (closing sends
 * `poll.closed`), delete, options (users add them only when the poll allows suggestions), and
 * the poll query. Votes are in poll-votes.ts. The changes and their `poll.*` events are in
 * services/polls.ts.
 */
import { actorUserId, optionalUserId } from '../request-input.js';
import * as schemas from '../schema/polls.js';
import type { FastifyInstance } from 'fastify';
import { inputError, notFound } from '../errors.js';
import { findOption } from '../polls.js';
import { optionResponse } from '../poll-view.js';
import { matches } from '../query/filter.js';
import { cursorPage } from '../query/offset-page.js';
import { sortBy } from '../query/sort.js';
import { ok, type Sandbox } from '../sandbox.js';
import type { PollRec } from '../store/model.js';
import {
  canSeePoll,
  objectBody,
  queryParts,
  type QueryBody,
  renderPoll,
  visiblePoll,
} from '../services/poll-access.js';
import {
  addPollOption,
  createPoll,
  deletePoll,
  partialUpdatePoll,
  removePollOption,
  updatePoll,
  updatePollOption,
} from '../services/polls.js';
import { pollVoteRoutes } from './poll-votes.js';

interface PartialBody {
  set?: unknown;
  unset?: unknown;
  user_id?: unknown;
}

/** The fields a poll query filters and sorts on. */
function pollView(poll: PollRec): Record<string, unknown> {
  return {
    ...poll.custom,
    id: poll.id,
    name: poll.name,
    is_closed: poll.is_closed,
    enforce_unique_vote: poll.enforce_unique_vote,
    max_votes_allowed: poll.max_votes_allowed,
    allow_answers: poll.allow_answers,
    allow_user_suggested_options: poll.allow_user_suggested_options,
    voting_visibility: poll.voting_visibility,
    created_by_id: poll.created_by_id,
    created_at: poll.created_at,
    updated_at: poll.updated_at,
  };
}

export async function pollRoutes(app: FastifyInstance, sandbox: Sandbox): Promise<void> {
  const { store } = sandbox;

  app.post<{ Body: unknown }>('/polls', { schema: schemas.CREATE_POLL }, async (request) => {
    const body = objectBody(request.body ?? {});
    const userId = actorUserId(request, body);
    const poll = createPoll(sandbox, request.chatActor, userId, body);
    return ok({ poll: renderPoll(sandbox, poll, userId) });
  });

  app.post<{ Body: QueryBody | null }>('/polls/query', { schema: schemas.QUERY_POLLS }, async (request) => {
    const body = objectBody(request.body ?? {}) as QueryBody;
    const { filter, specs, limit, offset } = queryParts(body);
    const actor = request.chatActor;
    const userId = optionalUserId(request, body);
    const visible = [...store.polls.values()].filter((poll) => canSeePoll(sandbox, poll, actor, userId));
    const views = visible.map((poll) => ({ poll, view: pollView(poll) })).filter(({ view }) => matches(view, filter));
    const sorted = sortBy(views, specs, (item, field) => item.view[field]);
    const { page, next } = cursorPage(sorted, offset, limit);
    return ok({ polls: page.map(({ poll }) => renderPoll(sandbox, poll, userId)), ...(next ? { next } : {}) });
  });

  app.get<{ Params: { id: string } }>('/polls/:id', { schema: schemas.GET_POLL }, async (request) => {
    const userId = optionalUserId(request);
    const poll = visiblePoll(sandbox, request.params.id, request.chatActor, userId);
    return ok({ poll: renderPoll(sandbox, poll, userId) });
  });

  app.put<{ Body: unknown }>('/polls', { schema: schemas.UPDATE_POLL }, async (request) => {
    const body = objectBody(request.body ?? {});
    if (typeof body.id !== 'string' || !body.id) throw inputError('poll id is required');
    const userId = optionalUserId(request, body);
    const poll = visiblePoll(sandbox, body.id, request.chatActor, userId);
    updatePoll(sandbox, poll, request.chatActor, userId, body);
    return ok({ poll: renderPoll(sandbox, poll, userId) });
  });

  app.patch<{ Params: { id: string }; Body: PartialBody | null }>(
    '/polls/:id',
    { schema: schemas.PARTIAL_UPDATE_POLL },
    async (request) => {
      const body = objectBody(request.body ?? {}) as PartialBody;
      const set = body.set === undefined || body.set === null ? {} : objectBody(body.set, 'set');
      const unset = body.unset ?? [];
      if (!Array.isArray(unset) || unset.some((key) => typeof key !== 'string')) {
        throw inputError('unset must be an array of field names');
      }
      if (set.id !== undefined && set.id !== request.params.id) throw inputError('a poll id cannot be changed');
      const userId = optionalUserId(request, body);
      const poll = visiblePoll(sandbox, request.params.id, request.chatActor, userId);
      partialUpdatePoll(sandbox, poll, request.chatActor, userId, { set, unset: unset as string[] });
      return ok({ poll: renderPoll(sandbox, poll, userId) });
    },
  );

  app.delete<{ Params: { id: string } }>('/polls/:id', { schema: schemas.DELETE_POLL }, async (request) => {
    const userId = optionalUserId(request);
    const poll = visiblePoll(sandbox, request.params.id, request.chatActor, userId);
    deletePoll(sandbox, poll, request.chatActor, userId);
    return ok({});
  });

  app.post<{ Params: { id: string }; Body: unknown }>(
    '/polls/:id/options',
    { schema: schemas.ADD_OPTION },
    async (request) => {
      const body = objectBody(request.body ?? {});
      const userId = optionalUserId(request, body);
      const poll = visiblePoll(sandbox, request.params.id, request.chatActor, userId);
      const option = addPollOption(sandbox, poll, request.chatActor, userId, body);
      return ok({ poll_option: optionResponse(poll, option) });
    },
  );

  app.put<{ Params: { id: string }; Body: unknown }>(
    '/polls/:id/options',
    { schema: schemas.UPDATE_OPTION },
    async (request) => {
      const body = objectBody(request.body ?? {});
      const userId = optionalUserId(request, body);
      const poll = visiblePoll(sandbox, request.params.id, request.chatActor, userId);
      const option = updatePollOption(sandbox, poll, request.chatActor, userId, body);
      return ok({ poll_option: optionResponse(poll, option) });
    },
  );

  app.get<{ Params: { id: string; optionId: string } }>(
    '/polls/:id/options/:optionId',
    { schema: schemas.OPTION },
    async (request) => {
      const poll = visiblePoll(sandbox, request.params.id, request.chatActor, optionalUserId(request));
      const option = findOption(poll, request.params.optionId);
      if (!option) throw notFound(`Poll option "${request.params.optionId}" does not exist`);
      return ok({ poll_option: optionResponse(poll, option) });
    },
  );

  app.delete<{ Params: { id: string; optionId: string } }>(
    '/polls/:id/options/:optionId',
    { schema: schemas.OPTION },
    async (request) => {
      const userId = optionalUserId(request);
      const poll = visiblePoll(sandbox, request.params.id, request.chatActor, userId);
      removePollOption(sandbox, poll, request.chatActor, userId, request.params.optionId);
      return ok({});
    },
  );

  await pollVoteRoutes(app, sandbox);
}

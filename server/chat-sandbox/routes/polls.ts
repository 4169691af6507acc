/**
 * Polls (chat-protocol.md §4.8): create, get, full and partial update (closing sends
 * `poll.closed`), delete, options (users add them only when the poll allows suggestions), and
 * the poll query. Votes are in poll-votes.ts. Every change sends its `poll.*` event to the
 * watchers of the channels where the poll was sent.
 */
import * as schemas from '../schema/polls.js';
import type { FastifyInstance } from 'fastify';
import { inputError, notFound } from '../errors.js';
import {
  addOption,
  applyPollFields,
  findOption,
  newPoll,
  parsePollFields,
  pollAsInput,
  removeOption,
  updateOption,
} from '../polls.js';
import { optionResponse } from '../poll-view.js';
import { matches } from '../query/filter.js';
import { cursorPage } from '../query/offset-page.js';
import { sortBy } from '../query/sort.js';
import { ok, type Sandbox } from '../sandbox.js';
import type { Custom, PollRec } from '../store/model.js';
import { actorUserId } from '../services/common.js';
import {
  announcePoll,
  canSeePoll,
  isPollOwner,
  objectBody,
  optionalUserId,
  queryParts,
  type QueryBody,
  renderPoll,
  requirePollOwner,
  visiblePoll,
} from '../services/poll-access.js';
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

  /** Validates and applies new fields, stores them and sends poll.updated and/or poll.closed. */
  function update(poll: PollRec, input: Custom): void {
    const fields = parsePollFields(input, poll);
    const before = JSON.stringify({ ...pollAsInput(poll), is_closed: undefined });
    const closing = applyPollFields(poll, fields);
    const changed = JSON.stringify({ ...pollAsInput(poll), is_closed: undefined }) !== before;
    store.savePoll(poll);
    if (changed || !closing) announcePoll(sandbox, 'poll.updated', poll);
    if (closing) announcePoll(sandbox, 'poll.closed', poll);
  }

  app.post<{ Body: unknown }>('/polls', { schema: schemas.CREATE_POLL }, async (request) => {
    const body = objectBody(request.body ?? {});
    const userId = actorUserId(request, body);
    const poll = newPoll(body, userId, (id) => store.polls.has(id));
    if (request.chatActor.server) store.ensureUser(userId);
    store.savePoll(poll);
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
    requirePollOwner(sandbox, poll, request.chatActor, userId, 'UpdatePoll');
    update(poll, body);
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
      requirePollOwner(sandbox, poll, request.chatActor, userId, 'UpdatePoll');
      const merged: Custom = { ...pollAsInput(poll), ...set };
      for (const key of unset as string[]) delete merged[key];
      update(poll, merged);
      return ok({ poll: renderPoll(sandbox, poll, userId) });
    },
  );

  app.delete<{ Params: { id: string } }>('/polls/:id', { schema: schemas.DELETE_POLL }, async (request) => {
    const userId = optionalUserId(request);
    const poll = visiblePoll(sandbox, request.params.id, request.chatActor, userId);
    requirePollOwner(sandbox, poll, request.chatActor, userId, 'DeletePoll');
    announcePoll(sandbox, 'poll.deleted', poll);
    store.deletePoll(poll.id);
    return ok({});
  });

  app.post<{ Params: { id: string }; Body: unknown }>(
    '/polls/:id/options',
    { schema: schemas.ADD_OPTION },
    async (request) => {
      const body = objectBody(request.body ?? {});
      const actor = request.chatActor;
      const userId = optionalUserId(request, body);
      const poll = visiblePoll(sandbox, request.params.id, actor, userId);
      if (!isPollOwner(sandbox, poll, actor, userId)) {
        if (!poll.allow_user_suggested_options) {
          requirePollOwner(sandbox, poll, actor, userId, 'CreatePollOption');
        }
        if (poll.is_closed) throw inputError('the poll is closed: options cannot be suggested');
      }
      const option = addOption(poll, body);
      store.savePoll(poll);
      announcePoll(sandbox, 'poll.updated', poll);
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
      requirePollOwner(sandbox, poll, request.chatActor, userId, 'UpdatePollOption');
      const option = updateOption(poll, body);
      store.savePoll(poll);
      announcePoll(sandbox, 'poll.updated', poll);
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
      requirePollOwner(sandbox, poll, request.chatActor, userId, 'DeletePollOption');
      if (!findOption(poll, request.params.optionId)) {
        throw notFound(`Poll option "${request.params.optionId}" does not exist`);
      }
      removeOption(poll, request.params.optionId);
      store.savePoll(poll);
      announcePoll(sandbox, 'poll.updated', poll);
      return ok({});
    },
  );

  await pollVoteRoutes(app, sandbox);
}

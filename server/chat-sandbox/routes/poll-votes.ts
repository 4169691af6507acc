/**
 * Poll votes (chat-protocol.md §4.8): cast a vote or an answer on a message's poll, remove one,
 * and query them. Voting needs a message that carries the poll, read access to its channel and
 * the `cast-poll-vote` capability; the rules are in polls.ts. `poll.vote_casted`,
 * `poll.vote_changed` and `poll.vote_removed` go to the channel's watchers.
 */
import * as schemas from '../schema/polls.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../auth-context.js';
import { nextTimestamp } from '../clock.js';
import { inputError, notAllowed, notFound } from '../errors.js';
import { castVote } from '../polls.js';
import { matches } from '../query/filter.js';
import { cursorPage } from '../query/offset-page.js';
import { sortBy } from '../query/sort.js';
import { ok, type Sandbox } from '../sandbox.js';
import { actorUserId, loadMessage, requireCapability, requireRead } from '../services/common.js';
import {
  announceVote,
  loadPoll,
  objectBody,
  optionalUserId,
  queryParts,
  type QueryBody,
  renderPoll,
  renderVote,
  visiblePoll,
} from '../services/poll-access.js';

interface VoteParams {
  messageId: string;
  pollId: string;
}

export async function pollVoteRoutes(app: FastifyInstance, sandbox: Sandbox): Promise<void> {
  const { store } = sandbox;

  /** The message, its channel and the poll, after the access checks for `userId`. */
  function open(request: FastifyRequest, params: VoteParams, userId: string) {
    const message = loadMessage(sandbox, params.messageId);
    const channel = store.channels.get(message.cid);
    if (!channel || channel.deleted_at || message.deleted_at) {
      throw notFound(`Message "${params.messageId}" does not exist`);
    }
    const actor: Actor = { ...request.chatActor, userId };
    requireRead(sandbox, channel, actor);
    requireCapability(sandbox, channel, actor, 'cast-poll-vote', 'CastPollVote');
    if (message.poll_id !== params.pollId) {
      throw inputError(`message ${message.id} does not carry poll ${params.pollId}`);
    }
    return { message, channel, poll: loadPoll(sandbox, params.pollId) };
  }

  app.post<{ Params: VoteParams; Body: unknown }>(
    '/messages/:messageId/polls/:pollId/vote',
    { schema: schemas.VOTE },
    async (request) => {
      const body = objectBody(request.body ?? {});
      const userId = actorUserId(request, body);
      const { message, channel, poll } = open(request, request.params, userId);
      if (request.chatActor.server) store.ensureUser(userId);
      const outcome = castVote(poll, userId, body.vote);
      if (outcome.kind !== 'unchanged') {
        store.savePoll(poll);
        announceVote(sandbox, outcome.kind, poll, outcome.vote, message, channel);
      }
      return ok({ vote: renderVote(sandbox, poll, outcome.vote, userId), poll: renderPoll(sandbox, poll, userId) });
    },
  );

  app.delete<{ Params: VoteParams & { voteId: string } }>(
    '/messages/:messageId/polls/:pollId/vote/:voteId',
    { schema: schemas.DELETE_VOTE },
    async (request) => {
      const userId = actorUserId(request);
      const { message, channel, poll } = open(request, request.params, userId);
      const vote = poll.votes.find((v) => v.id === request.params.voteId);
      if (!vote) throw notFound(`Vote "${request.params.voteId}" does not exist in poll ${poll.id}`);
      if (vote.user_id !== userId && !request.chatActor.server) {
        throw notAllowed(`User '${userId}' can only remove their own votes`);
      }
      if (poll.is_closed) throw inputError('the poll is closed: votes cannot be removed');
      poll.votes = poll.votes.filter((v) => v !== vote);
      poll.updated_at = nextTimestamp();
      store.savePoll(poll);
      announceVote(sandbox, 'poll.vote_removed', poll, vote, message, channel);
      return ok({ vote: renderVote(sandbox, poll, vote, userId) });
    },
  );

  app.post<{ Params: { id: string }; Body: QueryBody | null }>(
    '/polls/:id/votes',
    { schema: schemas.QUERY_VOTES },
    async (request) => {
      const body = objectBody(request.body ?? {}) as QueryBody;
      const { filter, specs, limit, offset } = queryParts(body);
      const userId = optionalUserId(request, body);
      const poll = visiblePoll(sandbox, request.params.id, request.chatActor, userId);
      // Filters see the votes as the caller does: in anonymous polls others' votes have no user_id.
      const views = poll.votes.map((vote) => {
        const rendered = renderVote(sandbox, poll, vote, userId);
        return { rendered, view: { ...rendered, is_answer: vote.answer_text !== undefined, user: undefined } };
      });
      const filtered = views.filter(({ view }) => matches(view, filter));
      const sorted = sortBy(filtered, specs, (item, field) => (item.view as Record<string, unknown>)[field]);
      const { page, next } = cursorPage(sorted, offset, limit);
      return ok({ votes: page.map(({ rendered }) => rendered), ...(next ? { next } : {}) });
    },
  );
}

/**
 * Poll votes (chat-protocol.md §4.8): cast a vote or an answer on a message's poll, remove one,
 * and query them. The voting checks, the changes and the `poll.vote_*` events are in
 * services/poll-votes.ts.
 */
import { actorUserId, optionalUserId } from '../request-input.js';
import * as schemas from '../schema/polls.js';
import type { FastifyInstance } from 'fastify';
import { matches } from '../query/filter.js';
import { cursorPage } from '../query/offset-page.js';
import { sortBy } from '../query/sort.js';
import { ok, type Sandbox } from '../sandbox.js';
import {
  objectBody,
  queryParts,
  type QueryBody,
  renderPoll,
  renderVote,
  visiblePoll,
} from '../services/poll-access.js';
import { castPollVote, openVoteTarget, removePollVote } from '../services/poll-votes.js';

interface VoteParams {
  messageId: string;
  pollId: string;
}

export async function pollVoteRoutes(app: FastifyInstance, sandbox: Sandbox): Promise<void> {
  app.post<{ Params: VoteParams; Body: unknown }>(
    '/messages/:messageId/polls/:pollId/vote',
    { schema: schemas.VOTE },
    async (request) => {
      const body = objectBody(request.body ?? {});
      const userId = actorUserId(request, body);
      const voter = { ...request.chatActor, userId };
      const target = openVoteTarget(sandbox, voter, request.params.messageId, request.params.pollId);
      const vote = castPollVote(sandbox, voter, target, body.vote);
      const { poll } = target;
      return ok({ vote: renderVote(sandbox, poll, vote, userId), poll: renderPoll(sandbox, poll, userId) });
    },
  );

  app.delete<{ Params: VoteParams & { voteId: string } }>(
    '/messages/:messageId/polls/:pollId/vote/:voteId',
    { schema: schemas.DELETE_VOTE },
    async (request) => {
      const userId = actorUserId(request);
      const voter = { ...request.chatActor, userId };
      const target = openVoteTarget(sandbox, voter, request.params.messageId, request.params.pollId);
      const vote = removePollVote(sandbox, voter, target, request.params.voteId);
      return ok({ vote: renderVote(sandbox, target.poll, vote, userId) });
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

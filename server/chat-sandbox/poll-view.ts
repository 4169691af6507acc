/**
 * Poll records → PollResponse (chat-protocol.md §3.9), rendered per recipient: `own_votes` are
 * the recipient's votes and answer, and in anonymous polls other people's votes carry no
 * `user` / `user_id`.
 */
import { pollAsInput } from './polls.js';
import type { ChatStore } from './store/chat-store.js';
import type { PollOptionRec, PollRec, PollVoteRec } from './store/model.js';

export type UserView = (userId: string) => Record<string, unknown>;

const LATEST = 10;

const newestFirst = (a: PollVoteRec, b: PollVoteRec) =>
  b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);

/** A vote or an answer as `forUserId` sees it. */
export function voteResponse(
  poll: PollRec,
  vote: PollVoteRec,
  forUserId: string | null,
  user: UserView,
): Record<string, unknown> {
  const visible = poll.voting_visibility !== 'anonymous' || vote.user_id === forUserId;
  const base = {
    id: vote.id,
    poll_id: vote.poll_id,
    created_at: vote.created_at,
    updated_at: vote.updated_at,
    ...(visible ? { user_id: vote.user_id, user: user(vote.user_id) } : {}),
  };
  return vote.answer_text !== undefined
    ? { ...base, answer_text: vote.answer_text, is_answer: true }
    : { ...base, option_id: vote.option_id };
}

export function optionResponse(poll: PollRec, option: PollOptionRec): Record<string, unknown> {
  return {
    ...option.custom,
    id: option.id,
    poll_id: poll.id,
    text: option.text,
    position: poll.options.indexOf(option),
    vote_count: poll.votes.filter((v) => v.option_id === option.id && v.answer_text === undefined).length,
  };
}

export function pollResponse(poll: PollRec, forUserId: string | null, user: UserView): Record<string, unknown> {
  const render = (vote: PollVoteRec) => voteResponse(poll, vote, forUserId, user);
  const optionVotes = poll.votes.filter((v) => v.answer_text === undefined);
  const answers = poll.votes.filter((v) => v.answer_text !== undefined).sort(newestFirst);
  const countsByOption: Record<string, number> = {};
  const latestByOption: Record<string, Record<string, unknown>[]> = {};
  for (const option of poll.options) {
    const votes = optionVotes.filter((v) => v.option_id === option.id).sort(newestFirst);
    if (votes.length === 0) continue;
    countsByOption[option.id] = votes.length;
    latestByOption[option.id] = votes.slice(0, LATEST).map(render);
  }
  return {
    ...pollAsInput(poll),
    id: poll.id,
    description: poll.description ?? '',
    vote_count: optionVotes.length,
    vote_counts_by_option: countsByOption,
    answers_count: answers.length,
    latest_votes_by_option: latestByOption,
    latest_answers: answers.slice(0, LATEST).map(render),
    own_votes: forUserId
      ? poll.votes
          .filter((v) => v.user_id === forUserId)
          .sort((a, b) => a.created_at.localeCompare(b.created_at))
          .map(render)
      : [],
    created_by: user(poll.created_by_id),
    created_by_id: poll.created_by_id,
    created_at: poll.created_at,
    updated_at: poll.updated_at,
  };
}

/** The poll a message carries, for embedding in MessageResponse (undefined when none or deleted). */
export function embeddedPoll(
  store: ChatStore,
  pollId: string | undefined,
  forUserId: string | null,
  user: UserView,
): Record<string, unknown> | undefined {
  const poll = pollId ? store.polls.get(pollId) : undefined;
  return poll ? pollResponse(poll, forUserId, user) : undefined;
}

/**
 * Voting on a message's poll (chat-protocol.md §4.8): casting a vote or an answer and removing
 * one. Voting needs a live message that carries the poll, read access to its channel and the
 * `cast-poll-vote` capability; the voting rules are in polls.ts. `poll.vote_casted`,
 * `poll.vote_changed` and `poll.vote_removed` go to the channel's watchers.
 */
import type { Actor } from '../auth-context.js';
import { nextTimestamp } from '../clock.js';
import { inputError, notAllowed, notFound } from '../errors.js';
import { castVote } from '../polls.js';
import type { Sandbox } from '../sandbox.js';
import type { ChannelRec, MessageRec, PollRec, PollVoteRec } from '../store/model.js';
import { loadMessage, requireCapability, requireRead } from './common.js';
import { announceVote, loadPoll } from './poll-access.js';

/** Who votes: the acting user, named, with the caller's server flag. */
export type Voter = Actor & { userId: string };

/** The message, its channel and the poll a vote is about. */
export interface VoteTarget {
  message: MessageRec;
  channel: ChannelRec;
  poll: PollRec;
}

/**
 * The message (16 when it or its channel is gone), its channel and the poll, after the read
 * check, the `cast-poll-vote` capability (17) and the check that the message carries the poll (4).
 */
export function openVoteTarget(sandbox: Sandbox, voter: Voter, messageId: string, pollId: string): VoteTarget {
  const message = loadMessage(sandbox, messageId);
  const channel = sandbox.store.channels.get(message.cid);
  if (!channel || channel.deleted_at || message.deleted_at) {
    throw notFound(`Message "${messageId}" does not exist`);
  }
  requireRead(sandbox, channel, voter);
  requireCapability(sandbox, channel, voter, 'cast-poll-vote', 'CastPollVote');
  if (message.poll_id !== pollId) {
    throw inputError(`message ${message.id} does not carry poll ${pollId}`);
  }
  return { message, channel, poll: loadPoll(sandbox, pollId) };
}

/**
 * Casts the voter's vote or answer (a user the server names is created). Unless it is the same
 * vote again, saves the poll and sends `poll.vote_casted` or `poll.vote_changed`. Answers the vote.
 */
export function castPollVote(sandbox: Sandbox, voter: Voter, { message, channel, poll }: VoteTarget, input: unknown) {
  if (voter.server) sandbox.store.ensureUser(voter.userId);
  const outcome = castVote(poll, voter.userId, input);
  if (outcome.kind !== 'unchanged') {
    sandbox.store.savePoll(poll);
    announceVote(sandbox, outcome.kind, poll, outcome.vote, message, channel);
  }
  return outcome.vote;
}

/**
 * Removes a vote (16 when missing; only the voter's own unless the server acts, 17; not from a
 * closed poll, 4). Saves the poll and sends `poll.vote_removed`; answers the removed vote.
 */
export function removePollVote(
  sandbox: Sandbox,
  voter: Voter,
  { message, channel, poll }: VoteTarget,
  voteId: string,
): PollVoteRec {
  const vote = poll.votes.find((v) => v.id === voteId);
  if (!vote) throw notFound(`Vote "${voteId}" does not exist in poll ${poll.id}`);
  if (vote.user_id !== voter.userId && !voter.server) {
    throw notAllowed(`User '${voter.userId}' can only remove their own votes`);
  }
  if (poll.is_closed) throw inputError('the poll is closed: votes cannot be removed');
  poll.votes = poll.votes.filter((v) => v !== vote);
  poll.updated_at = nextTimestamp();
  sandbox.store.savePoll(poll);
  announceVote(sandbox, 'poll.vote_removed', poll, vote, message, channel);
  return vote;
}

/**
 * A message's poll as React state (stream-chat's `Poll` in the client's poll cache, kept current by
 * the poll events), and what the member can do with it: vote and take a vote back (within unique
 * voting and the vote limit), comment, suggest an option, and end the poll (its creator). Each
 * failure is a toast with the spec's text where it has one.
 */
import { useCallback, useSyncExternalStore } from 'react';
import type { LocalMessage, Poll, PollState } from 'stream-chat';
import { useTranslation } from '../../../i18n/use-translation';
import { useToast } from '../../../lib/toasts';
import { useChatWorkspace } from '../workspace/chat-workspace-context';

const NO_SUBSCRIPTION = () => () => undefined;

/** The poll of `message` from the client's cache (hydrated from the message when it is not there yet). */
export function pollOf(
  message: LocalMessage,
  polls: { fromState(id: string): Poll | undefined; hydratePollCache(m: LocalMessage[]): void },
) {
  if (!message.poll_id) return undefined;
  if (!polls.fromState(message.poll_id) && message.poll) polls.hydratePollCache([message]);
  return polls.fromState(message.poll_id);
}

export function usePollState(poll: Poll | undefined): PollState | null {
  const subscribe = useCallback(
    (notify: () => void) => (poll ? poll.state.subscribe(notify) : NO_SUBSCRIPTION()),
    [poll],
  );
  const read = useCallback(() => poll?.state.getLatestValue() ?? null, [poll]);
  return useSyncExternalStore(subscribe, read);
}

/** Whether one more vote is refused: not unique voting, a limit, and as many votes as it allows. */
export function atVoteLimit(
  state: Pick<PollState, 'enforce_unique_vote' | 'max_votes_allowed' | 'ownVotesByOptionId'>,
) {
  const max = state.max_votes_allowed;
  return !state.enforce_unique_vote && Boolean(max) && Object.keys(state.ownVotesByOptionId).length >= max;
}

export function usePollActions(poll: Poll, messageId: string) {
  const { t } = useTranslation();
  const toast = useToast();
  const { userId } = useChatWorkspace();
  const failed = (key: string) => () => toast.error(t(key));

  const toggleVote = (optionId: string) => {
    const state = poll.state.getLatestValue();
    const mine = state.ownVotesByOptionId[optionId];
    if (mine) return void poll.removeVote(mine.id, messageId).catch(failed('chat.poll.voteFailed'));
    if (atVoteLimit(state)) return void toast.error(t('chat.poll.voteLimit'));
    void poll.castVote(optionId, messageId).catch(failed('chat.poll.voteFailed'));
  };
  return {
    isCreator: (state: PollState) => state.created_by_id === userId,
    toggleVote,
    addAnswer: (text: string) =>
      poll.addAnswer(text, messageId).then(
        () => true,
        () => (failed('chat.poll.answerFailed')(), false),
      ),
    suggestOption: (text: string) =>
      poll.createOption({ text }).then(
        () => true,
        () => (failed('chat.poll.suggestFailed')(), false),
      ),
    close: () => void poll.close().catch(failed('chat.poll.closeFailed')),
  };
}

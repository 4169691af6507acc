/**
 * The poll composer's real I/O: `client.createPoll` (POST /polls) on a connected `stream-chat`
 * client. A refusal is rethrown with the chat service's own message (e.g. "poll name must be at
 * most 255 characters") rather than the client's "StreamChat error code 4: CreatePoll failed …"
 * wrapper, so the machine's 'Failed to create the poll due to {{reason}}' reads well.
 */
import { fromPromise } from 'xstate';
import { VotingVisibility, type StreamChat } from 'stream-chat';
import type { ComposedPoll } from '../../../machines/poll-composer/poll-composer.types';

/** The chat service's message in a stream-chat API error, else the error's own message. */
export function chatErrorReason(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'response' in error) {
    const data = (error as { response?: { data?: { message?: unknown } } }).response?.data;
    if (typeof data?.message === 'string' && data.message) return data.message;
  }
  return error instanceof Error ? error.message : String(error);
}

export function createPollComposerActors(client: StreamChat) {
  return {
    createPoll: fromPromise<string, ComposedPoll>(async ({ input }) => {
      try {
        const { poll } = await client.createPoll({
          ...input,
          voting_visibility:
            input.voting_visibility === 'anonymous' ? VotingVisibility.anonymous : VotingVisibility.public,
        });
        return poll.id;
      } catch (error) {
        throw new Error(chatErrorReason(error), { cause: error });
      }
    }),
  };
}

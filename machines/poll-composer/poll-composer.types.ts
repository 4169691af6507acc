/** The poll composer's types: the form's values, its errors (i18next keys) and its events. */

export type VotingVisibility = 'public' | 'anonymous';

export interface PollOption {
  /** A local id for the form row (the chat service gives the real option ids). */
  id: string;
  text: string;
}

/** The form's values, as typed. */
export interface PollValues {
  /** The question. */
  name: string;
  description: string;
  options: PollOption[];
  /** As typed; '' means no limit. */
  max_votes_allowed: string;
  enforce_unique_vote: boolean;
  allow_answers: boolean;
  allow_user_suggested_options: boolean;
  voting_visibility: VotingVisibility;
}

/** An i18next key under `chat.pollComposer.` (see poll-validation.ts). */
export type PollErrorKey = `chat.pollComposer.${string}`;

/** Errors shown next to the fields; options by option id. */
export interface PollErrors {
  name?: PollErrorKey;
  max_votes_allowed?: PollErrorKey;
  options?: Record<string, PollErrorKey>;
}

/** Fields the member has left (blurred); options by id. */
export interface PollTouched {
  name: boolean;
  description: boolean;
  max_votes_allowed: boolean;
  options: string[];
}

/** The create request (`client.createPoll`). */
export interface ComposedPoll {
  name: string;
  description?: string;
  options: { text: string }[];
  enforce_unique_vote: boolean;
  max_votes_allowed?: number;
  allow_answers: boolean;
  allow_user_suggested_options: boolean;
  voting_visibility: VotingVisibility;
}

/** A failed create: 'Failed to create the poll' (optionally 'due to {{reason}}'). */
export interface PollCreateFailure {
  key: PollErrorKey;
  values?: { reason: string };
  type: 'api:poll:create:failed';
}

export interface PollComposerContext {
  values: PollValues;
  touched: PollTouched;
  errors: PollErrors;
  /** Counter for local option ids (`option:<n>`). */
  nextOptionId: number;
  failure: PollCreateFailure | null;
  pollId: string | null;
}

export interface PollComposerInput {
  /** Values to start from (a restored draft); the spec's defaults otherwise. */
  values?: Partial<Omit<PollValues, 'options'>> & { options?: string[] };
}

export type PollTextField = 'name' | 'description' | 'max_votes_allowed';
export type PollFlagField = 'enforce_unique_vote' | 'allow_answers' | 'allow_user_suggested_options';

export type PollFieldChange =
  | { field: PollTextField; value: string }
  | { field: PollFlagField; value: boolean }
  | { field: 'voting_visibility'; value: VotingVisibility };

export type PollComposerEvent =
  | ({ type: 'poll.change' } & PollFieldChange)
  | { type: 'poll.blur'; field: PollTextField }
  | { type: 'poll.changeOption'; id: string; text: string }
  | { type: 'poll.blurOption'; id: string }
  | { type: 'poll.removeOption'; id: string }
  | { type: 'poll.submit' }
  | { type: 'poll.cancel' };

/** The created poll's id (the machine's output too). */
export interface PollComposerOutput {
  pollId: string | null;
}

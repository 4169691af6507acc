/**
 * Polls (chat-protocol.md §4.8, product spec §5 and §9): validation of poll fields (create, full
 * and partial update), options, and the voting rules — unique votes replace the user's option
 * votes, `max_votes_allowed` caps them, an answer (free text) is kept apart and one per user.
 * Functions here change a PollRec in memory; the services (services/polls.ts, poll-votes.ts)
 * persist it and send the events.
 */
import { randomUUID } from 'node:crypto';
import { nextTimestamp } from './clock.js';
import { inputError } from './errors.js';
import type { Custom, PollOptionRec, PollRec, PollVoteRec } from './store/model.js';

export const MAX_OPTIONS = 100;
export const MIN_MAX_VOTES = 2;
export const MAX_MAX_VOTES = 10;
export const VOTE_LIMIT_MESSAGE = 'Reached the vote limit. Remove an existing vote first.';
const MAX_NAME_LENGTH = 255;
const MAX_TEXT_LENGTH = 255;
const MAX_ANSWER_LENGTH = 1000;
const ID_PATTERN = /^[A-Za-z0-9_\-:.!@]{1,255}$/;

/** Poll fields that are not custom data (wire fields included, so they are never stored as custom). */
const POLL_FIELDS = new Set([
  'id',
  'name',
  'description',
  'options',
  'enforce_unique_vote',
  'max_votes_allowed',
  'allow_answers',
  'allow_user_suggested_options',
  'voting_visibility',
  'is_closed',
  'user_id',
  'user',
  'created_by',
  'created_by_id',
  'created_at',
  'updated_at',
  'vote_count',
  'vote_counts_by_option',
  'answers_count',
  'latest_votes_by_option',
  'latest_answers',
  'own_votes',
  'votes',
]);
const OPTION_FIELDS = new Set([
  'id',
  'text',
  'position',
  'poll_id',
  'user_id',
  'vote_count',
  'votes',
  'created_at',
  'updated_at',
]);

/** The poll fields a create, a full update or a partial update decides. */
export type PollFields = Pick<
  PollRec,
  | 'name'
  | 'description'
  | 'options'
  | 'enforce_unique_vote'
  | 'max_votes_allowed'
  | 'allow_answers'
  | 'allow_user_suggested_options'
  | 'voting_visibility'
  | 'is_closed'
  | 'custom'
>;

function isObject(value: unknown): value is Custom {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function customOf(input: Custom, known: Set<string>): Custom {
  const custom: Custom = {};
  for (const [key, value] of Object.entries(input)) if (!known.has(key)) custom[key] = value;
  return custom;
}

function flag(value: unknown, name: string, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'boolean') throw inputError(`${name} must be true or false`);
  return value;
}

/** An option text: a string, trimmed, not blank. */
export function optionText(value: unknown): string {
  if (typeof value !== 'string') throw inputError('poll option text is required');
  const text = value.trim();
  if (!text) throw inputError('poll option text must not be blank');
  if (text.length > MAX_TEXT_LENGTH) throw inputError(`poll option text must be at most ${MAX_TEXT_LENGTH} characters`);
  return text;
}

function duplicateCheck(options: PollOptionRec[]): void {
  const seen = new Set<string>();
  for (const option of options) {
    const key = option.text.toLowerCase();
    if (seen.has(key)) throw inputError(`poll option "${option.text}" already exists`);
    seen.add(key);
  }
}

function parseOptions(raw: unknown, existing: PollOptionRec[]): PollOptionRec[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw inputError('poll options must be an array');
  if (raw.length > MAX_OPTIONS) throw inputError(`a poll can have at most ${MAX_OPTIONS} options`);
  const ids = new Set<string>();
  const options = raw.map((item): PollOptionRec => {
    if (!isObject(item)) throw inputError('each poll option must be an object with text');
    const text = optionText(item.text);
    const known = typeof item.id === 'string' ? existing.find((o) => o.id === item.id) : undefined;
    const id = known?.id ?? randomUUID();
    if (ids.has(id)) throw inputError(`poll option ${id} is listed twice`);
    ids.add(id);
    return { id, text, custom: customOf(item, OPTION_FIELDS) };
  });
  duplicateCheck(options);
  return options;
}

function parseMaxVotes(value: unknown): number | undefined {
  if (value === undefined || value === null || value === 0) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < MIN_MAX_VOTES || value > MAX_MAX_VOTES) {
    throw inputError(`max_votes_allowed must be a whole number from ${MIN_MAX_VOTES} to ${MAX_MAX_VOTES}`);
  }
  return value;
}

/**
 * Validates a poll's fields (nothing is changed on failure). `existing` keeps the ids of options
 * listed again and is where a partial update starts from.
 */
export function parsePollFields(input: Custom, existing?: PollRec): PollFields {
  if (typeof input.name !== 'string' || !input.name.trim()) throw inputError('poll name is required');
  const name = input.name.trim();
  if (name.length > MAX_NAME_LENGTH) throw inputError(`poll name must be at most ${MAX_NAME_LENGTH} characters`);
  if (input.description !== undefined && input.description !== null && typeof input.description !== 'string') {
    throw inputError('poll description must be a string');
  }
  const description = typeof input.description === 'string' && input.description.trim() ? input.description : undefined;
  const enforceUnique = flag(input.enforce_unique_vote, 'enforce_unique_vote', true);
  const maxVotes = parseMaxVotes(input.max_votes_allowed);
  if (maxVotes !== undefined && enforceUnique) {
    throw inputError('max_votes_allowed cannot be set when enforce_unique_vote is true');
  }
  const visibility = input.voting_visibility ?? 'public';
  if (visibility !== 'public' && visibility !== 'anonymous') {
    throw inputError('voting_visibility must be "public" or "anonymous"');
  }
  return {
    name,
    description,
    options: parseOptions(input.options, existing?.options ?? []),
    enforce_unique_vote: enforceUnique,
    max_votes_allowed: maxVotes,
    allow_answers: flag(input.allow_answers, 'allow_answers', false),
    allow_user_suggested_options: flag(input.allow_user_suggested_options, 'allow_user_suggested_options', false),
    voting_visibility: visibility,
    is_closed: flag(input.is_closed, 'is_closed', false),
    custom: customOf(input, POLL_FIELDS),
  };
}

/** A new poll record from a create request. */
export function newPoll(input: Custom, creatorId: string, exists: (id: string) => boolean): PollRec {
  const fields = parsePollFields(input);
  let id: string = randomUUID();
  if (input.id !== undefined && input.id !== null && input.id !== '') {
    if (typeof input.id !== 'string' || !ID_PATTERN.test(input.id)) {
      throw inputError('poll id may use letters, numbers and -_:.!@ (up to 255)');
    }
    id = input.id;
  }
  if (exists(id)) throw inputError(`a poll with ID ${id} already exists`);
  const now = nextTimestamp();
  return { id, ...fields, created_by_id: creatorId, created_at: now, updated_at: now, votes: [] };
}

/** The poll as a flat input object, for partial updates (`set` over it, `unset` removed). */
export function pollAsInput(poll: PollRec): Custom {
  return {
    ...poll.custom,
    name: poll.name,
    description: poll.description,
    options: poll.options.map((o) => ({ ...o.custom, id: o.id, text: o.text })),
    enforce_unique_vote: poll.enforce_unique_vote,
    max_votes_allowed: poll.max_votes_allowed,
    allow_answers: poll.allow_answers,
    allow_user_suggested_options: poll.allow_user_suggested_options,
    voting_visibility: poll.voting_visibility,
    is_closed: poll.is_closed,
  };
}

/** Applies validated fields; votes for options that are gone are dropped. Returns whether it closed. */
export function applyPollFields(poll: PollRec, fields: PollFields): boolean {
  const closing = fields.is_closed && !poll.is_closed;
  Object.assign(poll, fields);
  const optionIds = new Set(poll.options.map((o) => o.id));
  poll.votes = poll.votes.filter((v) => v.answer_text !== undefined || (v.option_id && optionIds.has(v.option_id)));
  poll.updated_at = nextTimestamp();
  return closing;
}

/** Adds an option (`position` is an index into the list; the end when absent). */
export function addOption(poll: PollRec, input: Custom): PollOptionRec {
  if (poll.options.length >= MAX_OPTIONS) throw inputError(`a poll can have at most ${MAX_OPTIONS} options`);
  const option: PollOptionRec = {
    id: randomUUID(),
    text: optionText(input.text),
    custom: customOf(input, OPTION_FIELDS),
  };
  duplicateCheck([...poll.options, option]);
  const position = input.position;
  if (position !== undefined && position !== null && (typeof position !== 'number' || !Number.isInteger(position))) {
    throw inputError('position must be a whole number');
  }
  const at = typeof position === 'number' ? Math.min(Math.max(position, 0), poll.options.length) : poll.options.length;
  poll.options.splice(at, 0, option);
  poll.updated_at = nextTimestamp();
  return option;
}

export function findOption(poll: PollRec, optionId: unknown): PollOptionRec | undefined {
  return poll.options.find((o) => o.id === optionId);
}

/** Replaces an option's text and custom data. */
export function updateOption(poll: PollRec, input: Custom): PollOptionRec {
  if (typeof input.id !== 'string' || !input.id) throw inputError('poll option id is required');
  const option = findOption(poll, input.id);
  if (!option) throw inputError(`poll option ${input.id} does not exist in poll ${poll.id}`);
  const text = optionText(input.text);
  duplicateCheck(poll.options.map((o) => (o === option ? { ...o, text } : o)));
  option.text = text;
  option.custom = customOf(input, OPTION_FIELDS);
  poll.updated_at = nextTimestamp();
  return option;
}

export function removeOption(poll: PollRec, optionId: string): void {
  poll.options = poll.options.filter((o) => o.id !== optionId);
  poll.votes = poll.votes.filter((v) => v.option_id !== optionId);
  poll.updated_at = nextTimestamp();
}

export type VoteOutcome =
  | { kind: 'poll.vote_casted' | 'poll.vote_changed'; vote: PollVoteRec }
  /** The same vote again: nothing changes. */
  | { kind: 'unchanged'; vote: PollVoteRec };

const isAnswer = (vote: PollVoteRec) => vote.answer_text !== undefined;

/** Casts a vote (`{option_id}`) or an answer (`{answer_text}`) for `userId`, by the poll's rules. */
export function castVote(poll: PollRec, userId: string, input: unknown): VoteOutcome {
  if (!isObject(input)) throw inputError('vote is required');
  if (poll.is_closed) throw inputError('the poll is closed: votes are not accepted');
  const hasAnswer = input.answer_text !== undefined && input.answer_text !== null;
  const hasOption = input.option_id !== undefined && input.option_id !== null;
  if (hasAnswer === hasOption) throw inputError('a vote needs either option_id or answer_text');
  const now = nextTimestamp();
  if (hasAnswer) {
    if (!poll.allow_answers) throw inputError('this poll does not allow answers');
    if (typeof input.answer_text !== 'string' || !input.answer_text.trim()) {
      throw inputError('answer_text must not be blank');
    }
    const text = input.answer_text.trim();
    if (text.length > MAX_ANSWER_LENGTH)
      throw inputError(`answer_text must be at most ${MAX_ANSWER_LENGTH} characters`);
    const previous = poll.votes.find((v) => v.user_id === userId && isAnswer(v));
    if (previous) {
      previous.answer_text = text;
      previous.updated_at = now;
      poll.updated_at = now;
      return { kind: 'poll.vote_changed', vote: previous };
    }
    const answer: PollVoteRec = {
      id: randomUUID(),
      poll_id: poll.id,
      answer_text: text,
      user_id: userId,
      created_at: now,
      updated_at: now,
    };
    poll.votes.push(answer);
    poll.updated_at = now;
    return { kind: 'poll.vote_casted', vote: answer };
  }
  const option = findOption(poll, input.option_id);
  if (!option) throw inputError(`poll option ${String(input.option_id)} does not exist in poll ${poll.id}`);
  const own = poll.votes.filter((v) => v.user_id === userId && !isAnswer(v));
  const same = own.find((v) => v.option_id === option.id);
  if (same && (!poll.enforce_unique_vote || own.length === 1)) return { kind: 'unchanged', vote: same };
  if (poll.enforce_unique_vote && own.length > 0) {
    // The user's (first) vote moves to the new option; any others go.
    const [kept, ...dropped] = own as [PollVoteRec, ...PollVoteRec[]];
    kept.option_id = option.id;
    kept.updated_at = now;
    poll.votes = poll.votes.filter((v) => !dropped.includes(v));
    poll.updated_at = now;
    return { kind: 'poll.vote_changed', vote: kept };
  }
  if (poll.max_votes_allowed !== undefined && own.length >= poll.max_votes_allowed) {
    throw inputError(VOTE_LIMIT_MESSAGE);
  }
  const vote: PollVoteRec = {
    id: randomUUID(),
    poll_id: poll.id,
    option_id: option.id,
    user_id: userId,
    created_at: now,
    updated_at: now,
  };
  poll.votes.push(vote);
  poll.updated_at = now;
  return { kind: 'poll.vote_casted', vote };
}

/**
 * The poll form's rules (spec sections 5 and 9), pure and free of any form library: the poll
 * composer machine runs them on every change and blur, and `src/lib/poll-schema.ts` builds the
 * yup schema the formik form uses from the same functions and message keys.
 */
import type { PollErrorKey, PollErrors, PollTouched, PollValues, ComposedPoll } from './poll-composer.types';

/** A poll has at most this many options (spec section 9). */
export const MAX_POLL_OPTIONS = 100;
/** `max_votes_allowed`, when set, is a whole number in this range (spec section 9). */
export const MIN_MAX_VOTES = 2;
export const MAX_MAX_VOTES = 10;

/** i18next keys of the validation texts (English in the comment, the spec's exact wording). */
export const POLL_ERRORS = {
  /** 'Question is required' */
  nameRequired: 'chat.pollComposer.nameRequired',
  /** 'Only numbers are allowed' */
  onlyNumbers: 'chat.pollComposer.onlyNumbers',
  /** 'Type a number from 2 to 10' */
  maxVotesRange: 'chat.pollComposer.maxVotesRange',
  /** 'Enforce unique vote is enabled' */
  uniqueVoteEnabled: 'chat.pollComposer.uniqueVoteEnabled',
  /** 'Option already exists' */
  optionExists: 'chat.pollComposer.optionExists',
  /** 'Option is empty' */
  optionEmpty: 'chat.pollComposer.optionEmpty',
} as const satisfies Record<string, PollErrorKey>;

/** Keys of the create failure: 'Failed to create the poll' and '… due to {{reason}}'. */
export const POLL_CREATE_FAILED = 'chat.pollComposer.createFailed';
export const POLL_CREATE_FAILED_WITH_REASON = 'chat.pollComposer.createFailedWithReason';
/** The failure's type, as stream-chat's composer notes it. */
export const POLL_CREATE_FAILED_TYPE = 'api:poll:create:failed';

const DIGITS = /^[0-9]+$/;
const VALID_MAX_VOTES = /^([2-9]|10)$/;

/** Empty or only spaces. */
export const isBlank = (text: string | undefined | null): boolean => !text?.trim();

/** The question: required, and only spaces do not count. */
export function validateName(name: string): PollErrorKey | undefined {
  return isBlank(name) ? POLL_ERRORS.nameRequired : undefined;
}

/**
 * `max_votes_allowed` as typed ('' = no limit). With unique votes enforced any value is an
 * error; otherwise digits only, 2 to 10. While the field is being typed in (`complete` false) a
 * single digit is not yet judged against the range, so typing "1" on the way to "10" shows
 * nothing; once the field is left (or the form is submitted) it is.
 */
export function validateMaxVotes(value: string, enforceUniqueVote: boolean, complete = true): PollErrorKey | undefined {
  if (value === '') return undefined;
  if (enforceUniqueVote) return POLL_ERRORS.uniqueVoteEnabled;
  if (!DIGITS.test(value)) return POLL_ERRORS.onlyNumbers;
  if (!complete && value.length < 2) return undefined;
  return VALID_MAX_VOTES.test(value) ? undefined : POLL_ERRORS.maxVotesRange;
}

/** Options are compared as they will be sent: trimmed, and regardless of case (as the chat service does). */
const optionKey = (text: string) => text.trim().toLowerCase();

/**
 * Errors per option id: a repeated option (the later one) 'Option already exists'; an empty
 * option that is not the last row 'Option is empty' — the latter only for options in `checkEmpty`
 * (those the member has left, or all of them on submit).
 */
export function validateOptions(
  options: readonly { id: string; text: string }[],
  checkEmpty: 'all' | readonly string[] = 'all',
): Record<string, PollErrorKey> {
  const errors: Record<string, PollErrorKey> = {};
  const seen = new Set<string>();
  options.forEach((option, index) => {
    const key = optionKey(option.text);
    if (!key) {
      const isLast = index === options.length - 1;
      if (!isLast && (checkEmpty === 'all' || checkEmpty.includes(option.id)))
        errors[option.id] = POLL_ERRORS.optionEmpty;
      return;
    }
    if (seen.has(key)) errors[option.id] = POLL_ERRORS.optionExists;
    else seen.add(key);
  });
  return errors;
}

/**
 * Every error the form shows. Untouched fields get only the errors one sees while typing (a
 * repeated option, letters or a unique-vote conflict in max votes); a field that has been left
 * (or every field, with `'all'`, as on submit) gets all its rules.
 */
export function validatePoll(values: PollValues, touched: PollTouched | 'all' = 'all'): PollErrors {
  const all = touched === 'all';
  const errors: PollErrors = {};
  const name = all || touched.name ? validateName(values.name) : undefined;
  if (name) errors.name = name;
  const maxVotes = validateMaxVotes(
    values.max_votes_allowed,
    values.enforce_unique_vote,
    all || touched.max_votes_allowed,
  );
  if (maxVotes) errors.max_votes_allowed = maxVotes;
  const options = validateOptions(values.options, all ? 'all' : touched.options);
  if (Object.keys(options).length) errors.options = options;
  return errors;
}

export const hasErrors = (errors: PollErrors): boolean =>
  Boolean(errors.name || errors.max_votes_allowed || Object.keys(errors.options ?? {}).length);

/** At least one option that is not blank. */
export const hasAnOption = (options: readonly { text: string }[]): boolean => options.some((o) => !isBlank(o.text));

/**
 * Creatable only with a name, at least one non-blank option, a valid or empty max votes and no
 * errors (spec section 5), judged with every rule as on submit.
 */
export function canCreatePoll(values: PollValues): boolean {
  return (
    !isBlank(values.name) &&
    hasAnOption(values.options) &&
    validateMaxVotes(values.max_votes_allowed, values.enforce_unique_vote) === undefined &&
    !hasErrors(validatePoll(values, 'all'))
  );
}

/**
 * The last option row stays empty for the next option: one is appended while fewer than
 * 100 options exist and no option is empty.
 */
export function withTrailingOption<T extends { id: string; text: string }>(
  options: readonly T[],
  makeOption: () => T,
): T[] {
  const list = [...options];
  if (list.length < MAX_POLL_OPTIONS && !list.some((o) => isBlank(o.text))) list.push(makeOption());
  return list;
}

/** What `client.createPoll` gets: trimmed texts, blank options dropped, max votes as a number. */
export function composePoll(values: PollValues): ComposedPoll {
  const description = values.description.trim();
  return {
    name: values.name.trim(),
    ...(description ? { description } : {}),
    options: values.options.filter((o) => !isBlank(o.text)).map((o) => ({ text: o.text.trim() })),
    enforce_unique_vote: values.enforce_unique_vote,
    ...(values.max_votes_allowed !== '' && !values.enforce_unique_vote
      ? { max_votes_allowed: Number.parseInt(values.max_votes_allowed, 10) }
      : {}),
    allow_answers: values.allow_answers,
    allow_user_suggested_options: values.allow_user_suggested_options,
    voting_visibility: values.voting_visibility,
  };
}

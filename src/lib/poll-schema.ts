/**
 * The poll form's yup schema (formik `validationSchema`), built from the poll composer's own
 * rules in machines/poll-composer/poll-validation.ts so the form and the machine never disagree.
 * Messages are the i18next keys the machine uses; pass `t` to get translated texts instead.
 * The schema applies every rule, as the machine does on submit (or once a field has been left).
 */
import * as yup from 'yup';
import type { PollErrors, PollValues, VotingVisibility } from '../../machines/poll-composer/poll-composer.types';
import {
  MAX_POLL_OPTIONS,
  POLL_ERRORS,
  hasAnOption,
  validateMaxVotes,
  validateName,
  validateOptions,
} from '../../machines/poll-composer/poll-validation';

type Translate = (key: string) => string;

const VISIBILITIES: VotingVisibility[] = ['public', 'anonymous'];

export function createPollSchema(translate: Translate = (key) => key) {
  const option = yup.object({
    id: yup.string().defined(),
    text: yup
      .string()
      .defined()
      .test('poll-option', function (_text) {
        // this.from: [the option row, the whole form]
        const form = this.from?.[1]?.value as PollValues | undefined;
        const row = this.parent as { id: string };
        const key = form ? validateOptions(form.options)[row.id] : undefined;
        return key ? this.createError({ message: translate(key) }) : true;
      }),
  });

  return yup.object({
    name: yup
      .string()
      .defined()
      .test('poll-name', function (value) {
        const key = validateName(value ?? '');
        return key ? this.createError({ message: translate(key) }) : true;
      }),
    description: yup.string().defined(),
    options: yup
      .array()
      .of(option)
      .defined()
      .max(MAX_POLL_OPTIONS)
      // Creatable only with a non-blank option: with none, the one row there is is empty.
      .test('poll-has-option', translate(POLL_ERRORS.optionEmpty), (options) => hasAnOption(options ?? [])),
    max_votes_allowed: yup
      .string()
      .defined()
      .test('poll-max-votes', function (value) {
        const { enforce_unique_vote } = this.parent as Pick<PollValues, 'enforce_unique_vote'>;
        const key = validateMaxVotes(value ?? '', enforce_unique_vote);
        return key ? this.createError({ message: translate(key) }) : true;
      }),
    enforce_unique_vote: yup.boolean().defined(),
    allow_answers: yup.boolean().defined(),
    allow_user_suggested_options: yup.boolean().defined(),
    voting_visibility: yup.mixed<VotingVisibility>().oneOf(VISIBILITIES).defined(),
  });
}

export const pollSchema = createPollSchema();

/**
 * The schema's verdict in the machine's shape (options by id), for callers that want the
 * machine's error map rather than formik's nested one. The form-level "no option" error, which
 * the machine does not show next to a field, is left out here.
 */
export function schemaErrors(values: PollValues, schema = pollSchema): PollErrors {
  try {
    schema.validateSync(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof yup.ValidationError)) throw error;
    const errors: PollErrors = {};
    for (const inner of error.inner) {
      const message = inner.message as NonNullable<PollErrors['name']>;
      const option = /^options\[(\d+)\]\.text$/.exec(inner.path ?? '');
      if (inner.path === 'name') errors.name = message;
      else if (inner.path === 'max_votes_allowed') errors.max_votes_allowed = message;
      else if (option) {
        const id = values.options[Number(option[1])]!.id;
        errors.options = { ...errors.options, [id]: message };
      }
    }
    return errors;
  }
}

/**
 * The poll composer (spec sections 3, 4, 5, 9): the poll creation form as a statechart. It holds
 * the values as typed, revalidates on every change and blur (rules in poll-validation.ts), keeps
 * an empty last option row while fewer than 100 options exist and none is empty, and on submit
 * creates the poll with the `createPoll` actor. The composer that spawned it hears
 * `poll.created {pollId}` (and then sends a message with only the poll id) or `poll.cancelled`.
 */
import { assign, fromPromise, sendParent, setup } from 'xstate';
import type { ComposerChildEvent } from '../shared/composer-children';
import type {
  ComposedPoll,
  PollComposerContext,
  PollComposerEvent,
  PollComposerInput,
  PollComposerOutput,
  PollFieldChange,
  PollOption,
  PollTextField,
  PollTouched,
  PollValues,
} from './poll-composer.types';
import {
  POLL_CREATE_FAILED,
  POLL_CREATE_FAILED_TYPE,
  POLL_CREATE_FAILED_WITH_REASON,
  canCreatePoll,
  composePoll,
  validatePoll,
  withTrailingOption,
} from './poll-validation';

/** The spec's defaults (section 9): unique vote on, answers and suggestions off, public. */
export const POLL_DEFAULTS: Omit<PollValues, 'options'> = {
  name: '',
  description: '',
  max_votes_allowed: '',
  enforce_unique_vote: true,
  allow_answers: false,
  allow_user_suggested_options: false,
  voting_visibility: 'public',
};

const UNTOUCHED: PollTouched = { name: false, description: false, max_votes_allowed: false, options: [] };

function reasonOf(error: unknown): string | undefined {
  if (error instanceof Error) return error.message || undefined;
  if (typeof error === 'string') return error || undefined;
  return undefined;
}

/** Options with the trailing empty row, numbering new rows from `next`. */
function arrange(options: PollOption[], next: number): { options: PollOption[]; nextOptionId: number } {
  let counter = next;
  const arranged = withTrailingOption(options, () => ({ id: `option:${counter++}`, text: '' }));
  return { options: arranged, nextOptionId: counter };
}

function initialContext(input: PollComposerInput | undefined): PollComposerContext {
  const { options: texts = [], ...rest } = input?.values ?? {};
  const given = texts.map((text, i) => ({ id: `option:${i + 1}`, text }));
  const { options, nextOptionId } = arrange(given, given.length + 1);
  const values: PollValues = { ...POLL_DEFAULTS, ...rest, options };
  return {
    values,
    touched: UNTOUCHED,
    errors: validatePoll(values, UNTOUCHED),
    nextOptionId,
    failure: null,
    pollId: null,
  };
}

/** New values (and the option counter), revalidated for what has been touched so far. */
function revalidated(values: PollValues, touched: PollTouched, nextOptionId: number) {
  const arranged = arrange(values.options, nextOptionId);
  const next = { ...values, options: arranged.options };
  return { values: next, touched, errors: validatePoll(next, touched), nextOptionId: arranged.nextOptionId };
}

export const pollComposerMachine = setup({
  types: {
    context: {} as PollComposerContext,
    input: {},
    events: {} as PollComposerEvent,
    output: {} as PollComposerOutput,
  },
  actors: {
    createPoll: fromPromise<string, ComposedPoll>(() => Promise.reject(new Error('createPoll not provided'))),
  },
  guards: {
    canCreate: ({ context }) => canCreatePoll(context.values),
  },
  actions: {
    applyChange: assign(({ context }, change: PollFieldChange) => {
      const values = { ...context.values, [change.field]: change.value };
      return revalidated(values, context.touched, context.nextOptionId);
    }),
    touchField: assign(({ context }, { field }: { field: PollTextField }) => {
      const touched = { ...context.touched, [field]: true };
      return revalidated(context.values, touched, context.nextOptionId);
    }),
    changeOption: assign(({ context }, { id, text }: { id: string; text: string }) => {
      const options = context.values.options.map((o) => (o.id === id ? { ...o, text } : o));
      return revalidated({ ...context.values, options }, context.touched, context.nextOptionId);
    }),
    touchOption: assign(({ context }, { id }: { id: string }) => {
      if (context.touched.options.includes(id)) return {};
      const touched = { ...context.touched, options: [...context.touched.options, id] };
      return revalidated(context.values, touched, context.nextOptionId);
    }),
    removeOption: assign(({ context }, { id }: { id: string }) => {
      const options = context.values.options.filter((o) => o.id !== id);
      const touched = { ...context.touched, options: context.touched.options.filter((touchedId) => touchedId !== id) };
      return revalidated({ ...context.values, options }, touched, context.nextOptionId);
    }),
    touchAll: assign(({ context }) => {
      const touched: PollTouched = {
        name: true,
        description: true,
        max_votes_allowed: true,
        options: context.values.options.map((o) => o.id),
      };
      return revalidated(context.values, touched, context.nextOptionId);
    }),
    clearFailure: assign({ failure: null }),
    setFailure: assign({
      failure: (_, params: { error: unknown }) => {
        const reason = reasonOf(params.error);
        return reason
          ? { key: POLL_CREATE_FAILED_WITH_REASON, values: { reason }, type: POLL_CREATE_FAILED_TYPE }
          : { key: POLL_CREATE_FAILED, type: POLL_CREATE_FAILED_TYPE };
      },
    }),
    setPollId: assign({ pollId: (_, params: { pollId: string }) => params.pollId }),
    notifyCreated: sendParent(({ context }): ComposerChildEvent => ({ type: 'poll.created', pollId: context.pollId! })),
    notifyCancelled: sendParent((): ComposerChildEvent => ({ type: 'poll.cancelled' })),
  },
}).createMachine({
  id: 'pollComposer',
  context: ({ input }) => initialContext(input),
  initial: 'editing',
  output: ({ context }) => ({ pollId: context.pollId }),
  states: {
    editing: {
      on: {
        'poll.change': { actions: { type: 'applyChange', params: ({ event }) => event } },
        'poll.blur': { actions: { type: 'touchField', params: ({ event }) => event } },
        'poll.changeOption': { actions: { type: 'changeOption', params: ({ event }) => event } },
        'poll.blurOption': { actions: { type: 'touchOption', params: ({ event }) => event } },
        'poll.removeOption': { actions: { type: 'removeOption', params: ({ event }) => event } },
        'poll.submit': [
          { guard: 'canCreate', target: 'creating', actions: 'clearFailure' },
          // Not creatable: show every rule's errors, as if each field had been left.
          { actions: 'touchAll' },
        ],
        'poll.cancel': 'cancelled',
      },
    },
    creating: {
      invoke: {
        src: 'createPoll',
        input: ({ context }) => composePoll(context.values),
        onDone: {
          target: 'created',
          actions: { type: 'setPollId', params: ({ event }) => ({ pollId: event.output }) },
        },
        onError: {
          target: 'editing',
          actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    created: { type: 'final', entry: 'notifyCreated' },
    cancelled: { type: 'final', entry: 'notifyCancelled' },
  },
});

export type PollComposerMachine = typeof pollComposerMachine;

/** The poll composer's path model: form edits, submit (refused and accepted), create done/failed, cancel. */
import { fromPromise, type AnyEventObject } from 'xstate';
import { ownEventTypes, type PathEnd, type PathModel } from '../shared/path-coverage';
import { pollComposerMachine } from './poll-composer.machine';
import { selectCanCreate, selectFailure, selectPollId, selectValues } from './poll-composer.selectors';
import type { ComposedPoll, PollComposerContext, PollComposerEvent } from './poll-composer.types';
import { canCreatePoll, POLL_CREATE_FAILED_TYPE, POLL_CREATE_FAILED_WITH_REASON } from './poll-validation';

function samples(context: PollComposerContext): PollComposerEvent[] {
  const first = context.values.options[0]!.id;
  return [
    { type: 'poll.change', field: 'name', value: 'Best day?' },
    { type: 'poll.change', field: 'name', value: ' ' },
    { type: 'poll.change', field: 'enforce_unique_vote', value: false },
    { type: 'poll.change', field: 'max_votes_allowed', value: '3' },
    { type: 'poll.blur', field: 'name' },
    { type: 'poll.changeOption', id: first, text: 'Mon' },
    { type: 'poll.blurOption', id: first },
    { type: 'poll.removeOption', id: first },
    { type: 'poll.submit' },
    { type: 'poll.cancel' },
  ];
}

type Snapshot = Parameters<typeof selectValues>[0];

/**
 * The form after an edit: the field it names changes and the others stay; an edited option has
 * its text, a removed one is gone (the form keeps a blank option at the end, so the rest of the
 * list is not compared).
 */
function editOf(s: Snapshot, before: Snapshot, event: PathEnd['event']): [unknown, unknown] {
  const { options, ...fields } = selectValues(s);
  const { options: was, ...wasFields } = selectValues(before);
  const field = event?.type === 'poll.change' ? { [event.field as string]: event.value } : {};
  const text = (list: typeof options) => list.find((o) => o.id === event?.id)?.text;
  if (event?.type === 'poll.changeOption')
    return [
      [fields, text(options)],
      [wasFields, event.text],
    ];
  if (event?.type === 'poll.removeOption')
    return [
      [fields, text(options)],
      [wasFields, undefined],
    ];
  return [
    [fields, options],
    [{ ...wasFields, ...field }, was],
  ];
}

/** Back to editing: a refused submit keeps the form as it was; a failed create says why. */
function editingOutcome({ snapshot, before, event }: PathEnd) {
  const [s, b] = [snapshot as Snapshot, before as Snapshot];
  const failure = event?.type.startsWith('xstate.error.actor.')
    ? {
        key: POLL_CREATE_FAILED_WITH_REASON,
        values: { reason: 'poll name is required' },
        type: POLL_CREATE_FAILED_TYPE,
      }
    : selectFailure(b);
  const [values, expectedValues] = editOf(s, b, event);
  return {
    actual: [values, selectFailure(s), event?.type === 'poll.submit' ? selectCanCreate(b) : false],
    expected: [expectedValues, failure, false],
  };
}

export const pathModel: PathModel = {
  name: 'poll-composer',
  // Alone, the composer has no parent composer to tell; the path test stands in for it.
  machine: pollComposerMachine.provide({
    actors: { createPoll: fromPromise<string, ComposedPoll>(() => new Promise<never>(() => {})) },
    actions: { notifyCreated: () => undefined, notifyCancelled: () => undefined },
  }),
  events: (snapshot) => {
    const context = snapshot.context as PollComposerContext;
    return ownEventTypes(snapshot).flatMap((type): AnyEventObject[] => {
      if (type.startsWith('xstate.done.actor.')) return [{ type, output: 'poll-1' }];
      if (type.startsWith('xstate.error.actor.')) return [{ type, error: new Error('poll name is required') }];
      return samples(context).filter((e) => e.type === type);
    });
  },
  // The form's values are unbounded; what the transitions depend on is whether it is creatable.
  serializeState: (snapshot) => {
    const context = snapshot.context as PollComposerContext;
    return JSON.stringify({
      value: snapshot.value as unknown,
      creatable: canCreatePoll(context.values),
      named: context.values.name.trim() !== '',
      options: Math.min(context.values.options.length, 3),
      failed: Boolean(context.failure),
    });
  },
  outcomes: {
    editing: editingOutcome,
    // Only a creatable form is sent, with no failure left showing.
    creating: ({ snapshot, before }) => ({
      actual: [
        selectCanCreate(before as Snapshot),
        selectFailure(snapshot as Snapshot),
        selectValues(snapshot as Snapshot),
      ],
      expected: [true, null, selectValues(before as Snapshot)],
    }),
    created: ({ snapshot }) => ({
      actual: [selectPollId(snapshot as Snapshot), snapshot.output, snapshot.status],
      expected: ['poll-1', { pollId: 'poll-1' }, 'done'],
    }),
    cancelled: ({ snapshot }) => ({
      actual: [selectPollId(snapshot as Snapshot), snapshot.output, snapshot.status],
      expected: [null, { pollId: null }, 'done'],
    }),
  },
};

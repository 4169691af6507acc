/** The poll composer's path model: form edits, submit (refused and accepted), create done/failed, cancel. */
import { fromPromise, type AnyEventObject } from 'xstate';
import { ownEventTypes, type PathModel } from '../shared/path-coverage';
import { pollComposerMachine } from './poll-composer.machine';
import type { ComposedPoll, PollComposerContext, PollComposerEvent } from './poll-composer.types';
import { canCreatePoll } from './poll-validation';

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
};

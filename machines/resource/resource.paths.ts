/** The resource machine's path model: loads answer or fail as the model's events say. */
import { fromPromise } from 'xstate';
import type { PathModel } from '../shared/path-coverage';
import { resourceMachine } from './resource.machine';

export const pathModel: PathModel = {
  name: 'resource',
  // An inert loader: the model answers for it with done and error events.
  machine: resourceMachine.provide({
    actors: { load: fromPromise<unknown, { params: unknown }>(() => new Promise(() => undefined)) },
  }),
  input: { params: { week: 1 } },
  events: (snapshot) => [
    ...(snapshot.value === 'loading'
      ? [
          { type: 'xstate.done.actor.0.resource.loading', output: { rows: 1 } },
          { type: 'xstate.error.actor.0.resource.loading', error: new Error('offline') },
        ]
      : []),
    { type: 'resource.set', params: { week: 2 } },
    { type: 'resource.reload' },
    { type: 'resource.replace', data: { rows: 2 } },
  ],
};

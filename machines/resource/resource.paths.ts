/** The resource machine's path model: loads answer or fail as the model's events say. */
import { fromPromise } from 'xstate';
import type { PathModel } from '../shared/path-coverage';
import { resourceMachine } from './resource.machine';
import { selectData, selectError } from './resource.selectors';
import type { ResourceContext } from './resource.types';

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
  // A load's answer becomes the data, a replacement at once; a failure says why and keeps the data.
  outcomes: {
    ready: ({ snapshot, event, before }) => ({
      actual: selectData(snapshot),
      expected:
        event?.type === 'resource.replace'
          ? event.data
          : event?.type.startsWith('xstate.done.actor.')
            ? event.output
            : selectData(before),
    }),
    failed: ({ snapshot, before }) => ({
      actual: [selectError(snapshot), selectData(snapshot)],
      expected: ['offline', selectData(before)],
    }),
    loading: ({ snapshot, event, before }) => ({
      actual: [(snapshot.context as ResourceContext).params, selectData(snapshot)],
      expected: [
        event?.type === 'resource.set' ? { week: 2 } : (before.context as ResourceContext).params,
        selectData(before),
      ],
    }),
  },
};

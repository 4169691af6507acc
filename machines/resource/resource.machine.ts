/**
 * Server data a screen shows (docs/decisions/0012): `loading` → `ready` with the data, or
 * `failed` with why. A new `params` (another week, another team) or a reload loads again; the
 * data already shown stays in the context meanwhile, so a screen never empties while it waits
 * and can show the old data as busy. A load that is overtaken by a newer one is cancelled (the
 * invoked actor is stopped), so an answer never lands for params that are no longer asked for.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ResourceContext, ResourceEvent, ResourceInput } from './resource.types';

/** The failure's text for the member: the server's message when it has one. */
export function failureText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return typeof error === 'string' && error ? error : 'Unknown error';
}

export const resourceMachine = setup({
  types: {
    context: {} as ResourceContext,
    events: {} as ResourceEvent,
    input: {} as ResourceInput,
  },
  actors: {
    // Provided by the screen's connect layer (src/lib/use-resource.ts): the real request.
    load: fromPromise<unknown, { params: unknown }>(() => Promise.reject(new Error('no loader provided'))),
  },
  actions: {
    setParams: assign({ params: (_, params: { params: unknown }) => params.params }),
    setData: assign({ data: (_, params: { data: unknown }) => params.data, error: null }),
    setError: assign({ error: (_, params: { error: unknown }) => failureText(params.error) }),
  },
}).createMachine({
  id: 'resource',
  context: ({ input }) => ({ params: input.params, data: null, error: null }),
  initial: 'loading',
  on: {
    'resource.set': {
      target: '.loading',
      reenter: true,
      actions: { type: 'setParams', params: ({ event }) => ({ params: event.params }) },
    },
    'resource.reload': { target: '.loading', reenter: true },
  },
  states: {
    loading: {
      invoke: {
        src: 'load',
        input: ({ context }) => ({ params: context.params }),
        onDone: { target: 'ready', actions: { type: 'setData', params: ({ event }) => ({ data: event.output }) } },
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    ready: {
      on: { 'resource.replace': { actions: { type: 'setData', params: ({ event }) => ({ data: event.data }) } } },
    },
    failed: {},
  },
});

export type ResourceMachine = typeof resourceMachine;

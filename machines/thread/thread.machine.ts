/**
 * The thread panel (issue #13 item 1, spec §4 "Thread"): opening the thread of a parent message
 * (a thread with no reply yet opens too, empty), its replies paged back 50 at a time, the thread
 * active (its new replies marked read) exactly while the panel shows it, and a reload after the
 * connection recovers. The replies themselves live in the client's `Thread` state; this machine
 * decides when it is loaded, paged, activated and reloaded. All I/O is provided
 * (src/lib/actors/thread-actors.ts).
 */
import { assign, emit, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import type {
  ThreadContext,
  ThreadEmitted,
  ThreadEvent,
  ThreadHandle,
  ThreadInput,
  ThreadLoaded,
} from './thread.types';
import { openFailureOf } from '../shared/open-failure';

/** Spec section 9: thread replies page 50. */
export const THREAD_REPLY_PAGE = 50;

const missing = () => Promise.reject(new Error('thread actor not provided'));

/** Runs `src` (a page back, a reload) and returns to browsing with what it loaded; a failure says `key`. */
const loading = (src: 'loadOlder' | 'reload', key: string) => ({
  invoke: {
    src,
    input: ({ context }: { context: ThreadContext }) => ({ thread: context.thread! }),
    onDone: {
      target: 'browsing',
      actions: {
        type: 'setLoaded' as const,
        params: ({ event }: { event: { output: ThreadLoaded } }) => ({ loaded: event.output }),
      },
    },
    onError: { target: 'browsing', actions: { type: 'reportFailure' as const, params: { key } } },
  },
});

export const threadMachine = setup({
  types: {
    context: {} as ThreadContext,
    input: {} as ThreadInput,
    events: {} as ThreadEvent,
    emitted: {} as ThreadEmitted,
  },
  actors: {
    openThread: fromPromise<ThreadLoaded, ThreadInput>(missing),
    loadOlder: fromPromise<ThreadLoaded, { thread: ThreadHandle }>(missing),
    reload: fromPromise<ThreadLoaded, { thread: ThreadHandle }>(missing),
    /** Sends `connection.restored` each time the chat connection comes back after a drop. */
    watchConnection: fromCallback<EventObject>(() => undefined),
    /** Active while running: the thread marks its new replies read; stopped, it stops listening. */
    presence: fromCallback<EventObject, { thread: ThreadHandle }>(() => undefined),
  },
  guards: {
    hasOlder: ({ context }) => context.hasOlder,
    isMissing: (_, params: { error: unknown }) => openFailureOf(params.error).kind === 'missing',
  },
  actions: {
    setLoaded: assign((_, params: { loaded: ThreadLoaded }) => ({
      thread: params.loaded.thread,
      hasOlder: params.loaded.hasOlder,
      failure: null,
    })),
    setFailure: assign((_, params: { error: unknown }) => ({ failure: openFailureOf(params.error) })),
    reportFailure: emit((_, params: { key: string }): ThreadEmitted => ({ type: 'thread.failed', key: params.key })),
  },
}).createMachine({
  id: 'thread',
  context: ({ input }) => ({ parentId: input.parentId, thread: null, hasOlder: false, failure: null }),
  invoke: { src: 'watchConnection' },
  initial: 'opening',
  states: {
    opening: {
      invoke: {
        src: 'openThread',
        input: ({ context }) => ({ parentId: context.parentId }),
        onDone: { target: 'open', actions: { type: 'setLoaded', params: ({ event }) => ({ loaded: event.output }) } },
        onError: [
          {
            guard: { type: 'isMissing', params: ({ event }) => ({ error: event.error }) },
            target: 'missing',
            actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'failed', actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    missing: {},
    failed: {
      on: { 'thread.retry': 'opening' },
    },
    open: {
      invoke: { src: 'presence', input: ({ context }) => ({ thread: context.thread! }) },
      initial: 'browsing',
      states: {
        browsing: {
          on: {
            'thread.loadOlder': { guard: 'hasOlder', target: 'loadingOlder' },
            'connection.restored': 'reloading',
          },
        },
        loadingOlder: loading('loadOlder', 'chat.thread.olderFailed'),
        reloading: loading('reload', 'chat.thread.reloadFailed'),
      },
    },
  },
});

export type ThreadMachine = typeof threadMachine;

/**
 * The league's chat sync on the commissioner's settings page (docs/decisions/0040): reads its
 * state, and while changes are pending reads it again every CHAT_SYNC_POLL_MS, so the panel moves
 * from "N changes waiting" or "the chat service refused" to "up to date" on its own. Once nothing
 * is pending it stops reading. "Try now" asks the server to make the pending changes due at once
 * (or, when nothing is pending, to check the chat again) and shows the state it answers.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ChatSyncContext, ChatSyncEvent, ChatSyncInput, ChatSyncState } from './chat-sync.types';

/** How often the state is read again while changes are pending. */
export const CHAT_SYNC_POLL_MS = 3000;

const failureText = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : 'Unknown error';

export const chatSyncMachine = setup({
  types: {
    context: {} as ChatSyncContext,
    events: {} as ChatSyncEvent,
    input: {} as ChatSyncInput,
  },
  actors: {
    // Provided by the panel (src/features/league-admin/ChatSyncStatus.tsx): the real requests.
    load: fromPromise<ChatSyncState, { leagueId: number }>(() => Promise.reject(new Error('no loader provided'))),
    retry: fromPromise<ChatSyncState, { leagueId: number }>(() => Promise.reject(new Error('no retry provided'))),
  },
  delays: { poll: CHAT_SYNC_POLL_MS },
  guards: {
    hasPending: ({ context }) => (context.state?.pending ?? 0) > 0,
  },
  actions: {
    setState: assign({ state: (_, params: { state: ChatSyncState }) => params.state, error: null }),
    setError: assign({ error: (_, params: { error: unknown }) => failureText(params.error) }),
  },
}).createMachine({
  id: 'chatSync',
  context: ({ input }) => ({ leagueId: input.leagueId, state: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'load',
        input: ({ context }) => ({ leagueId: context.leagueId }),
        onDone: { target: 'shown', actions: { type: 'setState', params: ({ event }) => ({ state: event.output }) } },
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    shown: {
      initial: 'settled',
      on: { 'chatSync.retry': 'retrying' },
      states: {
        // The first state cannot be chosen by a guard: `settled` moves on at once when changes are pending.
        settled: { always: { guard: 'hasPending', target: 'waiting' } },
        waiting: { after: { poll: '#chatSync.loading' } },
      },
    },
    retrying: {
      invoke: {
        src: 'retry',
        input: ({ context }) => ({ leagueId: context.leagueId }),
        onDone: { target: 'shown', actions: { type: 'setState', params: ({ event }) => ({ state: event.output }) } },
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { 'chatSync.reload': 'loading', 'chatSync.retry': 'retrying' },
    },
  },
});

export type ChatSyncMachine = typeof chatSyncMachine;

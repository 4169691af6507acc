/** The chat sync machine's path model: reads and "Try now" answer or fail as the model's events say. */
import { fromPromise } from 'xstate';
import type { PathModel } from '../shared/path-coverage';
import { chatSyncMachine } from './chat-sync.machine';
import { selectSyncError, selectSyncState } from './chat-sync.selectors';
import type { ChatSyncState } from './chat-sync.types';

const pending: ChatSyncState = {
  pending: 1,
  failing: null,
  next_attempt_at: '2026-03-01T12:00:00Z',
  confirmed_at: null,
};
const upToDate: ChatSyncState = { ...pending, pending: 0, next_attempt_at: null };
const inert = fromPromise<ChatSyncState, { leagueId: number }>(() => new Promise(() => undefined));

export const pathModel: PathModel = {
  name: 'chatSync',
  machine: chatSyncMachine.provide({ actors: { load: inert, retry: inert } }),
  input: { leagueId: 1 },
  events: (snapshot) => {
    const invoked = snapshot.value === 'loading' ? 'chatSync.loading' : 'chatSync.retrying';
    return [
      ...(snapshot.value === 'loading' || snapshot.value === 'retrying'
        ? [
            { type: `xstate.done.actor.0.${invoked}`, output: pending },
            { type: `xstate.done.actor.0.${invoked}`, output: upToDate },
            { type: `xstate.error.actor.0.${invoked}`, error: new Error('offline') },
          ]
        : []),
      { type: 'chatSync.retry' },
      { type: 'chatSync.reload' },
      { type: 'xstate.after.poll.chatSync.shown.waiting' },
    ];
  },
  // Pending changes are watched, none are not; a failure says why and keeps the last state.
  outcomes: {
    'shown.waiting': ({ snapshot }) => ({ actual: selectSyncState(snapshot)?.pending, expected: 1 }),
    'shown.settled': ({ snapshot }) => ({ actual: selectSyncState(snapshot)?.pending, expected: 0 }),
    failed: ({ snapshot, before }) => ({
      actual: [selectSyncError(snapshot), selectSyncState(snapshot)],
      expected: ['offline', selectSyncState(before)],
    }),
    loading: ({ snapshot, before }) => ({ actual: selectSyncState(snapshot), expected: selectSyncState(before) }),
    retrying: ({ snapshot, before }) => ({ actual: selectSyncState(snapshot), expected: selectSyncState(before) }),
  },
};

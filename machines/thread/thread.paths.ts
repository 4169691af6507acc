/**
 * The thread machine's path model: opening succeeds, is missing or fails; once open, older pages
 * and reloads succeed or fail, with and without older replies.
 */
import { fromCallback, type AnyEventObject } from 'xstate';
import { ownEventTypes, type PathModel } from '../shared/path-coverage';
import { threadMachine } from './thread.machine';
import { selectFailure, selectHasOlder, selectThread } from './thread.selectors';

const thread = { id: 'parent-1' };

export const pathModel: PathModel = {
  name: 'thread',
  machine: threadMachine.provide({ actors: { presence: fromCallback(() => undefined) } }),
  input: { parentId: 'parent-1' },
  events: (snapshot) =>
    ownEventTypes(snapshot).flatMap((type): AnyEventObject[] => {
      if (type.startsWith('xstate.done.actor.'))
        return [
          { type, output: { thread, hasOlder: true } },
          { type, output: { thread, hasOlder: false } },
        ];
      if (type.startsWith('xstate.error.actor.'))
        return [
          { type, error: { kind: 'missing' } },
          { type, error: { kind: 'failed', message: 'timeout' } },
        ];
      return [{ type }];
    }),
  // An answer opens the thread with its hasOlder; missing and failed keep the reason.
  outcomes: {
    open: ({ snapshot, event, before }) => ({
      actual: [selectThread(snapshot), selectHasOlder(snapshot), selectFailure(snapshot)],
      expected: [
        thread,
        event?.type.startsWith('xstate.done.actor.')
          ? (event.output as { hasOlder: boolean }).hasOlder
          : selectHasOlder(before),
        null,
      ],
    }),
    missing: ({ snapshot }) => ({ actual: selectFailure(snapshot), expected: { kind: 'missing' } }),
    failed: ({ snapshot }) => ({ actual: selectFailure(snapshot), expected: { kind: 'failed', message: 'timeout' } }),
    // A retry keeps the last failure until the thread answers.
    opening: ({ snapshot, before }) => ({
      actual: [selectThread(snapshot), selectFailure(snapshot)],
      expected: [null, selectFailure(before)],
    }),
  },
};

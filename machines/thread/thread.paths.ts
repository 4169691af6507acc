/**
 * The thread machine's path model: opening succeeds, is missing or fails; once open, older pages
 * and reloads succeed or fail, with and without older replies.
 */
import { fromCallback, type AnyEventObject } from 'xstate';
import { ownEventTypes, type PathModel } from '../shared/path-coverage';
import { threadMachine } from './thread.machine';

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
};

/**
 * The open-channel machine's path model: a channel already watched, a watch that succeeds, one for
 * a missing channel, one that fails.
 */
import type { AnyEventObject } from 'xstate';
import { ownEventTypes, type PathModel } from '../shared/path-coverage';
import { openChannelMachine } from './open-channel.machine';
import { selectChannel, selectFailure } from './open-channel.selectors';

export const pathModel: PathModel = {
  name: 'open-channel',
  machine: openChannelMachine,
  inputs: [
    { type: 'team', id: 'general' },
    { type: 'team', id: 'general', watched: { cid: 'team:general' } },
  ],
  events: (snapshot) =>
    ownEventTypes(snapshot).flatMap((type): AnyEventObject[] => {
      if (type.startsWith('xstate.done.actor.')) return [{ type, output: { cid: 'team:general' } }];
      if (type.startsWith('xstate.error.actor.'))
        return [
          { type, error: { kind: 'missing' } },
          { type, error: { kind: 'failed', message: 'timeout' } },
        ];
      return type === 'channel.retry' ? [{ type }] : [];
    }),
  // Ready hands out the channel; missing and failed keep the reason the watch gave.
  outcomes: {
    ready: ({ snapshot }) => ({
      actual: [selectChannel(snapshot), selectFailure(snapshot)],
      expected: [{ cid: 'team:general' }, null],
    }),
    missing: ({ snapshot }) => ({
      actual: [selectChannel(snapshot), selectFailure(snapshot)],
      expected: [null, { kind: 'missing' }],
    }),
    failed: ({ snapshot }) => ({
      actual: [selectChannel(snapshot), selectFailure(snapshot)],
      expected: [null, { kind: 'failed', message: 'timeout' }],
    }),
    // A retry keeps the last failure until the watch answers.
    watching: ({ snapshot, before }) => ({
      actual: [selectChannel(snapshot), selectFailure(snapshot)],
      expected: [null, selectFailure(before)],
    }),
  },
};

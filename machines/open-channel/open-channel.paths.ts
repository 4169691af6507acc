/**
 * The open-channel machine's path model: a channel already watched, a watch that succeeds, one for
 * a missing channel, one that fails.
 */
import type { AnyEventObject } from 'xstate';
import { ownEventTypes, type PathModel } from '../shared/path-coverage';
import { openChannelMachine } from './open-channel.machine';

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
};

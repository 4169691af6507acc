/**
 * Opening the channel the address names (`/chat/:type/:id`): the channel is watched (its state,
 * messages, members, reads, and the member's events from then on), then shown. A channel that
 * does not exist or that the member may not read is `missing` (spec text 'Channel Missing'); any
 * other failure is `failed` and can be retried. One actor per address: a new address is a new
 * actor, so a late answer for a channel the member has left behind never shows. A channel the
 * client already watches (`input.watched`) is ready from the first snapshot: the screen renders it
 * at once instead of a loading state first.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ChannelHandle, OpenChannelContext, OpenChannelEvent, OpenChannelInput } from './open-channel.types';
import { openFailureOf } from '../shared/open-failure';

export const openChannelMachine = setup({
  types: {
    context: {} as OpenChannelContext,
    events: {} as OpenChannelEvent,
    input: {} as OpenChannelInput,
  },
  actors: {
    /** Provided by src/lib/actors/open-channel-actors.ts; rejects with an `OpenFailure`. */
    watchChannel: fromPromise<ChannelHandle, OpenChannelInput>(() => Promise.reject(new Error('not provided'))),
  },
  guards: {
    isWatched: ({ context }) => context.channel !== null,
    isMissing: (_, params: { error: unknown }) => openFailureOf(params.error).kind === 'missing',
  },
  actions: {
    setChannel: assign((_, params: { channel: ChannelHandle }) => ({ channel: params.channel, failure: null })),
    setFailure: assign((_, params: { error: unknown }) => ({ failure: openFailureOf(params.error) })),
  },
}).createMachine({
  id: 'openChannel',
  context: ({ input }) => ({ type: input.type, id: input.id, channel: input.watched ?? null, failure: null }),
  initial: 'opening',
  states: {
    opening: {
      always: [{ guard: 'isWatched', target: 'ready' }, { target: 'watching' }],
    },
    watching: {
      invoke: {
        src: 'watchChannel',
        input: ({ context }) => ({ type: context.type, id: context.id }),
        onDone: {
          target: 'ready',
          actions: { type: 'setChannel', params: ({ event }) => ({ channel: event.output }) },
        },
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
    ready: {},
    missing: {},
    failed: {
      on: { 'channel.retry': 'watching' },
    },
  },
});

export type OpenChannelMachine = typeof openChannelMachine;

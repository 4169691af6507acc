/** The channel list's path model: the main list, with every event it can meet. */
import { fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import { ownEventTypes, type PathModel } from '../shared/path-coverage';
import { CHANNEL_PAGE_SIZE, channelListMachine } from './channel-list.machine';
import type { ChannelListContext, ChannelListEvent, ChannelPage } from './channel-list.types';

const page = (from: number, count: number): ChannelPage => ({
  cids: Array.from({ length: count }, (_, i) => `team:c${from + i}`),
});
const fullPage = page(0, CHANNEL_PAGE_SIZE);
const shortPage = page(100, 3);

const samples: ChannelListEvent[] = [
  { type: 'list.loadMore' },
  { type: 'list.retry' },
  { type: 'connection.recovered' },
  { type: 'channel.promoted', cid: 'messaging:new' },
  { type: 'channel.changed', cid: 'team:c0' },
  { type: 'channel.changed', cid: 'messaging:other' },
  { type: 'channel.removed', cid: 'team:c0' },
  { type: 'channel.removed', cid: 'team:unknown' },
];

export const pathModel: PathModel = {
  name: 'channel-list',
  machine: channelListMachine.provide({
    actors: {
      queryChannels: fromPromise(() => new Promise<ChannelPage>(() => {})),
      watchChannels: fromCallback(() => undefined),
    },
  }),
  input: { archived: false },
  events: (snapshot) =>
    ownEventTypes(snapshot).flatMap((type): AnyEventObject[] => {
      if (type.startsWith('xstate.done.actor.'))
        return [
          { type, output: fullPage },
          { type, output: shortPage },
        ];
      if (type.startsWith('xstate.error.actor.'))
        return [{ type, error: new Error('StreamChat error HTTP code: 500') }];
      if (type.startsWith('xstate.after.')) return [{ type }];
      return samples.filter((e) => e.type === type);
    }),
  // Lists grow with every page; their length in buckets, the flags and the tries left suffice.
  serializeState: (snapshot) => {
    const context = snapshot.context as ChannelListContext;
    return JSON.stringify({
      value: snapshot.value as unknown,
      size: Math.min(context.cids.length, 2 * CHANNEL_PAGE_SIZE + 1),
      listed: context.cids.includes('team:c0'),
      hasMore: context.hasMore,
      failed: context.failed,
      loadMoreFailed: context.loadMoreFailed,
      retriesLeft: context.retriesLeft,
    });
  },
};

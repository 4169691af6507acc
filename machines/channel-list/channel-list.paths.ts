/** The channel list's path model: the main list, with every event it can meet. */
import { fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import { ownEventTypes, type PathEnd, type PathModel } from '../shared/path-coverage';
import { CHANNEL_PAGE_SIZE, channelListMachine } from './channel-list.machine';
import {
  selectCids,
  selectHasMore,
  selectListStatus,
  selectLoadMoreFailed,
  selectRevision,
} from './channel-list.selectors';
import type { ChannelListContext, ChannelListEvent, ChannelPage } from './channel-list.types';

const page = (from: number, count: number): ChannelPage => ({
  cids: Array.from({ length: count }, (_, i) => `team:c${from + i}`),
});
const fullPage = page(0, CHANNEL_PAGE_SIZE);
const shortPage = page(100, 3);

const samples: ChannelListEvent[] = [
  { type: 'list.loadMore' },
  { type: 'list.retry' },
  { type: 'connection.restored' },
  { type: 'channel.promoted', cid: 'messaging:new' },
  { type: 'channel.changed', cid: 'team:c0' },
  { type: 'channel.changed', cid: 'messaging:other' },
  { type: 'channel.removed', cid: 'team:c0' },
  { type: 'channel.removed', cid: 'team:unknown' },
];

type Snapshot = Parameters<typeof selectCids>[0];
const listOf = (s: Snapshot) => [selectCids(s), selectRevision(s)];

/**
 * What the last event did to the list: a promoted (or newly changed) channel goes on top once, a
 * listed one removed is gone, each a revision on; a page adds its channels (the first and the
 * next after what is shown, a refresh on top); a failed next page is noted; the rest keep it.
 */
function outcome({ snapshot, before, event }: PathEnd) {
  const [s, b] = [snapshot as Snapshot, before as Snapshot];
  const cids = selectCids(s);
  const cid = event?.cid as string | undefined;
  const listed = cid !== undefined && selectCids(b).includes(cid);
  const next = selectRevision(b) + 1;
  const type = event?.type ?? '';
  if (type === 'channel.promoted' || (type === 'channel.changed' && !listed))
    return { actual: [cids[0], cids.filter((c) => c === cid).length, selectRevision(s)], expected: [cid, 1, next] };
  if (type === 'channel.changed') return { actual: listOf(s), expected: [selectCids(b), next] };
  if (type === 'channel.removed' && listed)
    return { actual: [cids.includes(cid), selectRevision(s)], expected: [false, next] };
  if (type.startsWith('xstate.done.actor.')) {
    const page = (event!.output as ChannelPage).cids;
    const from = String(b.value);
    const [head, tail] = from === 'refreshing' ? [page, []] : [selectCids(b), page];
    return {
      actual: [cids.slice(0, head.length), tail.every((c) => cids.includes(c)), selectRevision(s), selectListStatus(s)],
      expected: [head, true, next, 'ready'],
    };
  }
  if (type.startsWith('xstate.error.actor.') && String(b.value) === 'loadingMore')
    return {
      actual: [...listOf(s), selectLoadMoreFailed(s), selectHasMore(s)],
      expected: [...listOf(b), true, selectHasMore(b)],
    };
  return { actual: listOf(s), expected: listOf(b) };
}

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
  outcomes: { '*': outcome },
};

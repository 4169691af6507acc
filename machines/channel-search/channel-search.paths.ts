/** The channel search's path model: typing, blank and unchanged text, pages, failures. */
import { fromPromise, type AnyEventObject } from 'xstate';
import { ownEventTypes, type PathModel } from '../shared/path-coverage';
import { SEARCH_PAGE_SIZE, channelSearchMachine } from './channel-search.machine';
import type { ChannelSearchContext, ChannelSearchEvent, SearchPage } from './channel-search.types';

const hits = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ kind: 'channel' as const, id: `team:c${i}` }));
const fullPage: SearchPage = { hits: hits(SEARCH_PAGE_SIZE), paging: 'offset', next: null };
const lastPage: SearchPage = { hits: hits(2), paging: 'offset', next: null };

const samples: ChannelSearchEvent[] = [
  { type: 'search.typed', text: 'match' },
  { type: 'search.typed', text: ' match ' },
  { type: 'search.typed', text: 'league' },
  { type: 'search.typed', text: '  ' },
  { type: 'search.cleared' },
  { type: 'search.loadMore' },
  { type: 'search.retry' },
];

export const pathModel: PathModel = {
  name: 'channel-search',
  machine: channelSearchMachine.provide({
    actors: { searchPage: fromPromise(() => new Promise<SearchPage>(() => {})) },
  }),
  events: (snapshot) =>
    ownEventTypes(snapshot).flatMap((type): AnyEventObject[] => {
      if (type.startsWith('xstate.done.actor.'))
        return [
          { type, output: fullPage },
          { type, output: lastPage },
        ];
      if (type.startsWith('xstate.error.actor.'))
        return [{ type, error: new Error('StreamChat error HTTP code: 500') }];
      if (type.startsWith('xstate.after.')) return [{ type }];
      return samples.filter((e) => e.type === type);
    }),
  serializeState: (snapshot) => {
    const context = snapshot.context as ChannelSearchContext;
    return JSON.stringify({
      value: snapshot.value as unknown,
      text: context.text,
      query: context.query,
      hits: context.hits.length,
      hasMore: context.hasMore,
      loadMoreFailed: context.loadMoreFailed,
    });
  },
};

/** The channel search's path model: typing, blank and unchanged text, pages, failures. */
import { fromPromise, type AnyEventObject } from 'xstate';
import { ownEventTypes, type PathEnd, type PathModel } from '../shared/path-coverage';
import { SEARCH_PAGE_SIZE, channelSearchMachine } from './channel-search.machine';
import {
  selectHasResults,
  selectHits,
  selectLoadMoreFailed,
  selectQuery,
  selectText,
} from './channel-search.selectors';
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

type Snapshot = Parameters<typeof selectHits>[0];
const shown = (s: Snapshot) => [selectText(s), selectQuery(s), selectHits(s)];
const typed = (event: PathEnd['event']) => (typeof event?.text === 'string' ? event.text.trim() : '');

/** While waiting, the typed text (trimmed) is kept and the older hits stay until a page replaces them. */
function waiting({ snapshot, before, event }: PathEnd) {
  const [s, b] = [snapshot as Snapshot, before as Snapshot];
  return {
    actual: shown(s),
    expected: [event?.type === 'search.typed' ? typed(event) : selectText(b), selectQuery(b), selectHits(b)],
  };
}

/** Showing: the first page's hits for the text; a next page adds only new hits; a failed one is noted. */
function showing({ snapshot, before, event }: PathEnd) {
  const [s, b] = [snapshot as Snapshot, before as Snapshot];
  const type = event?.type ?? '';
  if (type.startsWith('xstate.error.actor.'))
    return { actual: [shown(s), selectLoadMoreFailed(s)], expected: [shown(b), true] };
  // Unchanged text, or no more to load: nothing moves.
  if (!type.startsWith('xstate.done.actor.'))
    return { actual: [shown(s), selectLoadMoreFailed(s)], expected: [shown(b), selectLoadMoreFailed(b)] };
  const page = (event!.output as SearchPage).hits;
  const first = String(b.value) === 'searching';
  const hits = first ? page : [...selectHits(b), ...page.filter((h) => !selectHits(b).some((k) => k.id === h.id))];
  return {
    actual: [shown(s), selectHasResults(s), selectLoadMoreFailed(s)],
    expected: [[selectText(b), selectText(b), hits], true, false],
  };
}

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
  outcomes: {
    idle: ({ snapshot }) => ({ actual: shown(snapshot as Snapshot), expected: ['', '', []] }),
    debouncing: waiting,
    searching: waiting,
    failed: waiting,
    loadingMore: waiting,
    showing,
  },
};

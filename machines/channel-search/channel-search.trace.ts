import { testIn, type TraceEntry } from '../shared/trace';

const test = testIn('machines/channel-search/channel-search.test.ts');
const machine = 'channelSearch';

export const trace: TraceEntry[] = [
  {
    clause: '§4.20a',
    statement: 'Search sources: active or inactive; one active by default.',
    machine,
    transitions: [
      'idle --search.typed--> debouncing',
      'idle --search.typed [isBlank]--> (stays)',
      '(channelSearch) --search.cleared--> idle',
      'debouncing --search.typed [isBlank]--> idle',
      'searching --search.typed [isBlank]--> idle',
      'showing --search.typed [isBlank]--> idle',
      'loadingMore --search.typed [isBlank]--> idle',
      'failed --search.typed [isBlank]--> idle',
    ],
    tests: [
      test('closes on a blank text or when cleared, from any state'),
      test('searches once the member has stopped typing for 300 ms'),
    ],
    note: 'One machine per source (each search tab of the channel list, the switcher, the direct message picker); the Channels tab is the one active by default (`src/features/chat/channel-list/`).',
  },
  {
    clause: '§9.3c',
    statement: 'Search debounce 300 ms, page 10.',
    machine,
    transitions: [
      'debouncing --after searchDebounce--> searching',
      'debouncing --search.typed--> debouncing (re-entered)',
      'debouncing --search.typed [isUnchanged]--> (stays)',
      'searching --search.typed--> debouncing',
      'searching --search.typed [isUnchanged]--> (stays)',
      'searching --done: searchPage--> showing',
      'showing --search.loadMore [hasMore]--> loadingMore',
      'showing --search.typed--> debouncing',
      'showing --search.typed [isUnchanged]--> (stays)',
      'loadingMore --done: searchPage--> showing',
      'loadingMore --search.typed--> debouncing',
      'loadingMore --search.typed [isUnchanged]--> (stays)',
    ],
    tests: [
      test('searches once the member has stopped typing for 300 ms'),
      test('shows a page of 10 and loads more while pages are full'),
      test('pages by the service cursor when it gives one'),
      test('drops a search in flight when the text changes, and keeps old hits until new ones come'),
    ],
  },
];

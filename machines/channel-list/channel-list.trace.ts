import { testIn, type TraceEntry } from '../shared/trace';

const test = testIn('machines/channel-list/channel-list.test.ts');
const machine = 'channelList';

export const trace: TraceEntry[] = [
  {
    clause: '§4.18a',
    statement: 'Channel: hidden or visible by events; frozen change triggers re-query; deletion removes it.',
    machine,
    transitions: [
      '(channelList) --channel.changed [isListed]--> (stays)',
      '(channelList) --channel.changed--> (stays)',
      '(channelList) --channel.removed [isListed]--> (stays)',
    ],
    tests: [test('promotes, includes and removes channels as the service reports them')],
  },
  {
    clause: '§4.18b',
    statement: 'Channel list is paginated (hasNext true when a page is full).',
    machine,
    transitions: [
      'loading --done: queryChannels--> ready',
      'ready --list.loadMore [hasMore]--> loadingMore',
      'loadingMore --done: queryChannels--> ready',
      'loadingMore --error: queryChannels--> ready',
    ],
    tests: [
      test('loads the first page of 10 and offers more while the page was full'),
      test('loads the next page after the channels on screen, so a removal skips none'),
      test('keeps the channels when loading more fails, and says so until the next try'),
    ],
  },
  {
    clause: '§4.18c',
    statement: 'Promotes on new message, added to channel, visible, member updates; removes on delete, hide, removal.',
    machine,
    transitions: [
      '(channelList) --channel.promoted--> (stays)',
      '(channelList) --channel.removed [isListed]--> (stays)',
    ],
    tests: [test('promotes, includes and removes channels as the service reports them')],
  },
  {
    clause: '§4.18d',
    statement: 'Archived or unarchived, pinned or unpinned are member states.',
    machine,
    transitions: ['loading --done: queryChannels--> ready', '(channelList) --channel.changed [isListed]--> (stays)'],
    tests: [test('asks for the archived channels when it is the archive list')],
  },
  {
    clause: '§8.9e',
    statement: 'Channel query retries then sets an error unless offline data exists.',
    machine,
    transitions: [
      'loading --error: queryChannels [canRetry]--> retrying',
      'retrying --after retryDelay--> loading',
      'loading --error: queryChannels--> failed',
      'failed --list.retry--> loading',
    ],
    tests: [test('tries the first page three more times, 1 s apart, then fails until retried')],
  },
  {
    clause: '§9.7b',
    statement: 'Channel list limit 10, offset 0; recovery query 30 channels.',
    machine,
    transitions: [
      'loading --done: queryChannels--> ready',
      'ready --connection.restored--> refreshing',
      'loadingMore --connection.restored--> refreshing',
      'refreshing --done: queryChannels--> ready',
      'refreshing --error: queryChannels--> ready',
      'retrying --connection.restored--> loading',
      'failed --connection.restored--> loading',
    ],
    tests: [
      test('loads the first page of 10 and offers more while the page was full'),
      test('re-queries at most 30 channels and keeps those loaded beyond them'),
      test('re-queries the top after a reconnect, keeping what it shows meanwhile'),
      test('keeps the list when the re-query fails, and a reconnect while loading more re-queries'),
      test('loads at once when the connection recovers while waiting to retry or failed'),
    ],
  },
];

import { testIn, type TraceEntry } from '../shared/trace';

const test = testIn('machines/open-channel/open-channel.test.ts');
const machine = 'openChannel';

export const trace: TraceEntry[] = [
  {
    clause: '§4.5a',
    statement: 'Active channel set on selection; if selected with watcher options it is queried with watching on.',
    machine,
    transitions: [
      'opening --always [isWatched]--> ready',
      'opening --always--> watching',
      'watching --done: watchChannel--> ready',
      'watching --error: watchChannel--> failed',
      'failed --channel.retry--> watching',
    ],
    tests: [
      test('watches the channel the address names and hands it out once ready'),
      test('is ready from its first snapshot with a channel the client already watches, without a query'),
      test('keeps the reason of any other failure and watches again on retry'),
    ],
  },
  {
    clause: '§8.10x',
    statement: 'Channel Missing.',
    machine,
    transitions: ['watching --error: watchChannel [isMissing]--> missing'],
    tests: [test('says missing for a channel that does not exist, and cannot be retried')],
  },
];

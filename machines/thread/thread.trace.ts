import { testIn, type TraceEntry } from '../shared/trace';

const test = testIn('machines/thread/thread.test.ts');
const machine = 'thread';

export const trace: TraceEntry[] = [
  {
    clause: '§4.11a',
    statement: 'Thread: active or inactive.',
    machine,
    transitions: ['opening --done: openThread--> open'],
    tests: [test('opens the thread, is active while open and inactive once closed')],
  },
  {
    clause: '§4.11b',
    statement: 'Stale when the user stops watching; reloaded when active and stale.',
    machine,
    transitions: [
      'open.browsing --connection.restored--> open.reloading',
      'open.reloading --done: reload--> open.browsing',
      'open.reloading --error: reload--> open.browsing',
    ],
    tests: [test('reloads after the connection recovers, staying active throughout')],
    note: 'Watching stops when the connection drops; the thread is reloaded when it recovers while the thread is open (active).',
  },
  {
    clause: '§4.11c',
    statement: 'Unread cleared by mark read while active.',
    machine,
    transitions: ['opening --done: openThread--> open'],
    tests: [test('opens the thread, is active while open and inactive once closed')],
    note: "The panel keeps the thread active (the `presence` actor invoked in `open`); stream-chat's `Thread` marks it read while active.",
  },
  {
    clause: '§4.8b',
    statement: 'Failed replies are kept locally and re-added when a thread reloads.',
    machine,
    transitions: [
      'open.browsing --connection.restored--> open.reloading',
      'open.reloading --done: reload--> open.browsing',
    ],
    tests: [
      test('reloads after the connection recovers, staying active throughout'),
      'machines/outbox/outbox.test.ts › filters entries per channel and thread',
    ],
    note: 'Failed replies live in the outbox (machines/outbox), drawn after the replies, so a reload never loses them.',
  },
  {
    clause: '§8.8b',
    statement: 'Thrown errors: thread hydration with a different id; reply not belonging to the thread.',
    machine,
    transitions: ['opening --error: openThread--> failed', 'failed --thread.retry--> opening'],
    tests: [test('keeps the reason of any other failure and opens again on retry')],
  },
  {
    clause: '§8.9b',
    statement: 'Failed thread replies page is logged and loading cleared.',
    machine,
    transitions: [
      'open.browsing --thread.loadOlder [hasOlder]--> open.loadingOlder',
      'open.loadingOlder --error: loadOlder--> open.browsing',
    ],
    tests: [test('says why a page failed and keeps the replies it has')],
  },
  {
    clause: '§8.10w',
    statement: 'Thread has not been found.',
    machine,
    transitions: ['opening --error: openThread [isMissing]--> missing'],
    tests: [test('says missing for a parent that does not exist, and cannot be retried')],
  },
  {
    clause: '§9.3f',
    statement: 'Thread replies page 50.',
    machine,
    transitions: [
      'open.browsing --thread.loadOlder [hasOlder]--> open.loadingOlder',
      'open.loadingOlder --done: loadOlder--> open.browsing',
    ],
    tests: [test('pages back while older replies exist, one page at a time, and stops at the first reply')],
  },
];

import { testIn, type TraceEntry } from '../shared/trace';

const test = testIn('machines/chat-panel/chat-panel.test.ts');

export const trace: TraceEntry[] = [
  {
    clause: '§9.2b',
    statement: 'Mobile navigation opens after 100 ms.',
    machine: 'chatPanel',
    transitions: [
      'closed --panel.open--> opening',
      'opening --after openDelay--> open',
      'opening --panel.close--> closed',
      'opening --channel.chosen--> closed',
    ],
    tests: [
      test('opens only after the open delay, and closing meanwhile cancels it'),
      test('starts closed on an address that names a channel, and opens after the delay when asked'),
    ],
    note: 'Section 2 gives the rest of the panel (open at first, closes at once and after a channel is chosen).',
  },
];

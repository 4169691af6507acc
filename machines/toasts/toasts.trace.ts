import { testIn, type TraceEntry } from '../shared/trace';

const test = testIn('machines/toasts/toasts.test.ts');

export const trace: TraceEntry[] = [
  {
    clause: '§4.19a',
    statement: 'Notifications disappear after 3 s.',
    machine: 'toast',
    transitions: ['visible --after lifetime--> gone'],
    tests: [test('keeps a success toast 3000 ms and an error toast 8000 ms')],
  },
  {
    clause: '§4.19a',
    statement: 'Notifications disappear after 3 s.',
    machine: 'toaster',
    transitions: ['active --toast.show--> (stays)', 'active --toast.expired--> (stays)'],
    tests: [test('keeps a success toast 3000 ms and an error toast 8000 ms')],
  },
  {
    clause: '§9.2a',
    statement: 'Toasts 3000 ms success, 8000 ms error.',
    machine: 'toast',
    transitions: ['visible --after lifetime--> gone'],
    tests: [test('keeps a success toast 3000 ms and an error toast 8000 ms')],
  },
];

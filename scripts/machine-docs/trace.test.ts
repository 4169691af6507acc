import { setup } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { TraceEntry } from '../../machines/shared/trace.js';
import { checkTrace, hasTitle, machineTransitions, parseTestTitles, renderTrace, type TraceWorld } from './trace.js';

const doorMachine = setup({
  types: { events: {} as { type: 'door.open' } | { type: 'door.close' } },
  guards: { isUnlocked: () => true },
}).createMachine({
  id: 'door',
  initial: 'closed',
  states: {
    closed: { on: { 'door.open': { guard: 'isUnlocked', target: 'open' } } },
    open: { on: { 'door.close': 'closed' }, after: { 1000: 'closed' } },
  },
});

const testFile = `
describe('door', () => {
  it('opens when unlocked', () => {});
  it("closes again", () => {});
  it(
    'closes by itself after a second',
    () => {},
  );
  it(\`\${name}: the paths take every transition\`, () => {});
});`;

const opens = '§4.1a';
const clause = (overrides: Partial<TraceEntry> = {}): TraceEntry => ({
  clause: opens,
  statement: 'The door opens when unlocked.',
  machine: 'door',
  transitions: ['closed --door.open [isUnlocked]--> open'],
  tests: ['machines/door/door.test.ts › opens when unlocked'],
  ...overrides,
});

function world(entries: TraceEntry[], missedByPaths: string[] | null = []): TraceWorld {
  return {
    machines: [
      {
        machine: doorMachine,
        page: 'door',
        missedByPaths,
        pathTest: 'machines/door/door.test.ts › door: the paths take every transition',
      },
    ],
    sources: [{ file: 'machines/door/door.trace.ts', entries }],
    testTitles: (file) => (file === 'machines/door/door.test.ts' ? parseTestTitles(testFile) : null),
    fileExists: (file) => file === 'server/door.ts',
    hasDependency: (name) => name === 'xstate',
  };
}

describe('spec traceability check', () => {
  it('names each transition as its page row reads', () => {
    expect(machineTransitions(doorMachine).map((t) => t.notation)).toEqual([
      'closed --door.open [isUnlocked]--> open',
      'open --door.close--> closed',
      'open --after 1000--> closed',
    ]);
  });

  it('reads test titles in quotes, on their own line and in template literals', () => {
    const titles = parseTestTitles(testFile);
    expect(titles).toEqual([
      'opens when unlocked',
      'closes again',
      'closes by itself after a second',
      '${name}: the paths take every transition',
    ]);
    expect(hasTitle(titles, 'door: the paths take every transition')).toBe(true);
    expect(hasTitle(titles, 'opens')).toBe(false);
  });

  it('passes a clause whose transitions and tests exist, and a statement implemented elsewhere', () => {
    const elsewhere: TraceEntry = {
      clause: '§9.1a',
      statement: 'Doors are made of wood.',
      implementedIn: ['server/door.ts'],
      tests: ['machines/door/door.test.ts'],
    };
    expect(checkTrace(world([clause(), elsewhere]))).toEqual([]);
  });

  it('fails on a transition the machine does not define, showing the ones it does', () => {
    const problems = checkTrace(world([clause({ transitions: ['closed --door.open--> open'] })]));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('door has no transition "closed --door.open--> open"');
    expect(problems[0]).toContain('closed --door.open [isUnlocked]--> open');
  });

  it('fails on a test that does not exist, or a test file that does not exist', () => {
    const problems = checkTrace(
      world([clause({ tests: ['machines/door/door.test.ts › opens always', 'machines/door/gone.test.ts › opens'] })]),
    );
    expect(problems).toEqual([
      'machines/door/door.trace.ts §4.1a: test "opens always" does not exist in machines/door/door.test.ts',
      'machines/door/door.trace.ts §4.1a: test file machines/door/gone.test.ts does not exist',
    ]);
  });

  it('fails on a transition that no test takes', () => {
    const problems = checkTrace(world([clause()], ['door.open --xstate.after.1000.door.open#1-->']));
    expect(problems).toEqual(['door: transition "open --after 1000--> closed" is taken by no test']);
    expect(checkTrace(world([clause()], null))[0]).toContain('door: no path model');
  });

  it('fails on a clause without transitions or tests, and on one without a location', () => {
    const problems = checkTrace(
      world([
        clause({ transitions: [], tests: [] }),
        { clause: '§5.2a', statement: 'Doors are checked.', implementedIn: [], tests: [] },
        { clause: '§5.2b', statement: 'Doors are painted.', implementedIn: ['server/paint.ts'], tests: [] },
        { clause: '§5.2c', statement: 'Doors creak.', implementedIn: ['package:hinges'], tests: [] },
        {
          clause: '§5.2d',
          statement: 'Doors are sold.',
          implementedIn: [],
          tests: [],
          notImplemented: 'server-side only',
        },
      ]),
    );
    expect(problems).toEqual([
      'machines/door/door.trace.ts §4.1a: clause names no transition of door',
      'machines/door/door.trace.ts §4.1a: clause names no test',
      'machines/door/door.trace.ts §5.2a: clause names neither transitions nor where it is implemented',
      'machines/door/door.trace.ts §5.2b: server/paint.ts does not exist',
      'machines/door/door.trace.ts §5.2c: no dependency hinges in package.json',
    ]);
  });

  it('fails on two entries of one clause that quote it differently', () => {
    const problems = checkTrace(world([clause(), clause({ statement: 'The door opens.' })]));
    expect(problems).toEqual([
      'machines/door/door.trace.ts §4.1a: another entry of this clause quotes it differently: "The door opens when unlocked."',
    ]);
  });

  it('fails on an unknown machine or a clause id outside sections 4, 5, 8 and 9', () => {
    expect(checkTrace(world([clause({ clause: '§6.1a', machine: 'window' })]))).toEqual([
      'machines/door/door.trace.ts §6.1a: clause id must read §<section>.<bullet><letter> for sections 4, 5, 8, 9',
      'machines/door/door.trace.ts §6.1a: no machine with id window',
    ]);
  });

  it('renders clauses by section and transitions by machine', () => {
    const page = renderTrace(world([clause()]));
    expect(page).toContain('**§4.1a** The door opens when unlocked.');
    expect(page).toContain('  - `closed --door.open [isUnlocked]--> open`');
    expect(page).toContain('| `closed --door.open [isUnlocked]--> open` | §4.1a |');
    expect(page).toContain('| `open --after 1000--> closed` | — |');
    expect(page).toContain('## 8. Error catalogue\n\nNo clause traced yet.');
  });
});

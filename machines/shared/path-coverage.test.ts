import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { definedTransitions, exercisePaths, formatCoverage, ownEventTypes } from './path-coverage';

const door = setup({
  types: { events: {} as { type: 'open' } | { type: 'close' } | { type: 'lock'; code: number } },
  guards: { isRightCode: ({ event }) => event.type === 'lock' && event.code === 42 },
  delays: { autoClose: 1000 },
}).createMachine({
  id: 'door',
  initial: 'closed',
  states: {
    closed: { on: { open: 'opened', lock: [{ guard: 'isRightCode', target: 'locked' }, { target: 'closed' }] } },
    opened: { on: { close: 'closed' }, after: { autoClose: 'closed' } },
    locked: { type: 'final' },
  },
});

describe('path coverage', () => {
  it('counts each guarded alternative, delay and event as a defined transition', () => {
    expect([...definedTransitions(door).values()]).toEqual([
      'door.closed --open#1-->',
      'door.closed --lock#1-->',
      'door.closed --lock#2-->',
      'door.opened --close#1-->',
      'door.opened --xstate.after.autoClose.door.opened#1-->',
    ]);
  });

  it('reaches every state and takes every transition when the model offers every event', () => {
    const report = exercisePaths({
      name: 'door',
      machine: door,
      events: (snapshot) => [
        ...ownEventTypes(snapshot)
          .filter((t) => t.startsWith('xstate.after.'))
          .map((type) => ({ type })),
        { type: 'open' },
        { type: 'close' },
        { type: 'lock', code: 42 },
        { type: 'lock', code: 7 },
      ],
    });
    expect(report.transitions).toEqual({ taken: 5, defined: 5, missed: [] });
    expect(report.states).toEqual({ reached: 3, defined: 3, missed: [] });
    expect(formatCoverage([report])).toContain('5/5 transitions (100%)');
  });

  it('names what a model misses, so the 100% assertion can fail', () => {
    const report = exercisePaths({
      name: 'door',
      machine: door,
      events: () => [{ type: 'open' }, { type: 'close' }, { type: 'lock', code: 7 }],
    });
    expect(report.transitions.missed).toEqual([
      'door.closed --lock#1-->',
      'door.opened --xstate.after.autoClose.door.opened#1-->',
    ]);
    expect(report.states.missed).toEqual(['door.locked']);
    expect(formatCoverage([report])).toContain('3/5 transitions (60%)');
  });

  it('walks several inputs and counts a transient state (left by `always`) as reached', () => {
    const gate = setup({
      types: { input: {} as { allowed: boolean }, context: {} as { allowed: boolean } },
      guards: { isAllowed: ({ context }) => context.allowed },
    }).createMachine({
      id: 'gate',
      context: ({ input }) => input,
      initial: 'checking',
      states: {
        checking: { always: [{ guard: 'isAllowed', target: 'open' }, { target: 'shut' }] },
        open: {},
        shut: {},
      },
    });
    const one = exercisePaths({ name: 'gate', machine: gate, input: { allowed: true }, events: () => [] });
    expect(one.transitions.missed).toEqual(['gate.checking --always#2-->']);
    expect(one.states.missed).toEqual(['gate.shut']);
    const both = exercisePaths({
      name: 'gate',
      machine: gate,
      inputs: [{ allowed: true }, { allowed: false }],
      events: () => [],
    });
    expect(both.transitions).toEqual({ taken: 2, defined: 2, missed: [] });
    expect(both.states).toEqual({ reached: 3, defined: 3, missed: [] });
  });

  it('checks what each path produces by the state it ends in, and names the ends no outcome covers', () => {
    const events = () => [{ type: 'open' }, { type: 'close' }, { type: 'lock', code: 42 }];
    const right = exercisePaths({
      name: 'door',
      machine: door,
      events,
      outcomes: {
        // Opened by `open`, or already open when an ignored event came.
        opened: ({ event, before }) => ({ actual: event?.type === 'open' || before.matches('opened'), expected: true }),
        '*': ({ snapshot }) => ({ actual: snapshot.status, expected: snapshot.matches('locked') ? 'done' : 'active' }),
      },
    });
    expect(right.outcomes).toEqual({ checked: right.paths, failed: [], unchecked: [] });

    const wrong = exercisePaths({
      name: 'door',
      machine: door,
      events,
      outcomes: { opened: ({ event }) => ({ actual: event?.type, expected: 'close' }) },
    });
    expect(wrong.outcomes.failed).toContain('open ends in opened: expected "close", got "open"');
    expect(wrong.outcomes.unchecked).toEqual(['closed', 'locked']);
  });
});

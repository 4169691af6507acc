import { describe, expect, it } from 'vitest';
import { assign, emit, fromPromise, sendParent, setup } from 'xstate';
import { machineTest, simulatedClockAt, statePaths } from './machine-test';

const doorMachine = setup({
  types: { events: {} as { type: 'open' } | { type: 'lock' }, emitted: {} as { type: 'door.closed'; after: number } },
  actors: { unlock: fromPromise(() => Promise.resolve('ok')) },
}).createMachine({
  type: 'parallel',
  states: {
    door: {
      initial: 'closed',
      states: {
        closed: { on: { open: 'opening' } },
        opening: { invoke: { src: 'unlock', onDone: 'open' } },
        open: { after: { 3000: { target: 'closed', actions: emit({ type: 'door.closed', after: 3000 }) } } },
      },
    },
    light: { initial: 'off', states: { off: {} } },
  },
});

const bellMachine = setup({
  types: { input: {} as { room: string }, context: {} as { room: string } },
}).createMachine({
  context: ({ input }) => input,
  initial: 'quiet',
  states: {
    quiet: {
      on: {
        ring: { target: 'rung', actions: sendParent(({ context }) => ({ type: 'bell.rang', room: context.room })) },
      },
    },
    rung: { type: 'final' },
  },
});

/** Reads the time from its input's clock on entry and again when its delay fires. */
const stampMachine = setup({
  types: { input: {} as { now: () => number }, context: {} as { now: () => number; readAt: number } },
  actions: { read: assign({ readAt: ({ context }) => context.now() }) },
}).createMachine({
  context: ({ input }) => ({ now: input.now, readAt: 0 }),
  entry: 'read',
  initial: 'waiting',
  states: { waiting: { after: { 1000: { target: 'read', actions: 'read' } } }, read: {} },
});

describe('machineTest', () => {
  it('lists the active leaves of nested and parallel states', () => {
    expect(statePaths({ door: { opening: {} }, light: 'off' })).toEqual(['door.opening', 'light.off']);
    expect(statePaths('idle')).toEqual(['idle']);
  });

  it('sends, settles invocations, advances delays and sees what was emitted', async () => {
    const run = machineTest(doorMachine);
    run.expectPaths('light.off', 'door.closed').send({ type: 'open' }).expectPaths('door.opening', 'light.off');
    (await run.settle()).expectPaths('door.open', 'light.off');
    run.advance(2999).expectPaths('door.open', 'light.off').expectEmitted('door.closed');
    run.advance(1).expectPaths('door.closed', 'light.off').expectEmitted('door.closed', { after: 3000 });
    run.stop().expectStatus('stopped');
  });

  it('runs a child machine under a parent that records what it is told', () => {
    const run = machineTest(bellMachine, { input: { room: 'hall' }, asChild: 'bell' });
    run.expectPaths('quiet').expectTold('bell.rang');
    expect(() => run.expectTold('bell.rang', { room: 'hall' })).toThrow();
    run.send({ type: 'ring' }).expectPaths('rung').expectStatus('done').expectTold('bell.rang', { room: 'hall' });
    expect(run.told.map((event) => event.type)).toContain('bell.rang');
    run.stop();
  });

  it('fails when the machine is not where the test expects it', () => {
    const run = machineTest(doorMachine);
    expect(() => run.expectPaths('door.open', 'light.off')).toThrow();
    expect(() => run.expectEmitted('door.closed', { after: 3000 })).toThrow();
    expect(() => run.expectSelected((s) => s.status, 'done')).toThrow();
  });

  it('drives a machine that reads the time from the clock its delays run on (simulatedClockAt)', () => {
    const clock = simulatedClockAt(50_000);
    const run = machineTest(stampMachine, { clock, input: { now: () => clock.now() } });
    expect(run.clock).toBe(clock);
    run.expectPaths('waiting').expectSelected((s) => s.context.readAt, 50_000);
    run
      .advance(999)
      .expectPaths('waiting')
      .expectSelected((s) => s.context.readAt, 50_000);
    run
      .advance(1)
      .expectPaths('read')
      .expectSelected((s) => s.context.readAt, 51_000);
  });
});

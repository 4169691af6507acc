/**
 * The machine tests' fluent harness: start a machine (its test actors provided, its time a
 * simulated clock), send events, advance the clock, let invoked promises settle, and expect the
 * state paths, what selectors read and what the machine emitted, in one readable chain:
 *
 *   const run = machineTest(threadMachine.provide({ actors }), { input: { parentId: 'p1' } });
 *   await run.settle();
 *   run.expectPaths('open.browsing').expectSelected(selectHasOlder, true);
 *   run.send({ type: 'thread.loadOlder' }).expectPaths('open.loadingOlder');
 *   (await run.advance(3000).settle()).expectEmitted('thread.failed', { reason: 'network' });
 *
 * A machine that reads the current time (`context.now()`, its input's `now`) reads the same clock
 * its delays run on when the test makes the clock first and gives both:
 *
 *   const clock = new SimulatedClock();
 *   const run = machineTest(messageListMachine, { clock, input: { ...input, now: () => clock.now() } });
 *   run.advance(30_000); // the delays fall due and `now()` reads 30 000 more
 *
 * A child machine (one that tells its parent with `sendParent`) runs with `asChild: id`, invoked
 * by a stand-in parent that records what it was told (`told`, `expectTold`).
 *
 * A machine that reads the current time (`context.now()`, given as `input.now`) reads it from the
 * same clock its delays run on: make the clock first and pass it both ways, so `advance` moves
 * both together:
 *
 *   const clock = simulatedClockAt(Date.parse('2026-03-01T12:00:00Z'));
 *   const run = machineTest(reminderMachine, { clock, input: { messageId: 'm1', now: () => clock.now() } });
 *
 * Test support only (it imports vitest): eslint lets this one file of machines/shared do so.
 */
import { expect } from 'vitest';
import { statePaths } from './path-coverage';
import {
  createActor,
  setup,
  SimulatedClock,
  type Actor,
  type AnyStateMachine,
  type EventFrom,
  type EventObject,
  type InputFrom,
  type SnapshotFrom,
  type StateValue,
} from 'xstate';

export { statePaths };

export interface MachineTestOptions<TMachine extends AnyStateMachine> {
  input?: InputFrom<TMachine>;
  /**
   * The clock the machine's delays run on; a new simulated clock at 0 by default. Give one made
   * beforehand to inject its time too (`input: { now: () => clock.now() }`, see the module comment).
   */
  clock?: SimulatedClock;
  /** Runs the machine as the invoked child of this id of a parent that records what it is told. */
  asChild?: string;
}

export interface MachineTest<TMachine extends AnyStateMachine> {
  readonly actor: Actor<TMachine>;
  readonly clock: SimulatedClock;
  /** What the machine emitted so far, in order. */
  readonly emitted: EventObject[];
  /** What the machine told its parent so far, in order (with `asChild`). */
  readonly told: EventObject[];
  snapshot(): SnapshotFrom<TMachine>;
  send(...events: EventFrom<TMachine>[]): MachineTest<TMachine>;
  /** Moves the simulated clock on, running the delays that fall due. */
  advance(ms: number): MachineTest<TMachine>;
  /** Lets resolved promises of invoked actors reach the machine. */
  settle(): Promise<MachineTest<TMachine>>;
  /** The active leaf states, exactly (parallel regions each give one). */
  expectPaths(...paths: string[]): MachineTest<TMachine>;
  expectSelected<T>(selector: (snapshot: SnapshotFrom<TMachine>) => T, expected: T): MachineTest<TMachine>;
  /** Exactly as many emitted events of `type` as expectations given (none: none), each matched in order. */
  expectEmitted(type: string, ...expected: Record<string, unknown>[]): MachineTest<TMachine>;
  /** Exactly as many events of `type` told to the parent as expectations given, each matched in order. */
  expectTold(type: string, ...expected: Record<string, unknown>[]): MachineTest<TMachine>;
  expectStatus(status: 'active' | 'done' | 'error' | 'stopped'): MachineTest<TMachine>;
  stop(): MachineTest<TMachine>;
}

/** A simulated clock that reads `startAt` (ms since the epoch) until moved on; see the module comment. */
export function simulatedClockAt(startAt: number): SimulatedClock {
  const clock = new SimulatedClock();
  clock.set(startAt);
  return clock;
}

/** Starts `machine` at once; see the module comment. */
export function machineTest<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: MachineTestOptions<TMachine> = {},
): MachineTest<TMachine> {
  const clock = options.clock ?? new SimulatedClock();
  const emitted: EventObject[] = [];
  const told: EventObject[] = [];
  const parent = options.asChild
    ? createActor(parentOf(machine, options.asChild, options.input, told), { clock })
    : null;
  const actor = (parent?.start().getSnapshot().children[options.asChild!] ??
    createActor(machine, { input: options.input, clock })) as Actor<TMachine>;
  actor.on('*', (event: EventObject) => emitted.push(event));
  if (!parent) actor.start();

  const expectEvents = (events: EventObject[], what: string, type: string, expected: Record<string, unknown>[]) => {
    const ofType = events.filter((event) => event.type === type);
    expect(ofType, `${what} ${type}`).toHaveLength(expected.length);
    expected.forEach((fields, index) => expect(ofType[index]).toMatchObject(fields));
    return run;
  };

  const run: MachineTest<TMachine> = {
    actor,
    clock,
    emitted,
    told,
    snapshot: () => actor.getSnapshot(),
    send(...events) {
      for (const event of events) actor.send(event);
      return run;
    },
    advance(ms) {
      clock.increment(ms);
      return run;
    },
    async settle() {
      // Promise chains of invoked actors take a few turns; a macrotask boundary passes them all.
      for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
      return run;
    },
    expectPaths(...paths) {
      expect(statePaths((actor.getSnapshot() as { value: StateValue }).value).sort()).toEqual([...paths].sort());
      return run;
    },
    expectSelected(selector, expected) {
      expect(selector(actor.getSnapshot())).toEqual(expected);
      return run;
    },
    expectEmitted: (type, ...expected) => expectEvents(emitted, 'emitted', type, expected),
    expectTold: (type, ...expected) => expectEvents(told, 'told', type, expected),
    expectStatus(status) {
      expect((actor.getSnapshot() as { status: string }).status).toBe(status);
      return run;
    },
    stop() {
      (parent ?? actor).stop();
      return run;
    },
  };
  return run;
}

/** A stand-in parent that invokes `machine` as `id` and records every event it is told. */
function parentOf(machine: AnyStateMachine, id: string, input: unknown, told: EventObject[]) {
  return setup({ actors: { child: machine } }).createMachine({
    invoke: { id, src: 'child', input: input as never },
    on: { '*': { actions: ({ event }) => told.push(event) } },
  });
}

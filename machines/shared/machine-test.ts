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
 * Test support only (it imports vitest): eslint lets this one file of machines/shared do so.
 */
import { expect } from 'vitest';
import {
  createActor,
  SimulatedClock,
  type Actor,
  type AnyStateMachine,
  type EventFrom,
  type EventObject,
  type InputFrom,
  type SnapshotFrom,
  type StateValue,
} from 'xstate';

/** Every active leaf of a state value as a dotted path: `{ open: 'browsing' }` → `open.browsing`. */
export function statePaths(value: StateValue): string[] {
  if (typeof value === 'string') return [value];
  return Object.entries(value).flatMap(([key, child]) =>
    child === undefined || (typeof child === 'object' && Object.keys(child).length === 0)
      ? [key]
      : statePaths(child).map((path) => `${key}.${path}`),
  );
}

export interface MachineTestOptions<TMachine extends AnyStateMachine> {
  input?: InputFrom<TMachine>;
  /** The clock the machine's delays run on; a new simulated clock at 0 by default. */
  clock?: SimulatedClock;
}

export interface MachineTest<TMachine extends AnyStateMachine> {
  readonly actor: Actor<TMachine>;
  readonly clock: SimulatedClock;
  /** What the machine emitted so far, in order. */
  readonly emitted: EventObject[];
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
  expectStatus(status: 'active' | 'done' | 'error' | 'stopped'): MachineTest<TMachine>;
  stop(): MachineTest<TMachine>;
}

/** Starts `machine` at once; see the module comment. */
export function machineTest<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: MachineTestOptions<TMachine> = {},
): MachineTest<TMachine> {
  const clock = options.clock ?? new SimulatedClock();
  const actor: Actor<TMachine> = createActor(machine, { input: options.input, clock });
  const emitted: EventObject[] = [];
  actor.on('*', (event: EventObject) => emitted.push(event));
  actor.start();

  const run: MachineTest<TMachine> = {
    actor,
    clock,
    emitted,
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
    expectEmitted(type, ...expected) {
      const ofType = emitted.filter((event) => event.type === type);
      expect(ofType, `emitted ${type}`).toHaveLength(expected.length);
      expected.forEach((fields, index) => expect(ofType[index]).toMatchObject(fields));
      return run;
    },
    expectStatus(status) {
      expect((actor.getSnapshot() as { status: string }).status).toBe(status);
      return run;
    },
    stop() {
      actor.stop();
      return run;
    },
  };
  return run;
}

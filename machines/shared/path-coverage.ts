/**
 * Graph-derived path tests for statecharts. `exercisePaths` walks a machine's state graph with
 * xstate's graph utilities (`getAdjacencyMap`: every reachable snapshot and, from each, every
 * event the model offers), then replays the shortest path to every edge on a real actor and
 * records which of the machine's defined transitions the actor took (the `@xstate.microstep`
 * inspection events name them). The result says, per machine, transitions taken / transitions
 * defined and states reached / states defined, with the ones missed by name.
 *
 * A model offers concrete events per snapshot — including the `xstate.done.actor.*`,
 * `xstate.error.actor.*` and `xstate.after.*` events an invoked actor or a delay would produce —
 * so no real I/O or time is involved; the machine it passes has inert actors provided.
 *
 * A model also says what each path must produce (`outcomes`): by the state a path ends in, what
 * its last event should have left in the context or selectors, or emitted; every replayed path is
 * checked against it, and a path ending where no outcome is stated is reported as unchecked.
 */
import {
  createActor,
  SimulatedClock,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
  type StateValue,
} from 'xstate';
import { getAdjacencyMap } from 'xstate/graph';

/** Every active leaf of a state value as a dotted path: `{ open: 'browsing' }` → `open.browsing`. */
export function statePaths(value: StateValue): string[] {
  if (typeof value === 'string') return [value];
  return Object.entries(value).flatMap(([key, child]) =>
    child === undefined || (typeof child === 'object' && Object.keys(child).length === 0)
      ? [key]
      : statePaths(child).map((path) => `${key}.${path}`),
  );
}

/** Where a replayed path ended: the snapshot, the path's last event, the snapshot before it, what it emitted. */
export interface PathEnd {
  snapshot: AnyMachineSnapshot;
  event: (EventObject & Record<string, unknown>) | undefined;
  before: AnyMachineSnapshot;
  emitted: EventObject[];
}

/** What a path ending in a state must have produced: `actual` must deeply equal `expected`. */
export type PathOutcome = (end: PathEnd) => { actual: unknown; expected: unknown };

export interface PathModel {
  /** The machine's name as its docs page has it, e.g. `upload`. */
  name: string;
  machine: AnyStateMachine;
  input?: unknown;
  /**
   * Several inputs, for a machine whose guards read its input (e.g. a child that checks what it
   * was spawned with): the graph is walked from each and the coverage is their union.
   */
  inputs?: unknown[];
  /** The events to try in `snapshot` (events the machine ignores there are harmless). */
  events: (snapshot: AnyMachineSnapshot) => EventObject[];
  /** What makes two snapshots the same graph node; defaults to the value plus the plain context. */
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
  /** Upper bound on traversal steps (a guard against an unbounded context). */
  limit?: number;
  /**
   * What a path produces, by the state it ends in: a key is a dotted state path (`open.browsing`,
   * or `open` for any state inside it) matched against the path's active leaves; the first key
   * that matches is checked, `*` matches any end.
   */
  outcomes?: Record<string, PathOutcome>;
}

export interface CoverageReport {
  name: string;
  machineId: string;
  states: { reached: number; defined: number; missed: string[] };
  transitions: { taken: number; defined: number; missed: string[] };
  paths: number;
  /** Paths checked against an outcome; failures and unchecked ends (state paths) by name. */
  outcomes: { checked: number; failed: string[]; unchecked: string[] };
}

interface NodeLike {
  id: string;
  states: Record<string, NodeLike>;
  transitions: Map<string, object[]>;
  always?: object[];
}

function allNodes(node: NodeLike): NodeLike[] {
  return [node, ...Object.values(node.states).flatMap(allNodes)];
}

/** Every transition the machine defines, each with a readable label (`state --event#n-->`). */
export function definedTransitions(machine: AnyStateMachine): Map<object, string> {
  const defined = new Map<object, string>();
  const root: NodeLike = machine.root;
  for (const node of allNodes(root)) {
    for (const [eventType, list] of node.transitions.entries())
      list.forEach((t, i) => defined.set(t, `${node.id} --${eventType}#${i + 1}-->`));
    (node.always ?? []).forEach((t, i) => defined.set(t, `${node.id} --always#${i + 1}-->`));
  }
  return defined;
}

/** Actor refs and functions are replaced by their ids so contexts holding children serialize. */
function plain(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'function') return undefined;
    if (v && typeof v === 'object' && 'sessionId' in v && 'send' in v)
      return `actor:${String((v as unknown as { id: string }).id)}`;
    return v;
  });
}

export const serializeValueAndContext = (snapshot: AnyMachineSnapshot) => {
  const { value, context, status } = snapshot as { value: unknown; context: unknown; status: string };
  return plain({ value, context, status });
};

export function exercisePaths(model: PathModel): CoverageReport {
  const { machine } = model;
  const taken = new Set<object>();
  const reachedStates = new Set<string>();
  const outcomes: Outcomes = { checked: 0, failed: [], unchecked: [] };
  let paths = 0;
  for (const input of model.inputs ?? [model.input]) paths += walk({ ...model, input }, taken, reachedStates, outcomes);

  const defined = definedTransitions(machine);
  const stateIds = allNodes(machine.root as unknown as NodeLike)
    .map((n) => n.id)
    .filter((id) => id !== machine.id);
  return {
    name: model.name,
    machineId: machine.id,
    states: {
      reached: stateIds.filter((id) => reachedStates.has(id)).length,
      defined: stateIds.length,
      missed: stateIds.filter((id) => !reachedStates.has(id)),
    },
    transitions: {
      taken: [...defined.keys()].filter((t) => taken.has(t)).length,
      defined: defined.size,
      missed: [...defined.entries()].filter(([t]) => !taken.has(t)).map(([, label]) => label),
    },
    paths,
    outcomes: { ...outcomes, unchecked: [...new Set(outcomes.unchecked)].sort() },
  };
}

type Outcomes = CoverageReport['outcomes'];

/** Checks the end of one replayed path against the model's outcome for the state it ended in. */
function checkOutcome(model: PathModel, end: PathEnd, events: EventObject[], outcomes: Outcomes) {
  const leaves = statePaths(end.snapshot.value as StateValue);
  const key = Object.keys(model.outcomes ?? {}).find(
    (k) => k === '*' || leaves.some((leaf) => leaf === k || leaf.startsWith(`${k}.`)),
  );
  if (!key) return void outcomes.unchecked.push(leaves.join(' + '));
  outcomes.checked++;
  const { actual, expected } = model.outcomes![key]!(end);
  if (plain(actual) !== plain(expected))
    outcomes.failed.push(
      `${events.map((e) => e.type).join(' → ') || '(start)'} ends in ${leaves.join(' + ')}: ` +
        `expected ${plain(expected)}, got ${plain(actual)}`,
    );
}

/** Walks the graph from `model.input`, replaying every edge; returns the number of paths. */
function walk(model: PathModel, taken: Set<object>, reachedStates: Set<string>, outcomes: Outcomes): number {
  const { machine } = model;
  const serialize = model.serializeState ?? serializeValueAndContext;
  type Edge = { event: EventObject; state: AnyMachineSnapshot };
  const adjacency = getAdjacencyMap(machine, {
    input: model.input,
    events: (snapshot) => (snapshot.status === 'active' ? model.events(snapshot) : []),
    serializeState: serialize,
    limit: model.limit ?? 5000,
  }) as unknown as Record<string, { transitions: Record<string, Edge> }>;

  // Shortest event sequence to every graph node (breadth first from the initial snapshot).
  const keys = Object.keys(adjacency);
  const route = new Map<string, EventObject[]>([[keys[0]!, []]]);
  const queue = [keys[0]!];
  while (queue.length) {
    const key = queue.shift()!;
    for (const { event, state } of Object.values(adjacency[key]!.transitions)) {
      const next = serialize(state);
      if (route.has(next)) continue;
      route.set(next, [...route.get(key)!, event]);
      queue.push(next);
    }
  }

  let paths = 0;
  for (const [key, value] of Object.entries(adjacency)) {
    for (const { event } of Object.values(value.transitions)) {
      paths++;
      replay(model, [...route.get(key)!, event], taken, reachedStates, outcomes);
    }
  }
  if (paths === 0) replay(model, [], taken, reachedStates, outcomes);
  return paths;
}

/** Runs `events` on a real actor (simulated clock, never advanced), noting transitions and states. */
function replay(model: PathModel, events: EventObject[], taken: Set<object>, reached: Set<string>, outcomes: Outcomes) {
  const actor = createActor(model.machine, {
    input: model.input,
    clock: new SimulatedClock(),
    // The root's own microsteps (compared by id: those of an initial eventless transition come
    // before createActor returns). A transition's source counts as reached, so a transient
    // state (left by `always` in the same macrostep) is too.
    inspect: (inspection) => {
      if (inspection.type !== '@xstate.microstep' || inspection.actorRef.sessionId !== inspection.rootId) return;
      for (const t of (inspection as unknown as { _transitions: { source: { id: string } }[] })._transitions) {
        taken.add(t);
        reached.add(t.source.id);
      }
    },
  });
  const note = () => {
    for (const node of (actor.getSnapshot() as { _nodes: { id: string }[] })._nodes) reached.add(node.id);
  };
  actor.subscribe({ next: note, error: () => undefined });
  const emitted: EventObject[] = [];
  actor.on('*', (event: EventObject) => emitted.push(event));
  actor.start();
  note();
  let before = actor.getSnapshot();
  events.forEach((event, index) => {
    if (index === events.length - 1) {
      before = actor.getSnapshot();
      emitted.length = 0;
    }
    actor.send(event);
  });
  const end: PathEnd = { snapshot: actor.getSnapshot(), event: events.at(-1), before, emitted };
  actor.stop();
  checkOutcome(model, end, events, outcomes);
}

/** One line per machine, for the test run's printed summary. */
export function formatCoverage(reports: CoverageReport[]): string {
  const rows = reports.map((r) => {
    const pct = r.transitions.defined ? Math.floor((100 * r.transitions.taken) / r.transitions.defined) : 100;
    return [
      r.name.padEnd(22),
      `${r.transitions.taken}/${r.transitions.defined} transitions (${pct}%)`.padEnd(32),
      `${r.states.reached}/${r.states.defined} states`.padEnd(14),
      `${r.paths} paths`,
    ].join(' ');
  });
  return ['Machine path coverage', ...rows].join('\n');
}

/** The event types the snapshot's active states handle (incl. invoke done/error and delays). */
export function ownEventTypes(snapshot: AnyMachineSnapshot): string[] {
  const nodes = (snapshot as unknown as { _nodes: NodeLike[] })._nodes;
  return [...new Set(nodes.flatMap((node) => [...node.transitions.keys()]))];
}

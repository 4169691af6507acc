/**
 * Reads a statechart's definition (xstate v5 state nodes) into the rows its docs page shows:
 * transitions, states with their entry and exit actions, invocations with their done and error
 * transitions, delays with their values, and guards in words.
 */
import type { AnyStateMachine } from 'xstate';

export interface NodeLike {
  id: string;
  key: string;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  states: Record<string, NodeLike>;
  initial?: { target: NodeLike[] };
  transitions: Map<string, TransitionLike[]>;
  always?: TransitionLike[];
  invoke: { id: string; src: unknown }[];
  entry: unknown[];
  exit: unknown[];
  parent?: NodeLike;
}

export interface TransitionLike {
  eventType: string;
  target?: NodeLike[];
  guard?: unknown;
  actions: unknown[];
  reenter?: boolean;
}

export interface TransitionRow {
  from: string;
  event: string;
  guard: string;
  to: string;
  actions: string;
}

export interface StateRow {
  state: string;
  type: string;
  initial: string;
  entry: string;
  exit: string;
}

export interface InvocationRow {
  state: string;
  actor: string;
  onDone: string;
  onError: string;
}

export function nameOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'type' in value) return String(value.type);
  // xstate's not/and/or guards keep the guards they combine.
  if (typeof value === 'function' && 'guards' in value && Array.isArray(value.guards))
    return `${value.name}(${value.guards.map(nameOf).join(', ')})`;
  if (typeof value === 'function') return value.name || '(inline)';
  return '';
}

export const rootOf = (machine: AnyStateMachine) => machine.root as unknown as NodeLike;

/** `session.loading` → `loading`; the root is the machine id in brackets. */
export function pathOf(machine: AnyStateMachine, node: NodeLike): string {
  return node.id === machine.id ? `(${machine.id})` : node.id.slice(machine.id.length + 1);
}

export function allNodes(root: NodeLike): NodeLike[] {
  return [root, ...Object.values(root.states).flatMap((child) => allNodes(child))];
}

/** The invocation an `xstate.done/error.actor.<id>` event of `node` belongs to, or null. */
function invocationEvent(node: NodeLike, eventType: string): { kind: 'done' | 'error'; actor: string } | null {
  const match = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (!match) return null;
  const invoke = node.invoke.find((i) => i.id === match[2]);
  return { kind: match[1] as 'done' | 'error', actor: invoke ? nameOf(invoke.src) : match[2]! };
}

/** `after <delay>`, `done: <actor>`, `error: <actor>`, or the event's own type. */
export function eventLabel(node: NodeLike, eventType: string): string {
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) return `after ${after[1]}`;
  const invoked = invocationEvent(node, eventType);
  return invoked ? `${invoked.kind}: ${invoked.actor}` : eventType;
}

function targetOf(machine: AnyStateMachine, definition: TransitionLike): string {
  if (!definition.target?.length) return '(stays)';
  const to = definition.target.map((t) => pathOf(machine, t)).join(', ');
  return definition.reenter ? `${to} (re-entered)` : to;
}

/** xstate's own raise and cancel of a state's `after` delays (its entry and exit), not the machine's actions. */
function isDelayBookkeeping(action: unknown): boolean {
  if (typeof action !== 'function') return false;
  const { id, sendId } = action as { id?: unknown; sendId?: unknown };
  return [id, sendId].some((value) => typeof value === 'string' && value.startsWith('xstate.after.'));
}

/** The actions a page names. */
function namedActions(actions: unknown[]): string {
  return actions
    .filter((a) => !isDelayBookkeeping(a))
    .map(nameOf)
    .filter(Boolean)
    .join(', ');
}

export function transitionRows(machine: AnyStateMachine): TransitionRow[] {
  const rows: TransitionRow[] = [];
  for (const node of allNodes(rootOf(machine))) {
    const row = (event: string, definition: TransitionLike) =>
      rows.push({
        from: pathOf(machine, node),
        event,
        guard: nameOf(definition.guard),
        to: targetOf(machine, definition),
        actions: namedActions(definition.actions),
      });
    for (const [eventType, definitions] of node.transitions)
      for (const definition of definitions) row(eventLabel(node, eventType), definition);
    // Eventless transitions, taken as soon as their guard holds.
    for (const definition of node.always ?? []) row('always', definition);
  }
  return rows;
}

export function stateRows(machine: AnyStateMachine): StateRow[] {
  return allNodes(rootOf(machine)).map((node) => ({
    state: pathOf(machine, node),
    type: node.type,
    initial: node.type === 'compound' && node.initial?.target[0] ? node.initial.target[0].key : '',
    entry: namedActions(node.entry),
    exit: namedActions(node.exit),
  }));
}

/** Where each invocation ends: the targets of its done and error transitions, or what happens without one. */
export function invocationRows(machine: AnyStateMachine): InvocationRow[] {
  return allNodes(rootOf(machine)).flatMap((node) =>
    node.invoke.map((invoke) => {
      const ending = (kind: 'done' | 'error') => {
        const definitions = node.transitions.get(`xstate.${kind}.actor.${invoke.id}`) ?? [];
        if (!definitions.length) return kind === 'done' ? '(runs while the state lasts)' : '(not handled)';
        return definitions
          .map((d) => `${d.guard ? `[${guardInWords(nameOf(d.guard))}] ` : ''}${targetOf(machine, d)}`)
          .join('; ');
      };
      return {
        state: pathOf(machine, node),
        actor: nameOf(invoke.src),
        onDone: ending('done'),
        onError: ending('error'),
      };
    }),
  );
}

/** A delay's value: milliseconds, or the expression that computes it. */
export function delayValue(value: unknown): string {
  if (typeof value === 'number') return `${value} ms`;
  if (typeof value !== 'function') return String(value);
  const source = value
    .toString()
    .replace(/\s+/g, ' ')
    .replace(/^[^=]*=>\s*/, '');
  return `computed: \`${source.replace(/`/g, "'")}\``;
}

/** `hasUploadsInProgress` → "has uploads in progress"; `not(isPreviewable)` → "not (is previewable)". */
export function guardInWords(name: string): string {
  const combined = /^(not|and|or)\((.*)\)$/.exec(name);
  if (combined) return `${combined[1]} (${combined[2]!.split(', ').map(guardInWords).join(', ')})`;
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
    .toLowerCase();
}

/** The event types the machine reacts to, xstate's own (delays, invocations) left out. */
export function eventTypes(machine: AnyStateMachine): string[] {
  const types = new Set<string>();
  for (const node of allNodes(rootOf(machine)))
    for (const type of node.transitions.keys()) if (!type.startsWith('xstate.')) types.add(type);
  return [...types].sort();
}

/**
 * Renders a statechart's documentation page from its own definition: a Mermaid state diagram,
 * a table of every transition (from, event, guard, to, actions), the delays and the actors.
 */
import type { AnyStateMachine } from 'xstate';

interface NodeLike {
  id: string;
  key: string;
  type: string;
  states: Record<string, NodeLike>;
  initial?: { target: NodeLike[] };
  transitions: Map<string, TransitionLike[]>;
  always?: TransitionLike[];
  invoke: { id: string; src: unknown }[];
}

interface TransitionLike {
  eventType: string;
  target?: NodeLike[];
  guard?: unknown;
  actions: unknown[];
}

export interface TransitionRow {
  from: string;
  event: string;
  guard: string;
  to: string;
  actions: string;
}

function nameOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'type' in value) return String(value.type);
  // xstate's not/and/or guards keep the guards they combine.
  if (typeof value === 'function' && 'guards' in value && Array.isArray(value.guards))
    return `${value.name}(${value.guards.map(nameOf).join(', ')})`;
  if (typeof value === 'function') return value.name || '(inline)';
  return '';
}

/** `session.loading` → `loading`; the root is the machine id. */
function pathOf(machine: AnyStateMachine, node: NodeLike): string {
  return node.id === machine.id ? `(${machine.id})` : node.id.slice(machine.id.length + 1);
}

function eventLabel(node: NodeLike, eventType: string): string {
  const invoked = (kind: 'done' | 'error') => {
    const prefix = `xstate.${kind}.actor.`;
    if (!eventType.startsWith(prefix)) return null;
    const id = eventType.slice(prefix.length);
    const invoke = node.invoke.find((i) => i.id === id);
    return `${kind}: ${invoke ? nameOf(invoke.src) : id}`;
  };
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) return `after ${after[1]}`;
  return invoked('done') ?? invoked('error') ?? eventType;
}

function allNodes(root: NodeLike): NodeLike[] {
  return [root, ...Object.values(root.states).flatMap((child) => allNodes(child))];
}

export function transitionRows(machine: AnyStateMachine): TransitionRow[] {
  const rows: TransitionRow[] = [];
  for (const node of allNodes(machine.root as unknown as NodeLike)) {
    const row = (event: string, definition: TransitionLike) =>
      rows.push({
        from: pathOf(machine, node),
        event,
        guard: nameOf(definition.guard),
        to: definition.target?.length ? definition.target.map((t) => pathOf(machine, t)).join(', ') : '(stays)',
        actions: definition.actions.map(nameOf).filter(Boolean).join(', '),
      });
    for (const [eventType, definitions] of node.transitions)
      for (const definition of definitions) row(eventLabel(node, eventType), definition);
    // Eventless transitions, taken as soon as their guard holds.
    for (const definition of node.always ?? []) row('always', definition);
  }
  return rows;
}

function mermaid(machine: AnyStateMachine, rows: TransitionRow[]): string {
  const root = machine.root as unknown as NodeLike;
  const id = (path: string) => path.replace(/[^A-Za-z0-9_]/g, '_');
  const lines = ['```mermaid', 'stateDiagram-v2'];
  const initial = root.initial?.target[0];
  if (initial) lines.push(`  [*] --> ${id(pathOf(machine, initial))}`);
  for (const node of allNodes(root)) if (node.type === 'final') lines.push(`  ${id(pathOf(machine, node))} --> [*]`);
  for (const row of rows) {
    const label = `${row.event}${row.guard ? ` [${row.guard}]` : ''}`.replace(/:/g, ' ');
    // A root transition leaves any top-level state but a final one (a final state takes no events).
    const froms = row.from.startsWith('(')
      ? Object.values(root.states)
          .filter((s) => s.type !== 'final')
          .map((s) => pathOf(machine, s))
      : [row.from];
    const to = row.to === '(stays)' ? null : row.to;
    for (const from of froms) lines.push(`  ${id(from)} --> ${id(to ?? from)}: ${label}`);
  }
  lines.push('```');
  return lines.join('\n');
}

const cell = (text: string) => (text || ' ').replace(/\|/g, '\\|');

export function renderMachine(machine: AnyStateMachine): string {
  const rows = transitionRows(machine);
  const delays = Object.keys(machine.implementations.delays ?? {});
  const actors = Object.keys(machine.implementations.actors ?? {});
  return [
    `## ${machine.id}`,
    '',
    mermaid(machine, rows),
    '',
    '| From | Event | Guard | To | Actions |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) => `| ${cell(r.from)} | ${cell(r.event)} | ${cell(r.guard)} | ${cell(r.to)} | ${cell(r.actions)} |`,
    ),
    '',
    `Delays: ${delays.length ? delays.map((d) => `\`${d}\``).join(', ') : 'none'}. Actors: ${actors.length ? actors.map((a) => `\`${a}\``).join(', ') : 'none'}.`,
  ].join('\n');
}

export function renderPage(title: string, source: string, notes: string, machines: AnyStateMachine[]): string {
  return [
    `# ${title}`,
    '',
    `<!-- Generated by \`npm run docs:machines\` from ${source} and its notes; do not edit by hand. -->`,
    '',
    notes.trim(),
    '',
    ...machines.map((m) => renderMachine(m) + '\n'),
  ].join('\n');
}

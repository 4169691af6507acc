/**
 * Lays out a statechart for the /dev/machines diagram, from the machine's own definition: every
 * state node is a box placed in a column by its distance (in transitions) from the initial state,
 * nested states indented under their parent's label; every transition is an arrow with its event.
 * Pure, so it is tested without a browser and drawn with plain SVG (no hosted renderer).
 */
import type { AnyStateMachine } from 'xstate';

interface NodeLike {
  id: string;
  key: string;
  type: string;
  states: Record<string, NodeLike>;
  initial?: { target: NodeLike[] };
  transitions: Map<string, { target?: NodeLike[] }[]>;
  always?: { target?: NodeLike[] }[];
  parent?: NodeLike;
}

export interface DiagramBox {
  id: string;
  label: string;
  depth: number;
  final: boolean;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface DiagramEdge {
  from: string;
  to: string;
  label: string;
}

export interface DiagramLayout {
  boxes: DiagramBox[];
  edges: DiagramEdge[];
  width: number;
  height: number;
}

export const BOX = { width: 150, height: 34, gapX: 90, gapY: 22, margin: 16 };

function walk(node: NodeLike): NodeLike[] {
  return [node, ...Object.values(node.states).flatMap(walk)];
}

export function eventName(eventType: string): string {
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) return `after ${after[1]}`;
  const invoke = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (invoke) return invoke[1] === 'done' ? 'done' : 'error';
  if (eventType.startsWith('xstate.done.state.')) return 'done';
  return eventType;
}

/** One arrow per pair of states, labelled with all its events (`a · b`). */
export function mergeEdges(edges: DiagramEdge[]): DiagramEdge[] {
  const merged = new Map<string, DiagramEdge>();
  for (const edge of edges) {
    const key = `${edge.from}→${edge.to}`;
    const seen = merged.get(key);
    if (!seen) merged.set(key, { ...edge });
    else if (!seen.label.split(' · ').includes(edge.label)) seen.label = `${seen.label} · ${edge.label}`;
  }
  return [...merged.values()];
}

export function layoutMachine(machine: AnyStateMachine): DiagramLayout {
  const root = machine.root as unknown as NodeLike;
  const nodes = walk(root).filter((n) => n !== root);
  const edges: DiagramEdge[] = [];
  for (const node of walk(root)) {
    for (const [eventType, list] of node.transitions)
      for (const t of list)
        for (const target of t.target ?? [node])
          edges.push({ from: node.id, to: target.id, label: eventName(eventType) });
    for (const t of node.always ?? [])
      for (const target of t.target ?? [node]) edges.push({ from: node.id, to: target.id, label: 'always' });
  }

  // Column = breadth-first distance from the initial state over the transitions (root-level
  // transitions start from every state); states never reached by a transition go in column 0.
  const column = new Map<string, number>();
  const initial = root.initial?.target[0];
  const queue: string[] = [];
  if (initial) {
    column.set(initial.id, 0);
    queue.push(initial.id);
  }
  while (queue.length) {
    const id = queue.shift()!;
    for (const edge of edges) {
      if (edge.from !== id || column.has(edge.to)) continue;
      column.set(edge.to, column.get(id)! + 1);
      queue.push(edge.to);
    }
    // A compound state's children sit in the next column.
    const node = nodes.find((n) => n.id === id);
    for (const child of Object.values(node?.states ?? {}))
      if (!column.has(child.id)) {
        column.set(child.id, column.get(id)! + 1);
        queue.push(child.id);
      }
  }

  const rows = new Map<number, number>();
  const boxes = nodes.map((node): DiagramBox => {
    const col = column.get(node.id) ?? 0;
    const row = rows.get(col) ?? 0;
    rows.set(col, row + 1);
    const depth = node.id.split('.').length - 2;
    return {
      id: node.id,
      label: node.key,
      depth,
      final: node.type === 'final',
      x: BOX.margin + col * (BOX.width + BOX.gapX) + depth * 8,
      y: BOX.margin + row * (BOX.height + BOX.gapY),
      width: BOX.width - depth * 8,
      height: BOX.height,
    };
  });
  const columns = Math.max(1, ...[...column.values()].map((c) => c + 1));
  const tallest = Math.max(1, ...rows.values());
  return {
    boxes,
    edges: mergeEdges(edges.filter((e) => e.from !== root.id)),
    width: BOX.margin * 2 + columns * (BOX.width + BOX.gapX),
    height: BOX.margin * 2 + tallest * (BOX.height + BOX.gapY),
  };
}

/** Root-level transitions (allowed from every state), listed apart from the drawing. */
export function globalTransitions(machine: AnyStateMachine): DiagramEdge[] {
  const root = machine.root as unknown as NodeLike;
  return [...root.transitions].flatMap(([eventType, list]) =>
    list.flatMap((t) =>
      (t.target ?? [root]).map((target) => ({ from: root.id, to: target.id, label: eventName(eventType) })),
    ),
  );
}

/**
 * A statechart as a Mermaid state diagram: the machine is one composite state, compound states
 * are nested `state X { … }` blocks with their own start marker, parallel regions are separated
 * by `--`, final states lead to an end marker. Each transition is declared in the block of the
 * nearest state holding both ends: from its own source, to the child of that state on the way to
 * its target (the real target in the label when deeper). Mermaid's layout fails on a composite
 * state with arrows both in and out when the arrows out are lifted to it, so sources are never
 * lifted. A transition defined on a state for all of its descendants (the machine's own ones
 * included) is drawn once, from an "any … state" node inside that state (inside the region, for a
 * parallel state); one back up to an ancestor goes to the ancestor's initial state. Transitions
 * that stay in their state are left to the table.
 */
import type { AnyStateMachine } from 'xstate';
import { allNodes, eventLabel, guardInWords, nameOf, rootOf, type NodeLike, type TransitionLike } from './graph.js';

const mermaidId = (machine: AnyStateMachine, node: NodeLike) =>
  node.id === machine.id ? machine.id : node.id.slice(machine.id.length + 1).replace(/[^A-Za-z0-9_]/g, '_');

/** Mermaid reads `:` and `;` in a label as syntax. */
const labelText = (text: string) => text.replace(/[:;#]/g, ' ').replace(/\s+/g, ' ').trim();

function ancestors(node: NodeLike): NodeLike[] {
  const chain: NodeLike[] = [];
  for (let at: NodeLike | undefined = node; at; at = at.parent) chain.unshift(at);
  return chain;
}

interface Edge {
  /** The block (state) the arrow is declared in. */
  block: NodeLike;
  line: string;
}

function edgesOf(machine: AnyStateMachine): { edges: Edge[]; anyNodes: Set<NodeLike>; staying: number } {
  const edges: Edge[] = [];
  const anyNodes = new Set<NodeLike>();
  let staying = 0;
  const id = (node: NodeLike) => mermaidId(machine, node);
  /** A transition defined on `container` (any state in it): drawn from its "any state" node. */
  const fromAny = (container: NodeLike, to: NodeLike, text: string) => {
    anyNodes.add(container);
    edges.push({ block: container, line: `${id(container)}_any --> ${id(to)}: ${labelText(text)}` });
  };
  const add = (source: NodeLike, label: string, definition: TransitionLike) => {
    const target = definition.target?.[0];
    if (!target) {
      staying++;
      return;
    }
    const text = `${label}${definition.guard ? ` [${guardInWords(nameOf(definition.guard))}]` : ''}`;
    const from = ancestors(source);
    const to = ancestors(target);
    let common = 0;
    while (common < from.length && common < to.length && from[common] === to[common]) common++;
    const lca = from[common - 1]!;
    const fromChild = from[common];
    const toChild = to[common];
    const lifted = (node: NodeLike) => (node === target ? '' : ` → ${target.key}`);
    if (fromChild && toChild && lca.type !== 'parallel') {
      const where = toChild === target ? '' : ` → ${target.key}`;
      edges.push({ block: lca, line: `${id(source)} --> ${id(toChild)}: ${labelText(text + where)}` });
    } else if (!fromChild && !toChild && source.parent && source.parent.type !== 'parallel') {
      // Into itself again (re-entered): a loop in the block around it.
      edges.push({ block: source.parent, line: `${id(source)} --> ${id(source)}: ${labelText(text)}` });
    } else if (!fromChild && toChild) {
      // From any state of the source into one of its descendants (in a parallel state: the region).
      const container = source.type === 'parallel' ? toChild : source;
      const inner = to[to.indexOf(container) + 1] ?? container.initial?.target[0];
      if (!inner) throw new Error(`${machine.id}: cannot draw ${label} from ${source.id} to ${target.id}`);
      fromAny(container, inner, text + lifted(inner));
    } else if (fromChild && !toChild && target.type === 'compound' && target.initial?.target[0]) {
      // Back up to an ancestor, which starts again from its initial state.
      const initial = target.initial.target[0];
      edges.push({
        block: target,
        line: `${id(fromChild)} --> ${id(initial)}: ${labelText(`${text} (re-enters ${target.key})`)}`,
      });
    } else {
      throw new Error(`${machine.id}: no drawing for ${label} from ${source.id} to ${target.id}`);
    }
  };
  for (const node of allNodes(rootOf(machine))) {
    for (const [eventType, definitions] of node.transitions)
      for (const definition of definitions) add(node, eventLabel(node, eventType), definition);
    for (const definition of node.always ?? []) add(node, 'always', definition);
  }
  return { edges, anyNodes, staying };
}

interface Drawing {
  edges: Edge[];
  anyNodes: Set<NodeLike>;
}

function block(machine: AnyStateMachine, node: NodeLike, drawing: Drawing, indent: string): string[] {
  const id = mermaidId(machine, node);
  const children = Object.values(node.states);
  if (children.length === 0) return [`${indent}state "${node.key}" as ${id}`];
  const inner = indent + '  ';
  const lines = [`${indent}state ${id} {`];
  if (node.type === 'parallel') {
    children.forEach((region, i) => {
      if (i > 0) lines.push(`${inner}--`);
      lines.push(...block(machine, region, drawing, inner));
    });
  } else {
    const initial = node.initial?.target[0];
    if (initial) lines.push(`${inner}[*] --> ${mermaidId(machine, initial)}`);
    for (const child of children) {
      lines.push(...block(machine, child, drawing, inner));
      if (child.type === 'final') lines.push(`${inner}${mermaidId(machine, child)} --> [*]`);
    }
  }
  if (drawing.anyNodes.has(node)) lines.push(`${inner}state "any ${node.key} state" as ${id}_any`);
  for (const edge of drawing.edges) if (edge.block === node) lines.push(`${inner}${edge.line}`);
  lines.push(`${indent}}`);
  return lines;
}

export function mermaidDiagram(machine: AnyStateMachine): { diagram: string; staying: number } {
  const { edges, anyNodes, staying } = edgesOf(machine);
  const lines = [
    '```mermaid',
    'stateDiagram-v2',
    `  [*] --> ${machine.id}`,
    ...block(machine, rootOf(machine), { edges, anyNodes }, '  '),
    '```',
  ];
  return { diagram: lines.join('\n'), staying };
}

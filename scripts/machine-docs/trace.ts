/**
 * Traceability from spec statements to transitions and tests (machines/shared/trace.ts has the
 * entry format). `checkTrace` lists every problem: a clause without transitions or location, a
 * transition named that the machine does not define, a test named that does not exist, a
 * machine id or file that does not exist, and a transition (named in a clause or not) that no
 * test takes — every transition must be taken by the machine's path tests
 * (tests/machines/paths.test.ts). `renderTrace` writes docs/machines/traceability.md: by spec
 * section (clause → transitions → tests), then by machine (transition → clauses).
 */
import type { AnyStateMachine } from 'xstate';
import {
  isMachineClause,
  type ElsewhereClause,
  type MachineClause,
  type TraceEntry,
} from '../../machines/shared/trace.js';
import { allNodes, rootOf, transitionRows } from './graph.js';

/** One transition as a page row names it, and the path-coverage label of the same definition. */
export interface TracedTransition {
  notation: string;
  /** `machineId.state --eventType#n-->`, as machines/shared/path-coverage.ts labels it. */
  coverageLabel: string;
}

export function notationOf(row: { from: string; event: string; guard: string; to: string }): string {
  return `${row.from} --${row.event}${row.guard ? ` [${row.guard}]` : ''}--> ${row.to}`;
}

/** The machine's transitions in page order, each with its notation and coverage label. */
export function machineTransitions(machine: AnyStateMachine): TracedTransition[] {
  const labels: string[] = [];
  for (const node of allNodes(rootOf(machine))) {
    for (const [eventType, list] of node.transitions)
      list.forEach((_t, i) => labels.push(`${node.id} --${eventType}#${i + 1}-->`));
    (node.always ?? []).forEach((_t, i) => labels.push(`${node.id} --always#${i + 1}-->`));
  }
  const rows = transitionRows(machine);
  if (rows.length !== labels.length)
    throw new Error(`${machine.id}: ${rows.length} page rows but ${labels.length} defined transitions`);
  return rows.map((row, i) => ({ notation: notationOf(row), coverageLabel: labels[i]! }));
}

export interface TracedMachine {
  machine: AnyStateMachine;
  /** The docs page, `session` for docs/machines/session.md. */
  page: string;
  /** Coverage labels the path tests miss; null when the machine has no path model. */
  missedByPaths: string[] | null;
  /** The path test that takes every transition, `file › title`. */
  pathTest: string;
}

export interface TraceSource {
  /** Where the entries come from (a repository path), for messages. */
  file: string;
  entries: TraceEntry[];
}

export interface TraceWorld {
  machines: TracedMachine[];
  sources: TraceSource[];
  /** The `it`/`test` titles of a test file, or null when there is no such file. */
  testTitles: (file: string) => string[] | null;
  fileExists: (file: string) => boolean;
  hasDependency: (name: string) => boolean;
}

/** `it('…')`, `it("…")`, `` it(`…`) ``, `test(…)`, `it.each(…)('…')`, titles spanning lines. */
export function parseTestTitles(source: string): string[] {
  const titles: string[] = [];
  const pattern = /\b(?:it|test)(?:\.(?:only|skip|concurrent|each\([^)]*\)))?\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g;
  for (const match of source.matchAll(pattern)) titles.push(match[2]!.replace(/\\(['"`\\])/g, '$1'));
  return titles;
}

/** Whether `title` is one of `titles`; a template literal's `${…}` (or it.each's `%s`) matches anything. */
export function hasTitle(titles: string[], title: string): boolean {
  return titles.some((t) => {
    if (t === title) return true;
    if (!/\$\{[^}]*\}|%[sdifjo#]/.test(t)) return false;
    const parts = t.split(/\$\{[^}]*\}|%[sdifjo#]/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    return new RegExp(`^${parts.join('.+')}$`).test(title);
  });
}

/** `file › title` → [file, title]; a bare file → [file, null]. */
export function splitTest(test: string): [string, string | null] {
  const at = test.indexOf(' › ');
  return at === -1 ? [test.trim(), null] : [test.slice(0, at).trim(), test.slice(at + 3).trim()];
}

function testProblem(world: TraceWorld, test: string): string | null {
  const [file, title] = splitTest(test);
  const titles = world.testTitles(file);
  if (!titles) return `test file ${file} does not exist`;
  if (title !== null && !hasTitle(titles, title)) return `test "${title}" does not exist in ${file}`;
  return null;
}

const where = (source: TraceSource, entry: TraceEntry) => `${source.file} ${entry.clause}`;

export function checkTrace(world: TraceWorld): string[] {
  const problems: string[] = [];
  const byId = new Map(world.machines.map((m) => [m.machine.id, m]));
  const transitionsOf = new Map(world.machines.map((m) => [m.machine.id, machineTransitions(m.machine)]));

  for (const source of world.sources)
    for (const entry of source.entries) {
      const at = where(source, entry);
      if (!/^§[4589]\.\d+[a-z]?$/.test(entry.clause))
        problems.push(`${at}: clause id must read §<section>.<bullet><letter> for sections 4, 5, 8, 9`);
      if (!entry.statement.trim()) problems.push(`${at}: clause has no statement`);
      for (const test of entry.tests) {
        const problem = testProblem(world, test);
        if (problem) problems.push(`${at}: ${problem}`);
      }
      if (isMachineClause(entry)) {
        const traced = byId.get(entry.machine);
        if (!traced) {
          problems.push(`${at}: no machine with id ${entry.machine}`);
          continue;
        }
        if (!entry.transitions.length) problems.push(`${at}: clause names no transition of ${entry.machine}`);
        if (!entry.tests.length) problems.push(`${at}: clause names no test`);
        const defined = transitionsOf.get(entry.machine)!;
        for (const notation of entry.transitions) {
          if (defined.some((t) => t.notation === notation)) continue;
          const from = notation.split(' --')[0];
          const near = defined.filter((t) => t.notation.startsWith(`${from} --`)).map((t) => `    ${t.notation}`);
          problems.push(
            `${at}: ${entry.machine} has no transition "${notation}"` +
              (near.length ? `; from ${from} it has:\n${near.join('\n')}` : ''),
          );
        }
      } else {
        if (!entry.implementedIn.length && !entry.notImplemented?.trim())
          problems.push(`${at}: clause names neither transitions nor where it is implemented`);
        if (entry.implementedIn.length && entry.notImplemented)
          problems.push(`${at}: clause is both implemented and not implemented`);
        for (const file of entry.implementedIn) {
          const dependency = /^package:(.+)$/.exec(file);
          if (dependency ? !world.hasDependency(dependency[1]!) : !world.fileExists(file))
            problems.push(
              `${at}: ${dependency ? `no dependency ${dependency[1]} in package.json` : `${file} does not exist`}`,
            );
        }
      }
    }

  const statements = new Map<string, string>();
  for (const source of world.sources)
    for (const entry of source.entries) {
      const first = statements.get(entry.clause);
      if (first === undefined) statements.set(entry.clause, entry.statement);
      else if (first !== entry.statement)
        problems.push(`${where(source, entry)}: another entry of this clause quotes it differently: "${first}"`);
    }

  for (const traced of world.machines) {
    const { id } = traced.machine;
    if (traced.missedByPaths === null) {
      problems.push(`${id}: no path model, so none of its transitions has a test (add ${traced.page}.paths.ts)`);
      continue;
    }
    const missed = new Set(traced.missedByPaths);
    for (const t of transitionsOf.get(id)!)
      if (missed.has(t.coverageLabel)) problems.push(`${id}: transition "${t.notation}" is taken by no test`);
    const pathTestProblem = testProblem(world, traced.pathTest);
    if (pathTestProblem) problems.push(`${id}: path ${pathTestProblem}`);
  }
  return problems;
}

const code = (text: string) => `\`${text.replace(/`/g, "'")}\``;
const SECTIONS: [string, string][] = [
  ['4', 'States and transitions'],
  ['5', 'Validation rules'],
  ['8', 'Error catalogue'],
  ['9', 'Business constants and limits'],
];

function clauseOrder(a: string, b: string): number {
  const parse = (c: string) => {
    const m = /^§(\d+)\.(\d+)([a-z]?)$/.exec(c);
    return m ? [Number(m[1]), Number(m[2]), m[3] ?? ''] : [99, 0, c];
  };
  const [x, y] = [parse(a), parse(b)];
  return x[0] !== y[0]
    ? Number(x[0]) - Number(y[0])
    : x[1] !== y[1]
      ? Number(x[1]) - Number(y[1])
      : String(x[2]).localeCompare(String(y[2]));
}

function testLink(test: string): string {
  const [file, title] = splitTest(test);
  return title === null ? code(file) : `${code(file)} › ${title}`;
}

export interface TraceCounts {
  clauses: number;
  machineClauses: number;
  elsewhereClauses: number;
  notImplemented: number;
  transitions: number;
  tests: number;
}

export function traceCounts(world: TraceWorld): TraceCounts {
  const entries = world.sources.flatMap((s) => s.entries);
  const clauses = new Set(entries.map((e) => e.clause));
  const machine = entries.filter(isMachineClause);
  const elsewhere = entries.filter((e) => !isMachineClause(e)) as ElsewhereClause[];
  return {
    clauses: clauses.size,
    machineClauses: new Set(machine.map((e) => e.clause)).size,
    elsewhereClauses: new Set(elsewhere.filter((e) => !e.notImplemented).map((e) => e.clause)).size,
    notImplemented: new Set(elsewhere.filter((e) => e.notImplemented).map((e) => e.clause)).size,
    transitions: new Set(machine.flatMap((e) => e.transitions.map((t) => `${e.machine}: ${t}`))).size,
    tests: new Set(entries.flatMap((e) => e.tests)).size,
  };
}

export function renderTrace(world: TraceWorld): string {
  const entries = world.sources.flatMap((s) => s.entries);
  const pageOf = new Map(world.machines.map((m) => [m.machine.id, m.page]));
  const counts = traceCounts(world);
  const lines = [
    '# Spec traceability',
    '',
    '<!-- Generated by `npm run docs:machines` from machines/*/*.trace.ts and scripts/machine-docs/spec-elsewhere.ts; do not edit by hand. -->',
    '',
    'Every behavioural statement of sections 4, 5, 8 and 9 of the product spec, with the machine',
    'transitions that implement it and the tests that exercise them, or, for a statement no machine',
    'implements, where it is implemented and tested. A clause id is `§<section>.<bullet>` and a letter',
    'per statement of the bullet. Transitions are written as the rows of the machine pages read:',
    '`from --event [guard]--> to`. Besides the tests named, every transition is taken by its',
    "machine's path tests (`tests/machines/paths.test.ts`). `npm run docs:machines -- --check` fails on a",
    'clause without transitions or location, a transition or test named that does not exist, and a',
    'transition that no test takes.',
    '',
    `${counts.clauses} clauses: ${counts.machineClauses} implemented by machines (${counts.transitions} transitions named), ` +
      `${counts.elsewhereClauses} (also) elsewhere, ${counts.notImplemented} not implemented (with the reason); ${counts.tests} tests named.`,
    '',
  ];
  for (const [section, title] of SECTIONS) {
    lines.push(`## ${section}. ${title}`, '');
    const ids = [...new Set(entries.map((e) => e.clause))]
      .filter((c) => c.startsWith(`§${section}.`))
      .sort(clauseOrder);
    if (!ids.length) lines.push('No clause traced yet.', '');
    for (const id of ids) {
      const of = entries.filter((e) => e.clause === id);
      lines.push(`**${id}** ${of[0]!.statement}`, '');
      for (const entry of of) {
        if (isMachineClause(entry)) {
          const page = pageOf.get(entry.machine);
          lines.push(`- Machine [${entry.machine}](${page}.md):`);
          for (const t of entry.transitions) lines.push(`  - ${code(t)}`);
        } else {
          lines.push(
            entry.notImplemented
              ? `- Not implemented: ${entry.notImplemented}`
              : `- Implemented in ${entry.implementedIn.map(code).join(', ')}`,
          );
        }
        if (entry.note) lines.push(`  - Note: ${entry.note}`);
        if (entry.tests.length) lines.push('  - Tests:', ...entry.tests.map((t) => `    - ${testLink(t)}`));
      }
      lines.push('');
    }
  }
  lines.push('## By machine', '');
  lines.push(
    'Each transition with the clauses it implements. A transition no clause names is an implementation',
    'step (its page and notes say why it exists); its test is the path test.',
    '',
  );
  for (const traced of world.machines) {
    const { id } = traced.machine;
    const mine = entries.filter((e): e is MachineClause => isMachineClause(e) && e.machine === id);
    const transitions = machineTransitions(traced.machine);
    const named = transitions.filter((t) => mine.some((e) => e.transitions.includes(t.notation))).length;
    lines.push(`### [${id}](${traced.page}.md)`, '');
    lines.push(
      `${mine.length ? new Set(mine.map((e) => e.clause)).size : 'No'} clause${mine.length === 1 ? '' : 's'}; ` +
        `${named} of ${transitions.length} transitions named by a clause; path test: ${testLink(traced.pathTest)}.`,
      '',
    );
    lines.push('| Transition | Clauses |', '| --- | --- |');
    for (const t of transitions) {
      const clauses = [...new Set(mine.filter((e) => e.transitions.includes(t.notation)).map((e) => e.clause))];
      lines.push(`| ${code(t.notation).replace(/\|/g, '\\|')} | ${clauses.join(', ') || '—'} |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

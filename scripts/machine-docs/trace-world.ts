/**
 * Gathers what the traceability check reads from the repository: the machines with their path
 * coverage, the trace entries (every machines/<name>/<name>.trace.ts exporting `trace`, and
 * spec-elsewhere.ts), the titles of test files and which files exist.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TraceEntry } from '../../machines/shared/trace.js';
import type { MachinePage } from './pages.js';
import { ELSEWHERE } from './spec-elsewhere.js';
import { parseTestTitles, type TraceSource, type TraceWorld } from './trace.js';

export async function loadTraceWorld(
  root: string,
  pages: MachinePage[],
  missedByPaths: ReadonlyMap<string, string[]>,
  pathTests: ReadonlyMap<string, string>,
): Promise<TraceWorld> {
  const sources: TraceSource[] = [];
  for (const folder of readdirSync(join(root, 'machines'), { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    for (const name of readdirSync(join(root, 'machines', folder.name))) {
      if (!name.endsWith('.trace.ts')) continue;
      const file = `machines/${folder.name}/${name}`;
      const module = (await import(pathToFileURL(join(root, file)).href)) as { trace?: TraceEntry[] };
      sources.push({ file, entries: module.trace ?? [] });
    }
  }
  sources.push({ file: 'scripts/machine-docs/spec-elsewhere.ts', entries: ELSEWHERE });
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<
    string,
    Record<string, string>
  >;
  const dependencies = { ...manifest.dependencies, ...manifest.devDependencies };
  const titles = new Map<string, string[] | null>();
  return {
    machines: pages.flatMap((page) =>
      page.machines.map((machine) => ({
        machine,
        page: page.name,
        missedByPaths: missedByPaths.get(machine.id) ?? null,
        pathTest: pathTests.get(machine.id) ?? 'tests/machines/paths.test.ts',
      })),
    ),
    sources,
    testTitles: (file) => {
      if (!titles.has(file)) {
        const path = join(root, file);
        titles.set(file, existsSync(path) ? parseTestTitles(readFileSync(path, 'utf8')) : null);
      }
      return titles.get(file)!;
    },
    fileExists: (file) => existsSync(join(root, file)),
    hasDependency: (name) => name in dependencies,
  };
}

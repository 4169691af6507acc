/**
 * `npm run docs:machines` writes docs/machines/<name>.md from each machine's definition (plus
 * the hand-written notes beside the machine), the index with each machine's path coverage and
 * the convention all machines follow (machines/CONVENTION.md)
 * (its path model walked as tests/machines/paths.test.ts walks it) and traceability.md from the
 * trace entries (machines/<name>/<name>.trace.ts, scripts/machine-docs/spec-elsewhere.ts);
 * `-- --check` fails when a page is stale or the traceability has a problem (trace.ts).
 */
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { exercisePaths, type PathModel } from '../machines/shared/path-coverage.js';
import { MACHINE_PAGES } from './machine-docs/pages.js';
import { renderIndex, renderPage, type MachineCoverage } from './machine-docs/render.js';
import { loadTraceWorld } from './machine-docs/trace-world.js';
import { checkTrace, renderTrace } from './machine-docs/trace.js';

const root = process.cwd();
const check = process.argv.includes('--check');
const stale: string[] = [];
mkdirSync(join(root, 'docs/machines'), { recursive: true });
const pages = MACHINE_PAGES.map((page) => {
  const source = `machines/${page.name}/${page.name}.machine.ts`;
  const notesFile = join(root, `machines/${page.name}/${page.name}.notes.md`);
  const notes = existsSync(notesFile) ? readFileSync(notesFile, 'utf8') : '';
  return { file: `${page.name}.md`, content: renderPage(page.name, source, notes, page.machines) };
});
const coverage = new Map<string, MachineCoverage>();
const missedByPaths = new Map<string, string[]>();
const pathTests = new Map<string, string>();
for (const page of MACHINE_PAGES) {
  const file = join(root, `machines/${page.name}/${page.name}.paths.ts`);
  if (!existsSync(file)) continue;
  const module = (await import(pathToFileURL(file).href)) as { pathModel?: PathModel; pathModels?: PathModel[] };
  for (const model of module.pathModels ?? (module.pathModel ? [module.pathModel] : [])) {
    const { transitions } = exercisePaths(model);
    coverage.set(model.machine.id, { taken: transitions.taken, defined: transitions.defined });
    missedByPaths.set(model.machine.id, transitions.missed);
    pathTests.set(
      model.machine.id,
      `tests/machines/paths.test.ts › ${model.name}: the paths reach every state and take every transition`,
    );
  }
}
const traceWorld = await loadTraceWorld(root, MACHINE_PAGES, missedByPaths, pathTests);
const traceProblems = checkTrace(traceWorld);
const convention = readFileSync(join(root, 'machines/CONVENTION.md'), 'utf8');
const index = `${renderIndex(MACHINE_PAGES, coverage)}
Which spec statement each transition implements, and the tests that exercise it:
[traceability.md](traceability.md).

${convention}`;
const generated = [
  ...pages,
  { file: 'README.md', content: index },
  { file: 'traceability.md', content: renderTrace(traceWorld) },
];
for (const { file, content } of generated) {
  const target = join(root, 'docs/machines', file);
  const current = existsSync(target) ? readFileSync(target, 'utf8') : '';
  if (current === content) continue;
  if (check) stale.push(target);
  else writeFileSync(target, content);
}
if (traceProblems.length) {
  console.error(
    `Spec traceability has ${traceProblems.length} problem${traceProblems.length === 1 ? '' : 's'} ` +
      `(machines/shared/trace.ts describes the entries):\n${traceProblems.map((p) => `  ${p}`).join('\n')}`,
  );
  process.exit(1);
}
if (stale.length) {
  console.error(`Stale machine docs (run npm run docs:machines):\n${stale.map((s) => `  ${s}`).join('\n')}`);
  process.exit(1);
}
console.log(check ? 'Machine docs are up to date.' : `Wrote docs/machines for ${MACHINE_PAGES.length} pages.`);

/**
 * `npm run docs:machines` writes docs/machines/<name>.md from each machine's definition (plus
 * the hand-written notes beside the machine); `-- --check` fails when a page is stale.
 */
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyStateMachine } from 'xstate';
import { imagePreviewMachine } from '../machines/image-preview/image-preview.machine.js';
import { sessionMachine } from '../machines/session/session.machine.js';
import { toastMachine, toasterMachine } from '../machines/toasts/toasts.machine.js';
import { renderPage } from './machine-docs/render.js';

const PAGES: { name: string; title: string; machines: AnyStateMachine[] }[] = [
  { name: 'session', title: 'session', machines: [sessionMachine] },
  { name: 'toasts', title: 'toasts', machines: [toasterMachine, toastMachine] },
  { name: 'image-preview', title: 'image-preview', machines: [imagePreviewMachine] },
];

const root = process.cwd();
const check = process.argv.includes('--check');
const stale: string[] = [];
mkdirSync(join(root, 'docs/machines'), { recursive: true });
for (const page of PAGES) {
  const source = `machines/${page.name}/${page.name}.machine.ts`;
  const notesFile = join(root, `machines/${page.name}/${page.name}.notes.md`);
  const notes = existsSync(notesFile) ? readFileSync(notesFile, 'utf8') : '';
  const content = renderPage(page.title, source, notes, page.machines);
  const target = join(root, `docs/machines/${page.name}.md`);
  const current = existsSync(target) ? readFileSync(target, 'utf8') : '';
  if (current === content) continue;
  if (check) stale.push(target);
  else writeFileSync(target, content);
}
if (stale.length) {
  console.error(`Stale machine docs (run npm run docs:machines):\n${stale.map((s) => `  ${s}`).join('\n')}`);
  process.exit(1);
}
console.log(check ? 'Machine docs are up to date.' : `Wrote docs/machines for ${PAGES.length} pages.`);

/**
 * What the browser downloads for the chat. Builds the production web app into a temporary folder
 * (never dist/), starts the real server on it (port BENCH_PORT, default a free one, with its own
 * data folder), signs the demo member in through the form, then opens `/chat` in a fresh browser
 * context (empty HTTP cache) and records every JavaScript and CSS file the page loads until the
 * chat shows an open channel and the network is quiet. For each file it prints the raw and the
 * gzip size (node:zlib, level 9, computed here), what the chunk mostly holds, and the totals
 * against the budget:
 *
 *   - at most 300 KB (KiB, 1024 bytes) gzip of JavaScript in total, React and stream-chat included;
 *   - the emoji data (@emoji-mart/data), the emoji picker (emoji-mart, @emoji-mart/react) and the
 *     rarely used dialogs (modules named *Dialog.tsx, not the dialog frames) are not loaded.
 *
 * Then it lists the chunks the page did not load. Each budget line says PASS or FAIL; the exit
 * code is 0 either way (1 only when the benchmark itself could not run).
 *
 *   npx tsx bench/bundle.ts
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromiumPath, launchChromium, signInState, VIEWPORT } from './support/browser.js';
import { onCleanup, runBench } from './support/cleanup.js';
import { freePort, startBenchServer } from './support/server.js';
import { buildWebApp, ROOT, type BuiltChunk } from './support/web-build.js';

const JS_BUDGET_BYTES = 300 * 1024;
const KB = 1024;

/** Modules that must only load on demand, by what they are. */
const ON_DEMAND: { label: string; module: RegExp }[] = [
  { label: 'emoji data (@emoji-mart/data)', module: /\/node_modules\/@emoji-mart\/data\// },
  {
    label: 'emoji picker (emoji-mart, @emoji-mart/react)',
    module: /\/node_modules\/(emoji-mart|@emoji-mart\/react)\//,
  },
  {
    label: 'rarely used dialogs (src/**/*Dialog.tsx)',
    // The frames other components build their dialogs and popovers on are not dialogs themselves.
    module: /\/src\/(?!.*\/(AnchoredDialog|ModalDialog)\.tsx$).*Dialog\.tsx$/,
  },
  {
    label: 'the thread panel and the threads view (src/features/chat/thread/, threads/ThreadsView.tsx)',
    module: /\/src\/features\/chat\/(thread\/|threads\/ThreadsView\.tsx$)/,
  },
  {
    // Only the header's button (DetailsButton.tsx) comes with the chat.
    label: 'the channel details panel (src/features/chat/channel-details/)',
    module: /\/src\/features\/chat\/channel-details\/(?!DetailsButton\.tsx$)/,
  },
  {
    label: 'the location card and the live-location manager (location/LocationCard.tsx, machines/live-location/)',
    module:
      /\/(src\/features\/chat\/location\/(LocationCard|live-location-session)\.tsx?|machines\/live-location\/.*)$/,
  },
  {
    label:
      'reminders: the menu, the line, the view, the due notices and their strings (src/features/chat/reminders/ but the link, the slot and what announces a due reminder)',
    module:
      /\/src\/(features\/chat\/reminders\/(?!((RemindersLink|ReminderSlot|lazy-reminders-view|reminder-actions|DueReminders|due-reminder-gate)\.tsx?)$)|i18n\/locales\/reminders\/)/,
  },
  {
    label: 'the voice recorder and player (src/features/chat/voice/ but its button, machines/voice-recorder/)',
    module: /\/(src\/features\/chat\/voice\/(?!VoiceButton\.tsx$)|machines\/voice-recorder\/)/,
  },
];
/** Emoji-mart's data, found by content too (the first emojis of its first category). */
const EMOJI_DATA_SIGNATURE = /grinning\W{1,6}smiley\W{1,6}smile\W/;
/** Shown for information: modules in loaded chunks that look like overlays. */
const OVERLAY_LIKE = /\/src\/.*(Dialog|Modal|Picker|Popover|Switcher|NewDirectMessage)\.tsx$/;

interface LoadedFile {
  path: string;
  kind: 'js' | 'css';
  raw: number;
  gzip: number;
  content: string;
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');
const short = (id: string) => relative(ROOT, id.replace(/^\0/, '').split('?')[0]!);

/** Where a module comes from: its npm package, or its source folder. */
function origin(id: string): string {
  const path = short(id);
  const pkg = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(path);
  if (pkg) return pkg[1]!;
  const parts = path.split('/');
  return parts.length > 2 ? parts.slice(0, parts[0] === 'src' ? 3 : 2).join('/') : path;
}

/** "react-dom 55%, stream-chat 30%, …": the chunk's biggest sources by rendered length. */
function holds(chunk: BuiltChunk | undefined): string {
  if (!chunk) return '';
  const bySource = new Map<string, number>();
  let total = 0;
  for (const [id, size] of Object.entries(chunk.moduleSizes)) {
    bySource.set(origin(id), (bySource.get(origin(id)) ?? 0) + size);
    total += size;
  }
  if (total === 0) return chunk.facadeModuleId ? short(chunk.facadeModuleId) : '';
  const top = [...bySource.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3);
  return top.map(([source, size]) => `${source} ${Math.round((size / total) * 100)}%`).join(', ');
}

function table(files: LoadedFile[], chunks: Map<string, BuiltChunk>): void {
  console.log(`  ${'file'.padEnd(44)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)}  holds`);
  for (const file of [...files].sort((a, b) => b.gzip - a.gzip)) {
    console.log(
      `  ${file.path.padEnd(44)} ${kb(file.raw).padStart(10)} ${kb(file.gzip).padStart(10)}  ${holds(chunks.get(file.path))}`,
    );
  }
}

async function main(): Promise<void> {
  chromiumPath();
  const tmp = await mkdtemp(join(tmpdir(), 'sideline-bench-bundle-'));
  onCleanup('temporary folder', () => rm(tmp, { recursive: true, force: true }));
  const webRoot = join(tmp, 'web');

  let started = performance.now();
  const built = await buildWebApp(webRoot);
  console.log(`Built the web app (production) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const chunks = new Map(built.map((chunk) => [chunk.fileName, chunk]));

  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
  const server = await startBenchServer({ port, dataDir: join(tmp, 'data'), webRoot });
  const browser = await launchChromium();
  const storageState = await signInState(browser, server.browserUrl);
  const context = await browser.newContext({
    baseURL: server.browserUrl,
    viewport: VIEWPORT,
    locale: 'en-US',
    storageState,
  });
  const page = await context.newPage();

  const files = new Map<string, LoadedFile>();
  const reading: Promise<void>[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin !== new URL(server.browserUrl).origin) return;
    const kind = url.pathname.endsWith('.js') ? 'js' : url.pathname.endsWith('.css') ? 'css' : null;
    if (!kind) return;
    const path = url.pathname.replace(/^\//, '');
    reading.push(
      response
        .body()
        .catch(() => readFile(join(webRoot, path)))
        .then((bytes) => {
          files.set(path, {
            path,
            kind,
            raw: bytes.length,
            gzip: gzipSync(bytes, { level: 9 }).length,
            content: bytes.toString(),
          });
        }),
    );
  });

  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  started = performance.now();
  await page.goto('/chat');
  try {
    await page.locator('.chat-workspace').waitFor({ timeout: 60_000 });
  } catch {
    const said = (await page.evaluate(() => document.body.innerText)).replace(/\s+/g, ' ').slice(0, 300);
    throw new Error(
      `the chat did not show within 60 s at ${page.url()}; the page said: ${JSON.stringify(said)}` +
        (errors.length ? `; page errors: ${errors.join(' | ')}` : ''),
    );
  }
  const channelShown = await page
    .locator('section[data-cid]')
    .waitFor({ timeout: 15_000 })
    .then(() => true)
    .catch(() => false);
  await page.waitForLoadState('networkidle');
  // Late imports (a locale's dates, a lazily loaded part) have a moment to start.
  await page.waitForTimeout(1500);
  await page.waitForLoadState('networkidle');
  await Promise.all(reading);
  console.log(
    `Opened /chat signed in as the demo member (${page.url().replace(server.browserUrl, '')}` +
      `${channelShown ? ', a channel open' : ', NO channel open: the page may not load everything it will'})` +
      ` in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const loaded = [...files.values()];
  const js = loaded.filter((file) => file.kind === 'js');
  const css = loaded.filter((file) => file.kind === 'css');
  const sum = (list: LoadedFile[], key: 'raw' | 'gzip') => list.reduce((total, file) => total + file[key], 0);

  console.log(`\nJavaScript loaded on /chat (${js.length} files):`);
  table(js, chunks);
  console.log(`  ${'total'.padEnd(44)} ${kb(sum(js, 'raw')).padStart(10)} ${kb(sum(js, 'gzip')).padStart(10)}`);
  console.log(`\nCSS loaded on /chat (${css.length} files):`);
  table(css, chunks);
  console.log(`  ${'total'.padEnd(44)} ${kb(sum(css, 'raw')).padStart(10)} ${kb(sum(css, 'gzip')).padStart(10)}`);

  const loadedModules = js.flatMap((file) => chunks.get(file.path)?.moduleIds ?? []);
  const notLoaded = built.filter((chunk) => !files.has(chunk.fileName));
  console.log(`\nChunks NOT loaded on /chat (${notLoaded.length}, loaded on demand):`);
  const notLoadedRows = await Promise.all(
    notLoaded.map(async (chunk) => ({
      chunk,
      gzip: gzipSync(await readFile(join(webRoot, chunk.fileName)), { level: 9 }).length,
    })),
  );
  for (const { chunk, gzip } of notLoadedRows.sort((a, b) => b.gzip - a.gzip)) {
    const what = chunk.facadeModuleId ? short(chunk.facadeModuleId) : holds(chunk);
    console.log(`  ${chunk.fileName.padEnd(44)} ${kb(gzip).padStart(10)}  ${what}`);
  }

  const overlays = [...new Set(loadedModules.filter((id) => OVERLAY_LIKE.test(id)).map(short))];
  console.log(
    `\nOverlay-like modules in the loaded chunks (information): ${overlays.length ? overlays.join(', ') : 'none'}`,
  );

  console.log('\nBudget:');
  const jsTotal = sum(js, 'gzip');
  console.log(
    `  ${verdict(jsTotal <= JS_BUDGET_BYTES)}  JavaScript on /chat: ${kb(jsTotal)} gzip of at most ${kb(JS_BUDGET_BYTES)}` +
      ` (${((jsTotal / JS_BUDGET_BYTES) * 100).toFixed(0)}% of the budget)`,
  );
  for (const rule of ON_DEMAND) {
    const inBuild = built.some((chunk) => chunk.moduleIds.some((id) => rule.module.test(id)));
    const eager = [...new Set(loadedModules.filter((id) => rule.module.test(id)).map(short))];
    const where = !inBuild ? ' (not in the build at all: nothing imports it yet)' : '';
    console.log(
      `  ${verdict(eager.length === 0)}  ${rule.label} loaded on demand${where}` +
        (eager.length ? `: loaded on /chat: ${eager.slice(0, 8).join(', ')}${eager.length > 8 ? ', …' : ''}` : ''),
    );
  }
  const withEmojiData = js.filter((file) => EMOJI_DATA_SIGNATURE.test(file.content)).map((file) => file.path);
  console.log(
    `  ${verdict(withEmojiData.length === 0)}  no loaded file contains emoji-mart's data (by content)` +
      (withEmojiData.length ? `: ${withEmojiData.join(', ')}` : ''),
  );
  await context.close();
}

await runBench(main);

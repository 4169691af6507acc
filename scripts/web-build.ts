/**
 * Builds the web app when dist/ is missing or older than any of its sources, so `npm start`
 * always serves what the sources say without a separate build step.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = ['index.html', 'vite.config.ts', 'package.json', 'src', 'machines', 'public'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function isWebBuildStale(root: string, outDir = join(root, 'dist')): boolean {
  const built = join(outDir, 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return SOURCES.some((source) => newestMtime(join(root, source)) > builtAt);
}

export async function ensureWebBuild(root: string): Promise<void> {
  if (!isWebBuildStale(root)) return;
  const started = Date.now();
  console.log('  Building the web app (first run, or the sources changed)…');
  const { build } = await import('vite');
  // `npm start` serves a production bundle whatever NODE_ENV the server runs under (the e2e tests
  // run it with NODE_ENV=test, which Vite would otherwise turn into a development build).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root, logLevel: 'warn', mode: 'production' });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  console.log(`  Web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

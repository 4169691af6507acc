/**
 * Production builds for the browser benchmarks, always into a folder the caller names (never the
 * repository's dist/, which `npm start` and the end-to-end runs serve).
 */
import react from '@vitejs/plugin-react';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** One JavaScript chunk of a build, with the modules it holds and the CSS it brings. */
export interface BuiltChunk {
  fileName: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  /** The module a dynamic or entry chunk stands for (absolute path), if any. */
  facadeModuleId: string | null;
  moduleIds: string[];
  /** Rendered (minified) length of each module in the chunk, by module id. */
  moduleSizes: Record<string, number>;
  css: string[];
}

interface OutputLike {
  output: {
    type: 'chunk' | 'asset';
    fileName: string;
    isEntry?: boolean;
    isDynamicEntry?: boolean;
    facadeModuleId?: string | null;
    moduleIds?: string[];
    modules?: Record<string, { renderedLength: number }>;
    viteMetadata?: { importedCss?: Set<string> };
  }[];
}

/** No report of the bundler's plugin timings (a busy machine makes it print one every time). */
const QUIET = { checks: { bundlerTimings: false } };

/** Runs `vite build` as production whatever NODE_ENV is (as scripts/web-build.ts does). */
async function productionBuild(config: Record<string, unknown>): Promise<BuiltChunk[]> {
  const { build } = await import('vite');
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const result = (await build({ logLevel: 'warn', mode: 'production', ...config })) as unknown;
    const outputs = (Array.isArray(result) ? result : [result]) as OutputLike[];
    return outputs.flatMap((o) =>
      o.output
        .filter((item) => item.type === 'chunk')
        .map((chunk) => ({
          fileName: chunk.fileName,
          isEntry: chunk.isEntry ?? false,
          isDynamicEntry: chunk.isDynamicEntry ?? false,
          facadeModuleId: chunk.facadeModuleId ?? null,
          moduleIds: chunk.moduleIds ?? [],
          moduleSizes: Object.fromEntries(
            Object.entries(chunk.modules ?? {}).map(([id, module]) => [id, module.renderedLength]),
          ),
          css: [...(chunk.viteMetadata?.importedCss ?? [])],
        })),
    );
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

/** The web app, built with the repository's vite.config.ts into `outDir`. */
export function buildWebApp(outDir: string): Promise<BuiltChunk[]> {
  return productionBuild({ root: ROOT, build: { outDir, emptyOutDir: true, rolldownOptions: QUIET } });
}

/**
 * A bench page (an HTML file relative to the repository, e.g. bench/message-list/bare.html),
 * built on its own with React (no repository config) into `outDir`, to be served from `base`.
 */
export function buildBenchPage(htmlFile: string, outDir: string, base: string): Promise<BuiltChunk[]> {
  const input = join(ROOT, htmlFile);
  return productionBuild({
    configFile: false,
    root: dirname(input),
    base,
    plugins: [react()],
    // stream-chat alone is a large chunk; that is the baseline, not a warning.
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 5000, rolldownOptions: { ...QUIET, input } },
  });
}

/**
 * Runs a benchmark's main function and, however it ends (done, failed, Ctrl+C), the clean-up
 * steps it registered, newest first: browsers closed, servers stopped, temporary folders removed.
 */
const steps: { label: string; run: () => Promise<void> | void }[] = [];
let cleaning: Promise<void> | null = null;

/** Registers a clean-up step; steps run in reverse order of registration. */
export function onCleanup(label: string, run: () => Promise<void> | void): void {
  steps.push({ label, run });
}

async function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (let step = steps.pop(); step; step = steps.pop()) {
      try {
        await step.run();
      } catch (error) {
        console.error(`clean-up (${step.label}) failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  })();
  return cleaning;
}

/**
 * Runs `main`; any failure prints its message (BENCH_DEBUG=1: its stack) and sets exit code 1.
 * Clean-up always runs.
 */
export async function runBench(main: () => Promise<void>): Promise<void> {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping…`);
      void cleanUp().then(() => process.exit(130));
    });
  }
  try {
    await main();
  } catch (error) {
    // The stack only on request: most failures (no Chromium, port taken) say all in their message.
    const detail = error instanceof Error ? (process.env.BENCH_DEBUG ? error.stack : error.message) : String(error);
    console.error(`\nbenchmark failed: ${detail}`);
    process.exitCode = 1;
  } finally {
    await cleanUp();
  }
}

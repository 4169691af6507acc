/**
 * Starts the real Sideline server for a browser benchmark in a child process (so its CPU is not
 * the browser driver's), on a given port with its own data folder and the web build the benchmark
 * made: the same as `PORT=… DATA_DIR=… WEB_ROOT=… npm start` minus the build step.
 */
import { fork } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { onCleanup } from './cleanup.js';
import type { FromServe, ToServe } from './serve.js';

export interface BenchServer {
  url: string;
  /**
   * The address for the browser: `localhost`, as the server's default PUBLIC_URL names it, so
   * pictures the chat links absolutely (avatars) come from the same site as the page.
   */
  browserUrl: string;
  /** The chat sandbox's base URL (`<url>/chat`). */
  chatUrl: string;
  apiKey: string;
  apiSecret: string;
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 120_000;

/** A port nobody listens on right now (the system picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function startBenchServer(options: {
  port: number;
  dataDir: string;
  webRoot: string;
}): Promise<BenchServer> {
  await mkdir(options.dataDir, { recursive: true });
  const child = fork(fileURLToPath(new URL('./serve.ts', import.meta.url)), [], {
    execArgv: process.execArgv,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      WEB_ROOT: options.webRoot,
      LOG_LEVEL: 'warn',
    },
  });
  // Kept to explain a failed start; the server's own banner is not shown.
  const output: string[] = [];
  const keep = (data: Buffer) => {
    output.push(...data.toString().split('\n').filter(Boolean));
    output.splice(0, Math.max(0, output.length - 40));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      if (child.connected) child.send({ type: 'stop' } satisfies ToServe);
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    })();
    return stopping;
  };
  onCleanup(`server on port ${options.port}`, stop);

  const ready = await new Promise<FromServe>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the server did not start within ${START_TIMEOUT_MS / 1000} s`)),
      START_TIMEOUT_MS,
    );
    child.once('message', (message: FromServe) => {
      clearTimeout(timer);
      resolve(message);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(
        new Error(
          `the server exited before it was ready (code ${code}); is port ${options.port} free?\n` +
            output.map((line) => `  | ${line}`).join('\n'),
        ),
      );
    });
  });
  return {
    url: ready.url,
    browserUrl: `http://localhost:${options.port}`,
    chatUrl: `${ready.url}/chat`,
    apiKey: ready.apiKey,
    apiSecret: ready.apiSecret,
    stop,
  };
}

/**
 * Chat fan-out cost. N users watch one channel; one of them sends M messages at a steady rate;
 * every receiver records each message's delivery latency. Three runs with the identical load,
 * each on a fresh server:
 *   1. the chat sandbox with real `stream-chat` clients (WebSocket, `channel.watch()`,
 *      `channel.sendMessage`), as the app uses it;
 *   2. the chat sandbox with raw `ws` receivers that make the same handshake and watch call, and
 *      a fetch sender: the same client-side work as run 3, so the difference is the server's;
 *   3. a bare `ws` broadcast server (HTTP POST per message, rebroadcast to N raw `ws` clients).
 * It prints p50/p99/max latency, deliveries/s, and the ratios to the bare server.
 *
 * Each server runs in its own child process, so its CPU time (process.cpuUsage in the child over
 * the measured window) and event-loop delay are the server's alone; the clients run in this
 * process, whose CPU is printed separately. The clients' own event handling is part of the
 * latency (in run 1, `stream-chat` does far more per event than a raw socket), and a busy machine
 * inflates every latency, so the load average is printed too. Loopback only; stops by itself.
 *
 *   npx tsx bench/chat-fanout.ts [clients=200] [messages=200] [rate=20]
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createServer, type IncomingMessage } from 'node:http';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StreamChat } from 'stream-chat';
import { WebSocket, WebSocketServer } from 'ws';
import { createChatToken } from '../server/api/auth/chat-token.js';

const CHANNEL_ID = 'fanout';
const WARM_UP = 10;
/** How long to wait for stragglers after the last message was sent. */
const DRAIN_MS = 10_000;

/** Messages between this process and a server child. */
type ToChild = { type: 'cpu' } | { type: 'stop' };
type FromChild =
  | { type: 'ready'; port: number; apiKey: string; secret: string }
  | { type: 'cpu'; usage: NodeJS.CpuUsage; rss: number; loopDelayP99: number };

interface Figures {
  deliveries: number;
  expected: number;
  p50: number;
  p99: number;
  max: number;
  deliveredPerSecond: number;
  serverCpuPercent: number;
  serverCpuMicrosPerDelivery: number;
  serverRssMb: number;
  /** The server's event-loop delay (p99, ms) over the measured window. */
  serverLoopDelayP99: number;
  clientCpuPercent: number;
}

/** The receivers of one run: how to send a message and how deliveries are reported. */
interface Load {
  send(text: string): Promise<void>;
  onDelivery(listener: (text: string) => void): void;
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Server children (this same file, started with --serve sandbox|bare).

async function serveSandbox(dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const { loadConfig } = await import('../server/config.js');
  const { createDatabase } = await import('../server/db/database.js');
  const { migrateToLatest } = await import('../server/db/migrate.js');
  const { buildApp } = await import('../server/app.js');
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_ROOT: join(dataDir, 'web'),
    LOG_LEVEL: 'error',
  });
  const database = createDatabase({ url: null, sqliteFile: join(dataDir, 'sideline.sqlite') });
  await migrateToLatest(database);
  const app = await buildApp(config, database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  childLoop({ type: 'ready', port, apiKey: config.chatApiKey, secret: config.chatApiSecret }, async () => {
    await app.close();
    await database.destroy();
  });
}

async function serveBare(): Promise<void> {
  const http = createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/message') {
      response.writeHead(404).end();
      return;
    }
    void readBody(request).then((body) => {
      const message = JSON.parse(body) as { text: string };
      const frame = JSON.stringify({ type: 'message.new', message, created_at: new Date().toISOString() });
      for (const client of sockets.clients) client.send(frame);
      response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ message }));
    });
  });
  const sockets = new WebSocketServer({ server: http });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const port = (http.address() as { port: number }).port;
  childLoop({ type: 'ready', port, apiKey: '', secret: '' }, async () => {
    for (const client of sockets.clients) client.terminate();
    await new Promise<void>((resolve) => sockets.close(() => http.close(() => resolve())));
  });
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

function childLoop(ready: FromChild, stop: () => Promise<void>): void {
  const send = (message: FromChild) => process.send?.(message);
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  process.on('message', (message: ToChild) => {
    if (message.type === 'cpu') {
      const loopDelayP99 = loopDelay.percentile(99) / 1e6;
      loopDelay.reset();
      send({ type: 'cpu', usage: process.cpuUsage(), rss: process.memoryUsage().rss, loopDelayP99 });
    }
    if (message.type === 'stop') void stop().then(() => process.exit(0));
  });
  process.on('disconnect', () => process.exit(0));
  send(ready);
}

// ---------------------------------------------------------------------------------------------
// The measuring side.

class ServerChild {
  private waiting: ((message: FromChild) => void)[] = [];

  private constructor(private readonly child: ChildProcess) {
    child.on('message', (message: FromChild) => this.waiting.shift()?.(message));
  }

  static async start(
    mode: 'sandbox' | 'bare',
    dataDir: string,
  ): Promise<{ server: ServerChild; ready: FromChild & { type: 'ready' } }> {
    const child = fork(fileURLToPath(import.meta.url), ['--serve', mode, dataDir], {
      execArgv: process.execArgv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const server = new ServerChild(child);
    const ready = await server.next();
    if (ready.type !== 'ready') throw new Error(`the ${mode} server did not start`);
    return { server, ready };
  }

  private next(): Promise<FromChild> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the server child did not answer')), 60_000);
      this.waiting.push((message) => {
        clearTimeout(timer);
        resolve(message);
      });
    });
  }

  async cpu(): Promise<{ micros: number; rss: number; loopDelayP99: number }> {
    this.child.send({ type: 'cpu' } satisfies ToChild);
    const answer = await this.next();
    if (answer.type !== 'cpu') throw new Error('unexpected answer from the server child');
    return { micros: answer.usage.user + answer.usage.system, rss: answer.rss, loopDelayP99: answer.loopDelayP99 };
  }

  async stop(): Promise<void> {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.send({ type: 'stop' } satisfies ToChild);
    const timer = setTimeout(() => this.child.kill(), 10_000);
    await exited;
    clearTimeout(timer);
  }
}

/** Runs `task` over `items`, at most `width` at a time. */
async function inBatches<T>(items: T[], width: number, task: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        await task(items[index]!, index);
      }
    }),
  );
}

const userIds = (clients: number) => Array.from({ length: clients }, (_, i) => `fan${String(i).padStart(4, '0')}`);

/** The channel, with every bench user as a member, created with the server-side client. */
async function createChannel(baseURL: string, ready: { apiKey: string; secret: string }, ids: string[]): Promise<void> {
  const admin = new StreamChat(ready.apiKey, ready.secret, { baseURL, timeout: 30_000 });
  await admin.channel('messaging', CHANNEL_ID, { members: ids, created_by_id: ids[0]! }).create();
}

/** Receivers are `stream-chat` clients; the sender is one of them (`channel.sendMessage`). */
async function streamChatLoad(ready: { port: number; apiKey: string; secret: string }, clients: number): Promise<Load> {
  const baseURL = `http://127.0.0.1:${ready.port}/chat`;
  const ids = userIds(clients);
  const users: StreamChat[] = [];
  await inBatches(ids, 20, async (id) => {
    const client = new StreamChat(ready.apiKey, { baseURL, allowServerSideConnect: true, timeout: 30_000 });
    await client.connectUser({ id, name: id }, createChatToken(id, ready.secret, 3600));
    users.push(client);
  });
  await createChannel(baseURL, ready, ids);
  await inBatches(users, 20, async (client) => {
    await client.channel('messaging', CHANNEL_ID).watch();
  });
  const sender = users.find((client) => client.userID === ids[0])!.channel('messaging', CHANNEL_ID);
  return {
    async send(text) {
      await sender.sendMessage({ text });
    },
    onDelivery(listener) {
      for (const client of users) {
        client.on('message.new', (event) => {
          if (event.message?.text) listener(event.message.text);
        });
      }
    },
    async close() {
      await Promise.all(users.map((client) => client.disconnectUser()));
    },
  };
}

/**
 * Receivers are raw `ws` sockets speaking the sandbox's protocol (the handshake and watch a
 * `stream-chat` client makes, nothing else), and the sender posts with fetch: the same client
 * work as the bare run, so the difference is the server's.
 */
async function rawSandboxLoad(ready: { port: number; apiKey: string; secret: string }, clients: number): Promise<Load> {
  const base = `127.0.0.1:${ready.port}/chat`;
  const ids = userIds(clients);
  const sockets: WebSocket[] = [];
  const connectionIds = new Map<string, string>();
  await inBatches(ids, 20, async (id) => {
    const query = new URLSearchParams({
      json: JSON.stringify({ user_id: id, user_details: { id, name: id }, client_request_id: crypto.randomUUID() }),
      api_key: ready.apiKey,
      authorization: createChatToken(id, ready.secret, 3600),
      'stream-auth-type': 'jwt',
    });
    const socket = new WebSocket(`ws://${base}/connect?${query}`);
    const first = await new Promise<{ connection_id?: string }>((resolve, reject) => {
      socket.once('message', (data: Buffer) => resolve(JSON.parse(data.toString()) as { connection_id?: string }));
      socket.once('error', reject);
    });
    if (!first.connection_id) throw new Error(`the sandbox refused the connection of ${id}`);
    connectionIds.set(id, first.connection_id);
    sockets.push(socket);
  });
  await createChannel(`http://${base}`, ready, ids);
  const request = (id: string, path: string, body: unknown) => {
    const query = new URLSearchParams({ api_key: ready.apiKey, user_id: id, connection_id: connectionIds.get(id)! });
    return fetch(`http://${base}${path}?${query}`, {
      method: 'POST',
      headers: {
        authorization: createChatToken(id, ready.secret, 3600),
        'stream-auth-type': 'jwt',
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
  };
  await inBatches(ids, 20, async (id) => {
    const response = await request(id, `/channels/messaging/${CHANNEL_ID}/query`, { state: true, watch: true });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`watch failed for ${id}: ${response.status}`);
  });
  return {
    async send(text) {
      const response = await request(ids[0]!, `/channels/messaging/${CHANNEL_ID}/message`, {
        message: { id: crypto.randomUUID(), text },
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`the sandbox answered ${response.status}`);
    },
    onDelivery(listener) {
      for (const socket of sockets) {
        socket.on('message', (data: Buffer) => {
          const event = JSON.parse(data.toString()) as { type?: string; message?: { text?: string } };
          if (event.type === 'message.new' && event.message?.text) listener(event.message.text);
        });
      }
    },
    async close() {
      for (const socket of sockets) socket.close();
    },
  };
}

async function bareLoad(ready: { port: number }, clients: number): Promise<Load> {
  const sockets: WebSocket[] = [];
  await inBatches(Array.from({ length: clients }), 20, async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${ready.port}/`);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    sockets.push(socket);
  });
  return {
    async send(text) {
      const response = await fetch(`http://127.0.0.1:${ready.port}/message`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: crypto.randomUUID(), text }),
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`the bare server answered ${response.status}`);
    },
    onDelivery(listener) {
      for (const socket of sockets) {
        socket.on('message', (data: Buffer) => {
          const event = JSON.parse(data.toString()) as { message?: { text?: string } };
          if (event.message?.text) listener(event.message.text);
        });
      }
    },
    async close() {
      for (const socket of sockets) socket.close();
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends `count` messages at `rate` per second (open loop: sends never wait for earlier ones). */
async function measure(
  load: Load,
  server: ServerChild,
  clients: number,
  count: number,
  rate: number,
): Promise<Figures> {
  const latencies: number[] = [];
  let lastDelivery = 0;
  let measuring = false;
  load.onDelivery((text) => {
    const [, run, sentAt] = text.split(' ');
    if (run !== 'measure' || !measuring) return;
    const now = performance.now();
    latencies.push(now - Number(sentAt));
    lastDelivery = now;
  });
  // Warm-up (JIT, connection pools), not measured.
  for (let i = 0; i < WARM_UP; i++) await load.send(`bench warm-up ${i}`);
  await sleep(500);

  const expected = clients * count;
  measuring = true;
  const cpuBefore = await server.cpu();
  const clientCpuBefore = process.cpuUsage();
  const started = performance.now();
  const sends: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    sends.push(load.send(`bench measure ${performance.now().toFixed(3)} ${i}`));
  }
  await Promise.all(sends);
  const deadline = performance.now() + DRAIN_MS;
  while (latencies.length < expected && performance.now() < deadline) await sleep(20);
  const cpuAfter = await server.cpu();
  const clientCpu = process.cpuUsage(clientCpuBefore);
  measuring = false;

  const seconds = ((lastDelivery || performance.now()) - started) / 1000;
  const serverMicros = cpuAfter.micros - cpuBefore.micros;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return {
    deliveries: latencies.length,
    expected,
    p50: at(0.5),
    p99: at(0.99),
    max: latencies[latencies.length - 1] ?? NaN,
    deliveredPerSecond: latencies.length / seconds,
    serverCpuPercent: (serverMicros / 1e6 / seconds) * 100,
    serverCpuMicrosPerDelivery: serverMicros / Math.max(1, latencies.length),
    serverRssMb: cpuAfter.rss / (1024 * 1024),
    serverLoopDelayP99: cpuAfter.loopDelayP99,
    clientCpuPercent: ((clientCpu.user + clientCpu.system) / 1e6 / seconds) * 100,
  };
}

function show(label: string, f: Figures): void {
  console.log(
    `${label.padEnd(22)} delivered ${f.deliveries}/${f.expected}  p50 ${f.p50.toFixed(2)} ms  p99 ${f.p99.toFixed(2)} ms  ` +
      `max ${f.max.toFixed(1)} ms  ${f.deliveredPerSecond.toFixed(0)} deliveries/s  server CPU ${f.serverCpuPercent.toFixed(1)}% ` +
      `(${f.serverCpuMicrosPerDelivery.toFixed(1)} µs/delivery, loop delay p99 ${f.serverLoopDelayP99.toFixed(1)} ms, ` +
      `RSS ${f.serverRssMb.toFixed(0)} MB)  clients CPU ${f.clientCpuPercent.toFixed(1)}%`,
  );
}

/** Latency figures mean little on a busy machine: say how busy it was. */
function showLoad(when: string): void {
  const [one] = loadavg();
  const cores = availableParallelism();
  const busy =
    one! > cores * 0.75 ? ' (busy machine: other processes compete for the CPU, latencies are inflated)' : '';
  console.log(`load average ${when}: ${one!.toFixed(2)} on ${cores} cores${busy}`);
}

type Phase = 'sandbox' | 'sandbox-raw' | 'bare';

async function run(phase: Phase, dataDir: string, clients: number, count: number, rate: number) {
  const { server, ready } = await ServerChild.start(phase === 'bare' ? 'bare' : 'sandbox', join(dataDir, phase));
  try {
    const load =
      phase === 'sandbox'
        ? await streamChatLoad(ready, clients)
        : phase === 'sandbox-raw'
          ? await rawSandboxLoad(ready, clients)
          : await bareLoad(ready, clients);
    try {
      return await measure(load, server, clients, count, rate);
    } finally {
      await load.close();
    }
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const clients = Number(process.argv[2] ?? 200);
  const count = Number(process.argv[3] ?? 200);
  const rate = Number(process.argv[4] ?? 20);
  for (const [name, value, max] of [
    ['clients', clients, 2000],
    ['messages', count, 100_000],
    ['rate', rate, 10_000],
  ] as const) {
    if (!Number.isInteger(value) || value < 1 || value > max)
      throw new Error(`${name} must be an integer from 1 to ${max}`);
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'sideline-bench-'));
  try {
    console.log(
      `Chat fan-out: ${clients} clients watching one channel, ${count} messages at ${rate}/s from one sender`,
    );
    showLoad('before');
    const sandbox = await run('sandbox', dataDir, clients, count, rate);
    show('sandbox, stream-chat', sandbox);
    const raw = await run('sandbox-raw', dataDir, clients, count, rate);
    show('sandbox, raw ws', raw);
    const bare = await run('bare', dataDir, clients, count, rate);
    show('bare ws broadcast', bare);
    const ratio = (a: number, b: number) => (a / b).toFixed(2);
    for (const [label, f] of [
      ['sandbox (stream-chat clients) / bare', sandbox],
      ['sandbox (raw ws clients) / bare     ', raw],
    ] as const) {
      console.log(
        `ratio ${label}: p50 ${ratio(f.p50, bare.p50)}  p99 ${ratio(f.p99, bare.p99)}  ` +
          `deliveries/s ${ratio(f.deliveredPerSecond, bare.deliveredPerSecond)}  ` +
          `server CPU ${ratio(f.serverCpuPercent, bare.serverCpuPercent)}  ` +
          `clients CPU ${ratio(f.clientCpuPercent, bare.clientCpuPercent)}`,
      );
    }
    showLoad('after');
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const serving = process.argv.indexOf('--serve');
if (serving >= 0) {
  const mode = process.argv[serving + 1];
  await (mode === 'sandbox' ? serveSandbox(process.argv[serving + 2]!) : serveBare());
} else {
  await main();
}

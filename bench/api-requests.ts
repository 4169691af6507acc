/**
 * Product API request cost. Starts the real app on SQLite (or DATABASE_URL) and measures,
 * with N sequential-concurrent requests, the signed-in `GET /api/auth/me` (session lookup,
 * user read, chat token) against a bare Fastify route in the same process, and prints the
 * ratio; then the sign-in latency, which scrypt dominates by design.
 *
 *   npx tsx bench/api-requests.ts [requests=2000] [concurrency=20]
 */
import Fastify from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { createDatabase } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { DEMO_USERS } from '../server/db/seed/demo-users.js';
import { seedDemoData } from '../server/db/seed/seed.js';

const total = Number(process.argv[2] ?? 2000);
const concurrency = Number(process.argv[3] ?? 20);

interface Figures {
  perSecond: number;
  p50: number;
  p99: number;
}

async function measure(url: string, headers: Record<string, string>, count: number): Promise<Figures> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < count) {
        const t = performance.now();
        const response = await fetch(url, { headers });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { perSecond: count / seconds, p50: at(0.5), p99: at(0.99) };
}

const show = (label: string, f: Figures) =>
  console.log(
    `${label.padEnd(28)} ${f.perSecond.toFixed(0).padStart(7)} req/s   p50 ${f.p50.toFixed(2)} ms   p99 ${f.p99.toFixed(2)} ms`,
  );

const dataDir = await mkdtemp(join(tmpdir(), 'sideline-bench-'));
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: process.env.DATABASE_URL });
const database = createDatabase({ url: config.databaseUrl, sqliteFile: join(dataDir, 'sideline.sqlite') });
await migrateToLatest(database);
await seedDemoData(database, dataDir, config.demoPassword);
const app = await buildApp(config, database);
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

const bare = Fastify();
bare.get('/hello', async () => ({ hello: 'world' }));
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/hello`;

/** Signs in like the browser does (visitor session, CSRF token, login); returns the cookie and time taken. */
async function signIn(): Promise<{ cookie: string; ms: number }> {
  const visit = await fetch(`${base}/api/csrf`);
  const visitorCookie = visit.headers.getSetCookie()[0]!.split(';')[0]!;
  const { csrfToken } = (await visit.json()) as { csrfToken: string };
  const started = performance.now();
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken, cookie: visitorCookie },
    body: JSON.stringify({ email: DEMO_USERS[0]!.email, password: config.demoPassword }),
  });
  const ms = performance.now() - started;
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);
  return { cookie: login.headers.getSetCookie()[0]!.split(';')[0]!, ms };
}

const signIns = [];
for (let i = 0; i < 10; i++) signIns.push(await signIn());
const cookie = signIns[0]!.cookie;
const signInTimes = signIns.map((s) => s.ms);

console.log(`Sideline API, ${database.dialect}, ${total} requests, concurrency ${concurrency}`);
await measure(bareUrl, {}, 200); // warm-up
await measure(`${base}/api/auth/me`, { cookie }, 200);
const bareFigures = await measure(bareUrl, {}, total);
const me = await measure(`${base}/api/auth/me`, { cookie }, total);
show('bare Fastify GET /hello', bareFigures);
show('GET /api/auth/me (signed in)', me);
console.log(`ratio me / bare throughput: ${(me.perSecond / bareFigures.perSecond).toFixed(2)}`);
signInTimes.sort((a, b) => a - b);
console.log(
  `sign-in (scrypt N=16384) median ${signInTimes[Math.floor(signInTimes.length / 2)]!.toFixed(1)} ms over ${signInTimes.length}`,
);

await app.close();
await bare.close();
await database.destroy();
await rm(dataDir, { recursive: true, force: true });

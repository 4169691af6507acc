/**
 * League API cost: player search and league standings, on SQLite and, when BENCH_DATABASE_URL (or
 * TEST_DATABASE_URL) names a PostgreSQL database, on PostgreSQL too (in a schema of its own,
 * dropped afterwards). Each engine gets 20 leagues and 5,000 players (bench/league/bulk-league.ts)
 * besides the demo data, and a signed-in commissioner of every league. Prints p50 and p99 per
 * endpoint at a fixed concurrency. Each read is compared with its own reference measured in the
 * same run: a handler that makes one round trip to the same engine and sends a pre-serialized body
 * of the read's size, since a read must check a session on the database and send 3–8 KB, which a
 * bare handler answering 17 bytes does not (issue #28). The goal is ≤ 1.5× at p50 and p99. The
 * bare handler's figures are printed for scale. Exit code 0 whether the goal is met or not (1 only
 * when the benchmark could not run). BENCH_CPU_PROFILE=<folder> writes a CPU profile of the
 * measured rounds.
 *
 *   npx tsx bench/league-api.ts [requests per endpoint=1000] [concurrency=10]
 */
import Fastify from 'fastify';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { createDatabase, type Database } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { DEMO_USERS } from '../server/db/seed/demo-users.js';
import { seedDemoData } from '../server/db/seed/seed.js';
import { seedBulkLeagues } from './league/bulk-league.js';
import { printRuleFigures } from './league/rule-figures.js';
import { onCleanup, runBench } from './support/cleanup.js';

const REQUESTS = Number(process.argv[2] ?? 1000);
const CONCURRENCY = Number(process.argv[3] ?? 10);
const LEAGUES = 20;
const PLAYERS = 5000;
const GOAL = 1.5;
const ROUNDS = 5;
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? null;

interface Figures {
  p50: number;
  p99: number;
}

/** `count` GETs, `CONCURRENCY` at a time, over the addresses `path(i)` names; the latencies. */
async function measure(path: (i: number) => string, headers: Record<string, string>, count: number, from = 0) {
  const latencies: number[] = [];
  let next = from;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < from + count; i = next++) {
        const url = path(i);
        const started = performance.now();
        const response = await fetch(url, { headers });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
        latencies.push(performance.now() - started);
      }
    }),
  );
  return latencies;
}

function figures(latencies: number[]): Figures {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: at(0.5), p99: at(0.99) };
}

async function withPg<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function openDatabase(engine: 'sqlite' | 'postgres', dataDir: string): Promise<Database> {
  if (engine === 'sqlite') return createDatabase({ sqliteFile: join(dataDir, 'sideline.sqlite') });
  const schema = `bench_league_${process.pid}`;
  await withPg(PG_URL!, (c) => c.query(`drop schema if exists ${schema} cascade; create schema ${schema}`));
  onCleanup(`PostgreSQL schema ${schema}`, async () => {
    await withPg(PG_URL!, (c) => c.query(`drop schema ${schema} cascade`));
  });
  return createDatabase({ url: PG_URL, sqliteFile: '', schema });
}

/** The mean size in bytes of the bodies a read sends, over a few of the addresses it is measured on. */
async function bodySize(path: (i: number) => string, headers: Record<string, string>): Promise<number> {
  let total = 0;
  const samples = 20;
  for (let i = 0; i < samples; i++) total += (await (await fetch(path(i), { headers })).arrayBuffer()).byteLength;
  return Math.round(total / samples);
}

/**
 * The fair floor for a read (issue #28): one round trip to the same engine, then a JSON body of
 * the read's size, serialized before the run; `url(i)` answers with endpoint i's size.
 */
async function referenceHandler(database: Database, sizes: number[]) {
  const bodies = sizes.map((size) => {
    const shell = '{"padding":""}';
    return `{"padding":"${'x'.repeat(Math.max(0, size - shell.length))}"}`;
  });
  const app = Fastify();
  app.get<{ Params: { i: string } }>('/reference/:i', async (request, reply) => {
    await sql`select 1 as one`.execute(database.db);
    return reply.type('application/json; charset=utf-8').send(bodies[Number(request.params.i)]);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  return {
    sizes,
    url: (i: number) => `http://127.0.0.1:${port}/reference/${i}`,
    close: () => app.close(),
  };
}

async function signIn(base: string, password: string): Promise<string> {
  const visit = await fetch(`${base}/api/csrf`);
  const visitorCookie = visit.headers.getSetCookie()[0]!.split(';')[0]!;
  const { csrfToken } = (await visit.json()) as { csrfToken: string };
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken, cookie: visitorCookie },
    body: JSON.stringify({ email: DEMO_USERS[0]!.email, password }),
  });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);
  return login.headers.getSetCookie()[0]!.split(';')[0]!;
}

async function runEngine(engine: 'sqlite' | 'postgres', bareUrl: string): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sideline-bench-league-'));
  onCleanup(`data folder ${dataDir}`, () => rm(dataDir, { recursive: true, force: true }));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
  const database = await openDatabase(engine, dataDir);
  onCleanup(`${engine} database`, () => database.destroy());
  await migrateToLatest(database);
  await seedDemoData(database, dataDir, config.demoPassword);
  const member = await database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', DEMO_USERS[0]!.email)
    .executeTakeFirstOrThrow();
  let started = performance.now();
  const leagues = await seedBulkLeagues(database.db, {
    leagues: LEAGUES,
    teams: 10,
    players: PLAYERS / LEAGUES,
    playedWeeks: 6,
    memberId: member.id,
  });
  console.log(
    `\n${engine}: ${LEAGUES} leagues, ${PLAYERS} players written in ${((performance.now() - started) / 1000).toFixed(1)} s (not measured)`,
  );
  const app = await buildApp(config, database);
  onCleanup(`${engine} app`, () => app.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const headers = { cookie: await signIn(base, config.demoPassword) };

  const league = (i: number) => leagues[i % leagues.length]!;
  const endpoints: [string, (i: number) => string][] = [
    ['standings  GET /api/leagues/:id', (i) => `${base}/api/leagues/${league(i)}`],
    [
      'search     ?q=<name prefix>',
      (i) => `${base}/api/leagues/${league(i)}/players?q=${['fisch', 'ada', 'kowal'][i % 3]}`,
    ],
    [
      'search     ?q=<typo>',
      (i) => `${base}/api/leagues/${league(i)}/players?q=${['fsicher', 'jnasen', 'hrovat'][i % 3]}`,
    ],
    ['players    ?sort=goals&position=FW', (i) => `${base}/api/leagues/${league(i)}/players?sort=goals&position=FW`],
  ];
  // Warm-up: the first requests compile queries and fill caches on both sides.
  await measure(() => bareUrl, {}, 200);
  for (const [, path] of endpoints) await measure(path, headers, 50);
  const reference = await referenceHandler(
    database,
    await Promise.all(endpoints.map(([, path]) => bodySize(path, headers))),
  );
  onCleanup(`${engine} reference handler`, () => reference.close());
  for (const i of endpoints.keys()) await measure(() => reference.url(i), {}, 50);

  // Rounds that take turns, so a change in the machine's load while the benchmark runs (other
  // work on its two cores) falls on the references and on every endpoint alike.
  const profiler = await startProfile();
  started = performance.now();
  const perRound = Math.ceil(REQUESTS / ROUNDS);
  const bareLatencies: number[] = [];
  const endpointLatencies = endpoints.map((): number[] => []);
  const referenceLatencies = endpoints.map((): number[] => []);
  for (let round = 0; round < ROUNDS; round++) {
    bareLatencies.push(...(await measure(() => bareUrl, {}, perRound)));
    for (const [i, [, path]] of endpoints.entries()) {
      referenceLatencies[i]!.push(...(await measure(() => reference.url(i), {}, perRound)));
      endpointLatencies[i]!.push(...(await measure(path, headers, perRound, round * perRound)));
    }
  }
  await profiler?.stop(engine);
  const line = (label: string, f: Figures) =>
    `  ${label.padEnd(36)} p50 ${f.p50.toFixed(2).padStart(7)} ms   p99 ${f.p99.toFixed(2).padStart(7)} ms`;
  console.log(`${line('bare Fastify handler (scale only)', figures(bareLatencies))}`);
  for (const [i, [label]] of endpoints.entries()) {
    const f = figures(endpointLatencies[i]!);
    const ref = figures(referenceLatencies[i]!);
    const ratio50 = f.p50 / ref.p50;
    const ratio99 = f.p99 / ref.p99;
    const verdict = `goal ≤ ${GOAL}×: ${ratio50 <= GOAL && ratio99 <= GOAL ? 'MET' : 'NOT MET'}`;
    console.log(line(`  reference, ${reference.sizes[i]} B body`, ref));
    console.log(`${line(label, f)}   ratio p50 ${ratio50.toFixed(2)}×  p99 ${ratio99.toFixed(2)}×  ${verdict}`);
  }
  console.log(
    `  (${REQUESTS} requests per line in ${ROUNDS} rounds, ${CONCURRENCY} at a time, ${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
}

/**
 * BENCH_CPU_PROFILE=<folder>: a CPU profile of the measured rounds only (not the seeding or the
 * warm-up), written there per engine, for Chrome DevTools' Performance panel.
 */
async function startProfile(): Promise<{ stop: (engine: string) => Promise<void> } | null> {
  const folder = process.env.BENCH_CPU_PROFILE;
  if (!folder) return null;
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
    );
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 100 });
  await post('Profiler.start');
  return {
    async stop(engine) {
      const { profile } = (await post('Profiler.stop')) as { profile: object };
      session.disconnect();
      const file = join(folder, `league-api-${engine}.cpuprofile`);
      await writeFile(file, JSON.stringify(profile));
      console.log(`  CPU profile of the measured rounds: ${file}`);
    },
  };
}

async function main(): Promise<void> {
  if (!Number.isInteger(REQUESTS) || REQUESTS < 100) throw new Error('requests must be an integer of 100 or more');
  if (!Number.isInteger(CONCURRENCY) || CONCURRENCY < 1) throw new Error('concurrency must be a positive integer');
  const bare = Fastify();
  bare.get('/hello', async () => ({ hello: 'world' }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  onCleanup('bare Fastify', () => bare.close());
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/hello`;
  console.log(`League API: p50/p99 per read against a same-size, one-round-trip reference, concurrency ${CONCURRENCY}`);
  printRuleFigures();
  await runEngine('sqlite', bareUrl);
  if (PG_URL) await runEngine('postgres', bareUrl);
  else console.log('\npostgres: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL database)');
}

await runBench(main);

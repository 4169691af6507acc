/** A real Sideline server on a random port, with its own data folder and database. */
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../../server/app.js';
import { loadConfig, type Config } from '../../server/config.js';
import { createDatabase, type Database } from '../../server/db/database.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import type { Engine } from './engines.js';

export interface TestServer {
  url: string;
  app: FastifyInstance;
  config: Config;
  database: Database;
  close(): Promise<void>;
  /** Stops the server and starts a new one on the same data (folder, database, port). */
  restart(): Promise<TestServer>;
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

export async function startTestServer(engine: Engine, env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sideline-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_ROOT: join(dataDir, 'web'),
    // Every test registers and fails sign-ins from 127.0.0.1; the throttle's own tests set these.
    REGISTER_MAX_PER_ADDRESS: '100000',
    LOGIN_ADDRESS_MAX_FAILURES: '100000',
    ...env,
  });
  const schema = engine.url ? `test_${randomBytes(6).toString('hex')}` : undefined;
  if (engine.url && schema) await withPg(engine.url, (c) => c.query(`create schema ${schema}`));
  return boot(engine, config, dataDir, schema, 0);
}

async function boot(
  engine: Engine,
  config: Config,
  dataDir: string,
  schema: string | undefined,
  port: number,
): Promise<TestServer> {
  const database = createDatabase({
    url: engine.url,
    sqliteFile: join(dataDir, 'sideline.sqlite'),
    schema,
    statementCache: config.sqliteStatementCache,
    busyTimeoutMs: config.sqliteBusyTimeoutMs,
    poolMax: config.databasePoolMax,
  });
  await migrateToLatest(database);
  const app = await buildApp(config, database);
  await app.listen({ port, host: '127.0.0.1' });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${actualPort}`,
    app,
    config,
    database,
    async close() {
      await closeApp(app);
      await database.destroy();
      if (engine.url && schema) await withPg(engine.url, (c) => c.query(`drop schema ${schema} cascade`));
      await rm(dataDir, { recursive: true, force: true });
    },
    async restart() {
      await closeApp(app);
      await database.destroy();
      return boot(engine, config, dataDir, schema, actualPort);
    },
  };
}

/** How long a closing test server waits for its connections before it ends them. */
const CLOSE_GRACE_MS = 1000;

/**
 * Closes the app; connections still open after a grace (jsdom's fetch and chat sockets of a
 * test's browser-side clients, which a server alone would wait for until they time out) are
 * ended then, not at once, so work the app finishes while closing (the chat outbox) completes.
 */
async function closeApp(app: FastifyInstance): Promise<void> {
  const force = setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS);
  try {
    await app.close();
  } finally {
    clearTimeout(force);
  }
}

/** A member's stored row, read straight from the database. */
export const userRow = (server: TestServer, id: number) =>
  server.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The avatar files on disk (none before the first upload). */
export const avatarDir = (server: TestServer) => join(server.config.dataDir, 'avatars');
export const storedAvatars = (server: TestServer) => readdir(avatarDir(server)).catch(() => [] as string[]);

/**
 * Starts Sideline: configuration, database and migrations, demo data on first run, then one
 * Fastify server for the web app and /api. Closes gracefully on SIGINT and SIGTERM.
 */
import type { FastifyInstance } from 'fastify';
import { chatFailure } from './api/chat/chat-users.js';
import { syncDemoChat } from './api/chat/demo-chat.js';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createDatabase, type Database } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { DEMO_USERS } from './db/seed/demo-users.js';
import { seedDemoData } from './db/seed/seed.js';
import { join } from 'node:path';

export interface RunningServer {
  app: FastifyInstance;
  config: Config;
  database: Database;
  url: string;
  close(): Promise<void>;
}

export async function startServer(config: Config): Promise<RunningServer> {
  const database = createDatabase({
    url: config.databaseUrl,
    sqliteFile: join(config.dataDir, 'sideline.sqlite'),
    statementCache: config.sqliteStatementCache,
    busyTimeoutMs: config.sqliteBusyTimeoutMs,
    poolMax: config.databasePoolMax,
  });
  await migrateToLatest(database);
  const seeded = config.seedDemo
    ? await seedDemoData(database, config.dataDir, config.demoPassword, config.demoSeedAt ?? new Date())
    : null;
  const app = await buildApp(config, database);
  await app.listen({ port: config.port, host: config.host });
  if (seeded) {
    // The chat service is reachable only now (the sandbox listens with the app).
    await syncDemoChat(app.chatDirectory, database).catch((error: unknown) => {
      app.log.warn(`Chat: could not set up the demo league chat (${chatFailure(error)}); retried at the next start`);
    });
  }

  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `  Sideline is running at ${url}`,
    `  Database: ${config.databaseUrl ? 'PostgreSQL' : `SQLite (${join(config.dataDir, 'sideline.sqlite')})`}`,
    config.chatProvider === 'sandbox'
      ? `  Chat: the local chat sandbox at ${url}/chat (a development stand-in; CHAT_PROVIDER=stream for the hosted service)`
      : `  Chat: the hosted chat service${config.chatBaseUrl ? ` at ${config.chatBaseUrl}` : ''}`,
  ];
  if (seeded) {
    if (seeded.created > 0 || seeded.league === 'created')
      lines.push(
        `  Demo data: ${seeded.created} league members created${seeded.league === 'created' ? ', Riverside League seeded' : ''}`,
      );
    lines.push('  Demo sign-ins:');
    for (const demo of DEMO_USERS.slice(0, 2)) lines.push(`    ${demo.email}  /  ${config.demoPassword}`);
  }
  console.log(`${lines.join('\n')}\n`);

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= app.close().then(() => database.destroy());
    return closing;
  };
  return { app, config, database, url, close };
}

export function closeOnSignals(server: RunningServer): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.log(`\n  ${signal} received, closing Sideline…`);
      void server.close().then(() => process.exit(0));
    });
  }
}

/** Reads the configuration, turning a problem into a readable message and exit code 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

export async function runServer(config: Config): Promise<RunningServer> {
  const server = await startServer(config);
  closeOnSignals(server);
  return server;
}

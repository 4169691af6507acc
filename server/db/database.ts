import Sqlite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DB } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

/** SQLITE_STATEMENT_CACHE's default (server/config.ts), for tools that open a database without a config. */
export const DEFAULT_STATEMENT_CACHE = 200;
/** SQLITE_BUSY_TIMEOUT_MS's and DATABASE_POOL_MAX's defaults, likewise. */
export const DEFAULT_BUSY_TIMEOUT_MS = 5000;
export const DEFAULT_POOL_MAX = 10;

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** The PostgreSQL schema in use when not the default one. */
  schema?: string;
  destroy(): Promise<void>;
}

export interface DatabaseOptions {
  /** `postgres://…`; when absent, SQLite at `sqliteFile`. */
  url?: string | null;
  sqliteFile: string;
  /** PostgreSQL schema to use (created when missing); tests isolate themselves with it. */
  schema?: string;
  /** How many prepared SQLite statements are kept for reuse (SQLITE_STATEMENT_CACHE). */
  statementCache?: number;
  /** How long a SQLite write waits for another writer's lock (SQLITE_BUSY_TIMEOUT_MS). */
  busyTimeoutMs?: number;
  /** PostgreSQL connections at most (DATABASE_POOL_MAX). */
  poolMax?: number;
}

/**
 * better-sqlite3 compiles a statement on every `prepare`, and Kysely prepares on every query:
 * a third of a small read's time. Statements are kept by their SQL (the least recently used one
 * goes first) and reused. Kysely runs one query at a time on its single SQLite connection (a
 * stream holds it until the stream ends), so a kept statement is never still in use.
 */
function withStatementCache(sqlite: Sqlite.Database, size: number) {
  const statements = new Map<string, Sqlite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string): Sqlite.Statement {
      const kept = statements.get(sql);
      if (kept) {
        statements.delete(sql);
        statements.set(sql, kept);
        return kept;
      }
      const statement = sqlite.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > size) statements.delete(statements.keys().next().value!);
      return statement;
    },
  };
}

export function createDatabase(options: DatabaseOptions): Database {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolMax ?? DEFAULT_POOL_MAX,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', schema: options.schema, destroy: () => db.destroy() };
  }
  mkdirSync(dirname(options.sqliteFile), { recursive: true });
  const sqlite = new Sqlite(options.sqliteFile);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${Math.trunc(options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS)}`);
  const db = new Kysely<DB>({
    dialect: new SqliteDialect({
      database: withStatementCache(sqlite, options.statementCache ?? DEFAULT_STATEMENT_CACHE),
    }),
  });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}

/** Current time as the ISO text every timestamp column holds. */
export function nowIso(offsetMs = 0): string {
  return new Date(Date.now() + offsetMs).toISOString();
}

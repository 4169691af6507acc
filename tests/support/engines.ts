/**
 * The database engines server tests run on: SQLite always, PostgreSQL too when
 * TEST_DATABASE_URL is set. Each test server gets its own SQLite file or PostgreSQL schema.
 */
export interface Engine {
  name: 'sqlite' | 'postgres';
  url: string | null;
}

export const ENGINES: Engine[] = [
  { name: 'sqlite', url: null },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'postgres' as const, url: process.env.TEST_DATABASE_URL }] : []),
];

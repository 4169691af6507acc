/**
 * Queries compiled once and statements reused (server/db/prepared.ts, server/db/database.ts): the
 * right values land in the right places on each engine, a marker that is not in the query is
 * refused when the query is made, and SQLite's kept statements stay correct past the cache's size.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../server/db/database.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { prepared } from '../../server/db/prepared.js';
import type { DB } from '../../server/db/schema.js';
import { ENGINES } from '../support/engines.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** Ann, Bob and Cyd, straight into the users table. */
async function addUsers(db: Kysely<DB>, domain: string): Promise<void> {
  for (const name of ['Ann', 'Bob', 'Cyd'])
    await db
      .insertInto('users')
      .values({
        email: `${name.toLowerCase()}@${domain}`,
        name,
        password_hash: 'x',
        bio: '',
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      })
      .execute();
}

describe.each(ENGINES)('prepared queries on $name', (engine) => {
  let server: TestServer;
  const db = () => server.database.db;

  beforeAll(async () => {
    server = await startTestServer(engine);
    await addUsers(db(), 'reuse.example');
  });
  afterAll(() => server?.close());

  it('runs with each call’s values in their places', async () => {
    const byName = prepared(
      db(),
      (m: { name: string; after: string }) =>
        db().selectFrom('users').select(['name']).where('name', '=', m.name).where('created_at', '>', m.after),
      { name: '\u0000name', after: '\u0000after' },
    );
    expect(await byName({ name: 'Bob', after: '2025-01-01' })).toEqual([{ name: 'Bob' }]);
    expect(await byName({ name: 'Cyd', after: '2025-01-01' })).toEqual([{ name: 'Cyd' }]);
    expect(await byName({ name: 'Cyd', after: '2027-01-01' })).toEqual([]);
  });

  it('refuses a marker the query does not use', () => {
    expect(() =>
      prepared(db(), (_: { name: string }) => db().selectFrom('users').select('id').where('name', '=', 'fixed'), {
        name: '\u0000name',
      }),
    ).toThrow('marker name must appear exactly once');
  });
});

describe('kept SQLite statements', () => {
  let dir: string;
  let database: Database;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sideline-statements-'));
    database = createDatabase({ sqliteFile: join(dir, 'db.sqlite'), statementCache: 2 });
    await migrateToLatest(database);
    await addUsers(database.db, 'kept.example');
  });
  afterAll(async () => {
    await database?.destroy();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers right with more distinct statements than it keeps', async () => {
    for (let round = 0; round < 2; round++)
      for (const name of ['Ann', 'Bob', 'Cyd']) {
        const row = await database.db
          .selectFrom('users')
          .select(['name'])
          .where('email', '=', `${name.toLowerCase()}@kept.example`)
          .where('name', '=', name)
          .executeTakeFirst();
        expect(row).toEqual({ name });
        const count = await database.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        expect(count.n).toBe(3);
      }
  });
});

import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * The chat outbox (docs/decisions/0035): a league change records the chat change it needs in the
 * same transaction, and a worker applies it until the chat service confirms. A row is pending
 * until `done_at`; `attempts`, `last_error` and `next_attempt_at` say how its retries go;
 * `locked_until` and `locked_by` let one server at a time apply a league's changes. No foreign
 * key on `league_id`: the change that removes everyone from a deleted league's chat outlives it.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('chat_outbox')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('league_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('done_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('locked_by', 'text')
    .execute();
  await db.schema
    .createIndex('chat_outbox_pending')
    .on('chat_outbox')
    .columns(['done_at', 'next_attempt_at'])
    .execute();
  await db.schema.createIndex('chat_outbox_league').on('chat_outbox').columns(['league_id', 'done_at']).execute();
}

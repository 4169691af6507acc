import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Sign-in and registration limits by address (docs/decisions/0001): registrations are counted per
 * address, and failed sign-ins are looked up per (address, email) and per address as well.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('registrations')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('registrations_ip_time').on('registrations').columns(['ip', 'created_at']).execute();
  await db.schema
    .createIndex('login_failures_ip_email_time')
    .on('login_failures')
    .columns(['ip', 'email', 'created_at'])
    .execute();
}

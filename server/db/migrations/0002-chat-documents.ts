import type { Kysely } from 'kysely';

/** The chat sandbox's records (users, channels, members, messages, bans, flags, files) as JSON documents. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chat_documents')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('chat_documents_pk', ['kind', 'key'])
    .execute();
}

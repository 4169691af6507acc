import type { Kysely } from 'kysely';

/**
 * Why the commissioner awarded a fixture's result (issue #28 item 5, docs/decisions/0031): a
 * forfeit, an abandoned match, an ineligible player. Null on every fixture that is not awarded.
 * The fixtures' revision triggers (migration 0004) already cover every column of the row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('fixtures').addColumn('awarded_reason', 'text').execute();
}

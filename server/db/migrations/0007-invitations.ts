import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Invitations by link and membership management (docs/decisions/0034). An invitation keeps only
 * the SHA-256 of its token, so a copy of the table opens no league. `uses` is raised by a guarded
 * update (`uses < max_uses`), which is what holds a single-use link to one member. Unknown tokens
 * are counted per address (`invitation_misses`) like failed sign-ins. A member's row records when
 * and through which invitation they joined, for the commissioner's list.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const serial = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());

  await db.schema
    .createTable('league_invitations')
    .addColumn('id', serial, id)
    .addColumn('league_id', 'integer', (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    // An invitation to a team that is removed goes with it: it would grant a team that is gone.
    .addColumn('team_id', 'integer', (c) => c.references('teams.id').onDelete('cascade'))
    .addColumn('max_uses', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('league_invitations_token')
    .on('league_invitations')
    .column('token_hash')
    .unique()
    .execute();
  await db.schema
    .createIndex('league_invitations_league')
    .on('league_invitations')
    .columns(['league_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('invitation_misses')
    .addColumn('id', serial, id)
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('invitation_misses_ip_time')
    .on('invitation_misses')
    .columns(['ip', 'created_at'])
    .execute();

  await db.schema.alterTable('league_members').addColumn('joined_at', 'text').execute();
  await db.schema
    .alterTable('league_members')
    .addColumn('invitation_id', 'integer', (c) => c.references('league_invitations.id').onDelete('set null'))
    .execute();
}

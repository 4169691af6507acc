import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * A league anyone can set up (issue #28, docs/decisions/0033): the league's tie-break rule set,
 * first match date, time zone and creator; a team's crest and one name per team in a league
 * whatever its case; and the competition rules' tables (points adjustments, awarded fixtures,
 * the commissioner's decisions between teams still level). Existing rows get the defaults: the
 * rule set the table already used, Europe/London, no crest, nothing awarded.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const serial = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());

  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  const leagueColumns: [string, 'text' | 'integer', (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder][] = [
    ['tie_break', 'text', (c) => c.notNull().defaultTo('goal_difference_first')],
    ['first_match_date', 'text', (c) => c],
    ['time_zone', 'text', (c) => c.notNull().defaultTo('Europe/London')],
    ['created_by', 'integer', (c) => c.references('users.id').onDelete('set null')],
  ];
  for (const [name, type, build] of leagueColumns)
    await db.schema.alterTable('leagues').addColumn(name, type, build).execute();

  await db.schema.alterTable('teams').addColumn('crest', 'text').execute();
  // lower() folds ASCII on SQLite and more on PostgreSQL; the set-up writes compare Unicode case
  // themselves under the league's lock, and this index is the last guard on both engines.
  await sql`create unique index teams_league_name on teams (league_id, lower(name))`.execute(db);

  await db.schema
    .alterTable('fixtures')
    .addColumn('awarded', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('points_adjustments')
    .addColumn('id', serial, id)
    .addColumn('league_id', 'integer', (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('points_adjustments_league').on('points_adjustments').column('league_id').execute();

  await db.schema
    .createTable('standings_decisions')
    .addColumn('id', serial, id)
    .addColumn('league_id', 'integer', (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    // The teams in the order decided, as a JSON array of team ids.
    .addColumn('team_ids', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('standings_decisions_league').on('standings_decisions').column('league_id').execute();

  // Both change the table, so both raise the league's revision (migration 0004, decision 0013).
  for (const table of ['points_adjustments', 'standings_decisions']) {
    if (dialect === 'postgres') {
      await sql
        .raw(
          `create trigger ${table}_touch_league after insert or update or delete on ${table} ` +
            'for each row execute function league_touch()',
        )
        .execute(db);
      continue;
    }
    for (const [op, row] of [
      ['insert', 'new'],
      ['update', 'new'],
      ['delete', 'old'],
    ] as const)
      await sql
        .raw(
          `create trigger ${table}_touch_league_${op} after ${op} on ${table} begin ` +
            `update leagues set revision = revision + 1 where id = ${row}.league_id; end`,
        )
        .execute(db);
  }
}

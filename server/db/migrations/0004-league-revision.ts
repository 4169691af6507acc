import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * A revision number per league that the database itself raises on every change to what the
 * league's reads keep in memory: its teams, players, squads, fixtures and appearances, and the
 * picture of a member who plays in it (docs/decisions/0013). Triggers, not the app, raise it, so no write path (a route, the seed, a
 * test, an operator's SQL) can forget to, and every app instance sees the change on its next read.
 */
const TOUCHED: { table: string; league: (row: 'new' | 'old') => string }[] = [
  { table: 'teams', league: (row) => `${row}.league_id` },
  { table: 'players', league: (row) => `${row}.league_id` },
  { table: 'fixtures', league: (row) => `${row}.league_id` },
  { table: 'appearances', league: (row) => `(select league_id from fixtures where id = ${row}.fixture_id)` },
  { table: 'squad_memberships', league: (row) => `(select league_id from players where id = ${row}.player_id)` },
];

const POSTGRES_FUNCTION = `
create function league_touch() returns trigger language plpgsql as $$
declare
  r record;
  touched integer;
begin
  if tg_op = 'DELETE' then r := old; else r := new; end if;
  if tg_table_name = 'appearances' then
    select league_id into touched from fixtures where id = r.fixture_id;
  elsif tg_table_name = 'squad_memberships' then
    select league_id into touched from players where id = r.player_id;
  else
    touched := r.league_id;
  end if;
  update leagues set revision = revision + 1 where id = touched;
  return null;
end $$`;

/** A member's new picture shows in the player lists of every league they play in. */
const AVATAR_TOUCH =
  'update leagues set revision = revision + 1 where id in (select league_id from players where user_id = new.id)';

const POSTGRES_AVATAR_FUNCTION = `
create function league_touch_avatar() returns trigger language plpgsql as $$
begin
  ${AVATAR_TOUCH};
  return null;
end $$`;

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('leagues')
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  if (dialect === 'postgres') {
    await sql.raw(POSTGRES_FUNCTION).execute(db);
    for (const { table } of TOUCHED) {
      await sql
        .raw(
          `create trigger ${table}_touch_league after insert or update or delete on ${table} ` +
            'for each row execute function league_touch()',
        )
        .execute(db);
    }
    await sql.raw(POSTGRES_AVATAR_FUNCTION).execute(db);
    await sql
      .raw(
        'create trigger users_touch_league after update of avatar_file on users for each row execute function league_touch_avatar()',
      )
      .execute(db);
    return;
  }
  for (const { table, league } of TOUCHED) {
    for (const [op, row] of [
      ['insert', 'new'],
      ['update', 'new'],
      ['delete', 'old'],
    ] as const) {
      await sql
        .raw(
          `create trigger ${table}_touch_league_${op} after ${op} on ${table} begin ` +
            `update leagues set revision = revision + 1 where id = ${league(row)}; end`,
        )
        .execute(db);
    }
  }
  await sql
    .raw(`create trigger users_touch_league after update of avatar_file on users begin ${AVATAR_TOUCH}; end`)
    .execute(db);
}

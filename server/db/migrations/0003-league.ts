import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * The league (docs/decisions/0011): leagues and their members' roles, teams, players and their
 * squad history, fixtures per week, each player's line per played fixture (appearances), team
 * sheets and transfers. Standings are computed from played fixtures, never stored.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const serial = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());

  await db.schema
    .createTable('leagues')
    .addColumn('id', serial, id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sport', 'text', (c) => c.notNull())
    .addColumn('season', 'text', (c) => c.notNull())
    .addColumn('weeks', 'integer', (c) => c.notNull())
    .addColumn('current_week', 'integer', (c) => c.notNull())
    .addColumn('points_win', 'integer', (c) => c.notNull())
    .addColumn('points_draw', 'integer', (c) => c.notNull())
    .addColumn('points_loss', 'integer', (c) => c.notNull())
    .addColumn('squad_min', 'integer', (c) => c.notNull())
    .addColumn('squad_max', 'integer', (c) => c.notNull())
    .addColumn('sheet_starters', 'integer', (c) => c.notNull())
    .addColumn('sheet_subs_max', 'integer', (c) => c.notNull())
    .addColumn('chat_channel', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('teams')
    .addColumn('id', serial, id)
    .addColumn('league_id', 'integer', (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('short_name', 'text', (c) => c.notNull())
    .addColumn('colour_primary', 'text', (c) => c.notNull())
    .addColumn('colour_secondary', 'text', (c) => c.notNull())
    .addColumn('coach_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('coach_name', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('teams_league').on('teams').column('league_id').execute();

  await db.schema
    .createTable('league_members')
    .addColumn('league_id', 'integer', (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('team_id', 'integer', (c) => c.references('teams.id').onDelete('set null'))
    .addPrimaryKeyConstraint('league_members_pk', ['league_id', 'user_id'])
    .execute();
  await db.schema.createIndex('league_members_user').on('league_members').column('user_id').execute();

  await db.schema
    .createTable('players')
    .addColumn('id', serial, id)
    .addColumn('league_id', 'integer', (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('search_name', 'text', (c) => c.notNull())
    .addColumn('position', 'text', (c) => c.notNull())
    .addColumn('shirt_number', 'integer')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('players_league_name').on('players').columns(['league_id', 'search_name']).execute();

  // A player's teams over time; the open row (until_at null) is the current one, at most one each.
  await db.schema
    .createTable('squad_memberships')
    .addColumn('id', serial, id)
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id').onDelete('cascade'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('from_at', 'text', (c) => c.notNull())
    .addColumn('until_at', 'text')
    .execute();
  await sql`create unique index squad_memberships_current on squad_memberships (player_id) where until_at is null`.execute(
    db,
  );
  await db.schema
    .createIndex('squad_memberships_team')
    .on('squad_memberships')
    .columns(['team_id', 'until_at'])
    .execute();

  await db.schema
    .createTable('fixtures')
    .addColumn('id', serial, id)
    .addColumn('league_id', 'integer', (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    .addColumn('week', 'integer', (c) => c.notNull())
    .addColumn('home_team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('away_team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('kickoff_at', 'text', (c) => c.notNull())
    .addColumn('venue', 'text', (c) => c.notNull())
    .addColumn('referee_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('referee_name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('home_score', 'integer')
    .addColumn('away_score', 'integer')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('fixtures_league_week').on('fixtures').columns(['league_id', 'week']).execute();

  // One line per player who played in a fixture: the match events that count for statistics.
  await db.schema
    .createTable('appearances')
    .addColumn('fixture_id', 'integer', (c) => c.notNull().references('fixtures.id').onDelete('cascade'))
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id').onDelete('cascade'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('minutes', 'integer', (c) => c.notNull())
    .addColumn('goals', 'integer', (c) => c.notNull())
    .addColumn('assists', 'integer', (c) => c.notNull())
    .addColumn('yellow_cards', 'integer', (c) => c.notNull())
    .addColumn('red_cards', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('appearances_pk', ['fixture_id', 'player_id'])
    .execute();
  await db.schema.createIndex('appearances_player').on('appearances').column('player_id').execute();

  await db.schema
    .createTable('team_sheets')
    .addColumn('fixture_id', 'integer', (c) => c.notNull().references('fixtures.id').onDelete('cascade'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('team_sheets_pk', ['fixture_id', 'team_id', 'player_id'])
    .execute();

  await db.schema
    .createTable('transfers')
    .addColumn('id', serial, id)
    .addColumn('league_id', 'integer', (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('from_team_id', 'integer', (c) => c.references('teams.id').onDelete('set null'))
    .addColumn('to_team_id', 'integer', (c) => c.references('teams.id').onDelete('set null'))
    .addColumn('by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('transfers_league_at').on('transfers').columns(['league_id', 'at']).execute();
}

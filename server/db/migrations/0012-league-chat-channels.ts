import type { Kysely } from 'kysely';

/**
 * The chat channel ids of a league's own channels when they are not the default ones
 * (docs/decisions/0040). The chat sync (server/api/chat/league-sync.ts) names a league's channels
 * `league-<id>-general`, `-match-day`, `-results` and `-team-<teamId>`; a row here gives one of
 * them another id, which the demo league uses to keep its channels (`general`, `matchday`,
 * `harbour-hawks`, …) and their messages while its members come from the sync like any league's.
 * `slot` is `general`, `match-day`, `results` or `team-<teamId>` (with `team_id` set, so the row
 * goes with its team). A channel id belongs to one slot of one league.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('league_chat_channels')
    .addColumn('league_id', 'integer', (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    .addColumn('slot', 'text', (c) => c.notNull())
    .addColumn('team_id', 'integer', (c) => c.references('teams.id').onDelete('cascade'))
    .addColumn('channel_id', 'text', (c) => c.notNull().unique())
    .addPrimaryKeyConstraint('league_chat_channels_pk', ['league_id', 'slot'])
    .execute();
}

/**
 * The demo league's own chat channels keep the ids they had before the chat followed the league
 * (`general`, `matchday`, `results`, `harbour-hawks`, …; demo-channels.ts), so their messages and
 * every link to them stay: this records them in league_chat_channels, where the chat sync
 * (server/api/chat/league-sync.ts) reads a league's channel ids (docs/decisions/0040). Idempotent:
 * a recorded slot is left as it is, so it also fills in a demo league seeded before the table.
 */
import type { Insertable, Kysely, Transaction } from 'kysely';
import { teamSlot } from '../../api/chat/league-sync.js';
import type { DB, LeagueChatChannelsTable } from '../schema.js';
import { DEMO_CHANNELS } from './demo-channels.js';

export async function recordDemoChannelIds(db: Kysely<DB> | Transaction<DB>, leagueId: number): Promise<void> {
  const teams = await db.selectFrom('teams').select(['id', 'short_name']).where('league_id', '=', leagueId).execute();
  const rows = DEMO_CHANNELS.flatMap((demo): Insertable<LeagueChatChannelsTable>[] => {
    if (!demo.league || !demo.id) return [];
    if (demo.league === 'general' || demo.league === 'match-day' || demo.league === 'results')
      return [{ league_id: leagueId, slot: demo.league, team_id: null, channel_id: demo.id }];
    const team = teams.find((t) => t.short_name === demo.league);
    return team ? [{ league_id: leagueId, slot: teamSlot(team.id), team_id: team.id, channel_id: demo.id }] : [];
  });
  if (rows.length === 0) return;
  await db
    .insertInto('league_chat_channels')
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * The demo league in the chat service: every demo member as a chat user with their teams (their
 * own and the league's, chat-teams.ts), the league's own channels synced from its data like any
 * league's (league-sync.ts, under the ids demo-chat-ids.ts recorded; docs/decisions/0040), and
 * the other demo channels (demo-channels.ts) in the league's team. Run by `npm start` after the
 * server listens, on every start; every step is idempotent, so it also repairs a chat service that
 * missed earlier updates. If the chat service fails here, the sync the seed recorded in the chat
 * outbox is still retried by the outbox's worker.
 */
import type { Database } from '../../db/database.js';
import { LEAGUE_NAME } from '../../db/seed/demo-league-data.js';
import { DEMO_USERS } from '../../db/seed/demo-users.js';
import { UserRepo } from '../users/user-repo.js';
import { toUserView, type UserView } from '../users/user-view.js';
import { leagueTeam, membersTeams } from './chat-teams.js';
import type { ChatDirectory } from './chat-users.js';
import { syncLeagueChat } from './league-sync.js';

export async function syncDemoChat(chat: ChatDirectory, database: Database): Promise<void> {
  const users = new UserRepo(database.db);
  const league = await database.db
    .selectFrom('leagues')
    .select('id')
    .where('name', '=', LEAGUE_NAME)
    .executeTakeFirst();
  if (!league) return;
  const views: UserView[] = [];
  for (const demo of DEMO_USERS) {
    const user = await users.findByEmail(demo.email);
    if (user) views.push(toUserView(user));
  }
  const teams = await membersTeams(
    database.db,
    views.map((v) => v.id),
  );
  await chat.syncUsers(views.map((v) => ({ ...v, teams: teams.get(v.id)! })));
  await syncLeagueChat(chat, database.db, league.id);
  await chat.ensureDemoChannels(
    views.map((v) => v.id),
    leagueTeam(league.id),
  );
}

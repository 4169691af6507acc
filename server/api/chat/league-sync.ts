/**
 * "Sync league <id>" (docs/decisions/0035): makes the chat service match the league as the
 * database has it now — its members' chat users and teams, its channels with their members and
 * moderators, and nobody else in them. It reads the current state when it runs, so it is
 * naturally idempotent and a newer sync supersedes an older one; the chat outbox
 * (chat-outbox.ts) runs it until the service confirms.
 *
 * Who is where: every league member is in the general, match-day and results channels, the
 * commissioners as moderators. A team's channel holds the members whose league role names the
 * team, the registered players of its current squad who are members, and its coach, who
 * moderates it.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { toUserView } from '../users/user-view.js';
import { leagueTeam, membersTeams } from './chat-teams.js';
import type { ChatDirectory } from './chat-users.js';
import { ensureLeagueChannels, removeMemberFromLeague, teamUsers, type LeagueChannelsSpec } from './league-chat.js';

const LEAGUE_WIDE = ['general', 'match-day', 'results'] as const;

/** The league_chat_channels slot of a team's channel. */
export const teamSlot = (teamId: number): string => `team-${teamId}`;

/** The league's channels as the database says they should be; null when the league does not exist. */
export async function readLeagueChat(db: Kysely<DB>, leagueId: number): Promise<LeagueChannelsSpec | null> {
  const league = await db.selectFrom('leagues').select(['id', 'name']).where('id', '=', leagueId).executeTakeFirst();
  if (!league) return null;
  const [members, teams, squads, ids] = await Promise.all([
    db
      .selectFrom('league_members')
      .select(['user_id', 'role', 'team_id'])
      .where('league_id', '=', leagueId)
      .orderBy('user_id')
      .execute(),
    db
      .selectFrom('teams')
      .select(['id', 'name', 'coach_user_id'])
      .where('league_id', '=', leagueId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('players as p')
      .innerJoin('squad_memberships as sm', 'sm.player_id', 'p.id')
      .select(['p.user_id', 'sm.team_id'])
      .where('p.league_id', '=', leagueId)
      .where('p.user_id', 'is not', null)
      .where('sm.until_at', 'is', null)
      .execute(),
    db.selectFrom('league_chat_channels').select(['slot', 'channel_id']).where('league_id', '=', leagueId).execute(),
  ]);
  const idOf = new Map(ids.map((row) => [row.slot, row.channel_id]));
  const isMember = new Set(members.map((m) => m.user_id));
  const only = (ids: (number | null)[]) => ids.filter((id): id is number => id !== null && isMember.has(id));
  return {
    leagueId,
    name: league.name,
    memberIds: members.map((m) => m.user_id),
    moderatorIds: members.filter((m) => m.role === 'commissioner').map((m) => m.user_id),
    channelIds: Object.fromEntries(LEAGUE_WIDE.flatMap((kind) => (idOf.has(kind) ? [[kind, idOf.get(kind)!]] : []))),
    teams: teams.map((team) => {
      const coaches = only([
        team.coach_user_id,
        ...members.filter((m) => m.role === 'coach' && m.team_id === team.id).map((m) => m.user_id),
      ]);
      const channelId = idOf.get(teamSlot(team.id));
      return {
        teamId: team.id,
        ...(channelId ? { channelId } : {}),
        name: team.name,
        memberIds: only([
          ...members.filter((m) => m.team_id === team.id).map((m) => m.user_id),
          ...squads.filter((s) => s.team_id === team.id).map((s) => s.user_id),
          ...coaches,
        ]),
        moderatorIds: coaches,
      };
    }),
  };
}

const sameTeams = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((team) => b.includes(team));

/** The members as chat users with exactly their teams from the database: created when missing, teams set where they differ. */
async function ensureChatUsers(chat: ChatDirectory, db: Kysely<DB>, userIds: number[]): Promise<void> {
  const client = chat.client();
  const teams = await membersTeams(db, userIds);
  for (let start = 0; start < userIds.length; start += 100) {
    const batch = userIds.slice(start, start + 100);
    const { users } = await client.queryUsers({ id: { $in: batch.map(String) } }, [], { limit: 100 });
    const known = new Map(users.map((u) => [u.id, u.teams ?? []]));
    const missing = batch.filter((id) => !known.has(String(id)));
    if (missing.length > 0) {
      const rows = await db.selectFrom('users').selectAll().where('id', 'in', missing).execute();
      await chat.syncUsers(rows.map((row) => ({ ...toUserView(row), teams: teams.get(row.id)! })));
    }
    const changed = batch.filter((id) => known.has(String(id)) && !sameTeams(known.get(String(id))!, teams.get(id)!));
    if (changed.length > 0)
      await client.partialUpdateUsers(changed.map((id) => ({ id: String(id), set: { teams: teams.get(id)! } })));
  }
}

/**
 * Makes the chat service match league `leagueId`: members' chat users in the league's team,
 * its channels (league-chat.ts: ensureLeagueChannels), and every chat user still in the league's
 * team who is no longer a member taken out of its channels and team (removeMemberFromLeague).
 * A league that no longer exists loses everyone.
 */
export async function syncLeagueChat(chat: ChatDirectory, db: Kysely<DB>, leagueId: number): Promise<void> {
  const spec = await readLeagueChat(db, leagueId);
  const memberIds = spec?.memberIds ?? [];
  await ensureChatUsers(chat, db, memberIds);
  if (spec) await ensureLeagueChannels(chat, spec);
  const members = new Set(memberIds.map(String));
  for (const user of await teamUsers(chat, leagueTeam(leagueId))) {
    if (!members.has(user.id)) await removeMemberFromLeague(chat, leagueId, Number(user.id));
  }
}

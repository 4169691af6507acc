/**
 * A league in the chat service (docs/decisions/0035), through the `stream-chat` server-side client
 * only: the league's team (`league-<id>`, chat-teams.ts) on its members' chat users, and its
 * channels — general, match day, results, and one per team — with their members and moderators.
 * Every operation states the end result, not a step: it reads what the service has, changes only
 * what differs, and so is safe to call again after a partial failure or a timeout (calling it
 * twice changes nothing the second time).
 */
import type { ChannelMemberResponse, ChannelResponse, StreamChat, UserFilters, UserResponse } from 'stream-chat';
import { leagueTeam } from './chat-teams.js';
import type { ChatDirectory } from './chat-users.js';

/** League channels are of the service's `team` type: members only, with channel moderators. */
export const LEAGUE_CHANNEL_TYPE = 'team';

/** What a league channel is for, kept on it as `league_channel` so a screen can name it in the reader's language. */
export type LeagueChannelKind = 'general' | 'match-day' | 'results' | 'team';

export interface LeagueTeamChannel {
  teamId: number;
  /** The channel's id when it is not `league-<id>-team-<teamId>` (table league_chat_channels). */
  channelId?: string;
  name: string;
  memberIds: number[];
  moderatorIds: number[];
}

/** A league's channels as they should be; moderators are members too. */
export interface LeagueChannelsSpec {
  leagueId: number;
  name: string;
  memberIds: number[];
  moderatorIds: number[];
  teams: LeagueTeamChannel[];
  /** The league-wide channels' ids where they are not `league-<id>-<kind>` (the demo league's). */
  channelIds?: Partial<Record<Exclude<LeagueChannelKind, 'team'>, string>>;
}

export const leagueChannelId = (leagueId: number, kind: Exclude<LeagueChannelKind, 'team'>): string =>
  `league-${leagueId}-${kind}`;
export const teamChannelId = (leagueId: number, teamId: number): string => `league-${leagueId}-team-${teamId}`;

/** The hosted service's limits: users per call (add/remove members, partial updates), channels per query page. */
const BATCH = 100;
const CHANNEL_PAGE = 30;
const MODERATOR = 'channel_moderator';

interface WantedChannel {
  id: string;
  data: { name: string; team: string; league_id: number; league_channel: LeagueChannelKind; league_team_id?: number };
  members: string[];
  moderators: string[];
}

function wantedChannels(spec: LeagueChannelsSpec): WantedChannel[] {
  const team = leagueTeam(spec.leagueId);
  const ids = (list: number[]) => [...new Set(list.map(String))].sort();
  const league = (kind: Exclude<LeagueChannelKind, 'team'>, name: string): WantedChannel => ({
    id: spec.channelIds?.[kind] ?? leagueChannelId(spec.leagueId, kind),
    data: { name, team, league_id: spec.leagueId, league_channel: kind },
    members: ids([...spec.memberIds, ...spec.moderatorIds]),
    moderators: ids(spec.moderatorIds),
  });
  return [
    league('general', spec.name),
    league('match-day', `${spec.name} · Match day`),
    league('results', `${spec.name} · Results`),
    ...spec.teams.map((t) => ({
      id: t.channelId ?? teamChannelId(spec.leagueId, t.teamId),
      data: { name: t.name, team, league_id: spec.leagueId, league_channel: 'team' as const, league_team_id: t.teamId },
      members: ids([...t.memberIds, ...t.moderatorIds]),
      moderators: ids(t.moderatorIds),
    })),
  ];
}

const inBatches = async (ids: string[], run: (batch: string[]) => Promise<unknown>) => {
  for (let start = 0; start < ids.length; start += BATCH) await run(ids.slice(start, start + BATCH));
};

/** The channels of `type` with these ids that exist, by id. */
async function existingChannels(client: StreamChat, ids: string[]): Promise<Map<string, ChannelResponse>> {
  const found = new Map<string, ChannelResponse>();
  for (let offset = 0; ; offset += CHANNEL_PAGE) {
    const page = await client.queryChannelsRequest(
      { type: LEAGUE_CHANNEL_TYPE, id: { $in: ids } },
      [{ created_at: 1 }],
      {
        limit: CHANNEL_PAGE,
        offset,
        message_limit: 0,
        member_limit: 0,
      },
    );
    for (const state of page) found.set(state.channel.id, state.channel);
    if (page.length < CHANNEL_PAGE) return found;
  }
}

/** Every member of a channel, page by page. */
async function channelMembers(client: StreamChat, id: string): Promise<ChannelMemberResponse[]> {
  const channel = client.channel(LEAGUE_CHANNEL_TYPE, id);
  const members: ChannelMemberResponse[] = [];
  for (let offset = 0; ; offset += BATCH) {
    const page = await channel.queryMembers({}, [{ created_at: 1 }], { limit: BATCH, offset });
    members.push(...page.members);
    if (page.members.length < BATCH) return members;
  }
}

/** Brings one channel to `wanted`: created if missing (with someone in it), its data, members and moderators. */
async function ensureChannel(client: StreamChat, wanted: WantedChannel, existing: ChannelResponse | undefined) {
  const creator = wanted.moderators[0] ?? wanted.members[0];
  if (!existing && !creator) return;
  const channel = client.channel(LEAGUE_CHANNEL_TYPE, wanted.id, {
    ...wanted.data,
    members: wanted.members.slice(0, BATCH),
    created_by_id: creator,
  });
  if (!existing) await channel.create();
  else {
    const fields: Record<string, unknown> = { ...existing };
    const changed = Object.entries(wanted.data).some(([key, value]) => fields[key] !== value);
    if (changed) await channel.updatePartial({ set: wanted.data });
  }

  const current = await channelMembers(client, wanted.id);
  const present = new Set(current.map((m) => m.user_id ?? m.user?.id ?? ''));
  const moderators = new Set(
    current.filter((m) => m.channel_role === MODERATOR).map((m) => m.user_id ?? m.user?.id ?? ''),
  );
  const wantedMembers = new Set(wanted.members);
  const wantedModerators = new Set(wanted.moderators);
  await inBatches(
    wanted.members.filter((id) => !present.has(id)),
    (batch) => channel.addMembers(batch),
  );
  await inBatches(
    wanted.moderators.filter((id) => !moderators.has(id)),
    (batch) => channel.addModerators(batch),
  );
  await inBatches(
    [...moderators].filter((id) => wantedMembers.has(id) && !wantedModerators.has(id)),
    (batch) => channel.demoteModerators(batch),
  );
  await inBatches(
    [...present].filter((id) => !wantedMembers.has(id)),
    (batch) => channel.removeMembers(batch),
  );
}

/**
 * Creates or updates the league's channels as `spec` says: ids `league-<id>-general`,
 * `-match-day`, `-results` and `-team-<teamId>` unless `spec` names others, all of the league's chat team, named, with
 * exactly the given members (missing ones added, others removed) and moderators (the member
 * role `channel_moderator`: added with addModerators, demoted with demoteModerators). A channel
 * with nobody in it is created only once someone is. The members must be chat users of the
 * league's team first (setMemberTeams).
 */
export async function ensureLeagueChannels(chat: ChatDirectory, spec: LeagueChannelsSpec): Promise<void> {
  const client = chat.client();
  const wanted = wantedChannels(spec);
  const existing = await existingChannels(
    client,
    wanted.map((w) => w.id),
  );
  for (const channel of wanted) await ensureChannel(client, channel, existing.get(channel.id));
}

/** Sets the member's chat teams to exactly `teams` (a partial update: nothing else changes). */
export async function setMemberTeams(chat: ChatDirectory, userId: number, teams: string[]): Promise<void> {
  await chat.client().partialUpdateUser({ id: String(userId), set: { teams } });
}

/** The chat users of the team `team`, all of them (by id, page by page). */
export async function teamUsers(chat: ChatDirectory, team: string): Promise<UserResponse[]> {
  const client = chat.client();
  const users: UserResponse[] = [];
  for (;;) {
    const after = users.at(-1)?.id;
    const filter = { teams: { $contains: team }, ...(after ? { id: { $gt: after } } : {}) } as UserFilters;
    const page = await client.queryUsers(filter, [{ id: 1 }], { limit: BATCH });
    users.push(...page.users);
    if (page.users.length < BATCH) return users;
  }
}

/**
 * Takes the member out of the league in the chat service: out of every channel of the league's
 * team (its own channels and any other `team`-type channel of the league), then the league's
 * team out of their chat user's teams. Their open sockets stop receiving those channels at once.
 */
export async function removeMemberFromLeague(chat: ChatDirectory, leagueId: number, userId: number): Promise<void> {
  const client = chat.client();
  const team = leagueTeam(leagueId);
  const id = String(userId);
  // Each removal takes the channel out of the next query's answer.
  for (;;) {
    const page = await client.queryChannelsRequest(
      { type: LEAGUE_CHANNEL_TYPE, team, members: { $in: [id] } },
      [{ created_at: 1 }],
      { limit: CHANNEL_PAGE, message_limit: 0, member_limit: 0 },
    );
    for (const state of page) await client.channel(LEAGUE_CHANNEL_TYPE, state.channel.id).removeMembers([id]);
    if (page.length < CHANNEL_PAGE) break;
  }
  const user = (await client.queryUsers({ id }, [], { limit: 1 })).users[0];
  const teams = user?.teams ?? [];
  if (teams.includes(team))
    await setMemberTeams(
      chat,
      userId,
      teams.filter((t) => t !== team),
    );
}

/**
 * Opens the direct conversation of the member with `others`, creating it when it does not exist
 * (a distinct `messaging` channel identified by its members), watched and shown again if the
 * member had hidden it. The chat keeps leagues apart (multi-tenant teams, docs/decisions/0035):
 * a new conversation belongs to a team every member is in.
 */
import type { Channel, StreamChat } from 'stream-chat';

/**
 * The team for a conversation of the member with `others`: the first of the member's own teams
 * (`me.teams`, as the service orders them) that every other member shares; none for a member
 * without teams. Throws when the others share no team with the member: the service would refuse.
 */
export async function directTeam(client: StreamChat, userId: string, others: string[]): Promise<string | undefined> {
  const mine = client.user?.teams ?? [];
  if (mine.length === 0) return undefined;
  const ids = [...new Set(others)].filter((id) => id !== userId);
  const { users } = ids.length
    ? await client.queryUsers({ id: { $in: ids } }, [], { limit: Math.min(ids.length, 100) })
    : { users: [] };
  const teamsOf = new Map(users.map((user) => [user.id, user.teams ?? []]));
  const shared = mine.find((team) => ids.every((id) => teamsOf.get(id)?.includes(team)));
  if (shared === undefined) throw new Error('The members share no league');
  return shared;
}

export async function openDirect(client: StreamChat, userId: string, others: string[]): Promise<Channel> {
  const members = [...new Set([userId, ...others])];
  const team = await directTeam(client, userId, others);
  const channel = client.channel('messaging', { members, ...(team ? { team } : {}) });
  await channel.watch();
  if (channel.data?.hidden) await channel.show();
  return channel;
}

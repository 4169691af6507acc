/**
 * What a channel is called for the member: its own name, else the other members' names (a
 * direct conversation), else its id. Names are text from the chat service, shown as text.
 */
import type { Channel } from 'stream-chat';

export function channelTitle(channel: Channel, userId: string): string {
  const name = channel.data?.name;
  if (typeof name === 'string' && name.trim() !== '') return name;
  const others = Object.values(channel.state?.members ?? {})
    .map((member) => member.user)
    .filter((user) => user && user.id !== userId)
    .map((user) => user!.name || user!.id);
  if (others.length > 0) return others.join(', ');
  return channel.id ?? channel.cid;
}

/** The other member of a two-person conversation, for its picture; null for any other channel. */
export function directPartner(channel: Channel, userId: string) {
  const members = Object.values(channel.state?.members ?? {});
  if (typeof channel.data?.name === 'string' && channel.data.name !== '') return null;
  if (members.length !== 2) return null;
  return members.find((member) => member.user?.id !== userId)?.user ?? null;
}

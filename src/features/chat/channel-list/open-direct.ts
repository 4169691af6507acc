/**
 * Opens the direct conversation of the member with `others`, creating it when it does not exist
 * (a distinct `messaging` channel identified by its members), watched and shown again if the
 * member had hidden it.
 */
import type { Channel, StreamChat } from 'stream-chat';

export async function openDirect(client: StreamChat, userId: string, others: string[]): Promise<Channel> {
  const members = [...new Set([userId, ...others])];
  const channel = client.channel('messaging', { members });
  await channel.watch();
  if (channel.data?.hidden) await channel.show();
  return channel;
}

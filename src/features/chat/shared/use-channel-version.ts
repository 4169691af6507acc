/**
 * Re-renders a part that shows a channel (a list row, the channel header) on everything that can
 * change it: the channel's events (messages, reads, members, data, truncation; not typing or
 * watching), the member's channel mutes and a recovered connection. Returns a number that changes
 * with every such event.
 */
import { useEffect, useState } from 'react';
import type { Channel, StreamChat } from 'stream-chat';

const IGNORED = new Set(['typing.start', 'typing.stop', 'user.watching.start', 'user.watching.stop']);

export function useChannelVersion(client: StreamChat, channel: Channel): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const bump = () => setVersion((v) => v + 1);
    // Typing and watching change nothing a row shows.
    const own = channel.on((event) => {
      if (!IGNORED.has(event.type)) bump();
    });
    const mutes = client.on('notification.channel_mutes_updated', bump);
    const recovered = client.on('connection.recovered', bump);
    return () => {
      own.unsubscribe();
      mutes.unsubscribe();
      recovered.unsubscribe();
    };
  }, [client, channel]);
  return version;
}

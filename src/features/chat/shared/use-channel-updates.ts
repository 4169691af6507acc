/**
 * Re-renders when the channel's data, members or mute state change, for parts that show them
 * (header, list rows). Returns a number that changes with every such event.
 */
import { useEffect, useState } from 'react';
import type { Channel, EventTypes } from 'stream-chat';

const CHANNEL_EVENTS: EventTypes[] = [
  'channel.updated',
  'channel.truncated',
  'member.added',
  'member.removed',
  'member.updated',
  'user.updated',
  'user.presence.changed',
];

export function useChannelUpdates(channel: Channel): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const bump = () => setVersion((v) => v + 1);
    const subscriptions = CHANNEL_EVENTS.map((type) => channel.on(type, bump));
    const mutes = channel.getClient().on('notification.channel_mutes_updated', bump);
    return () => {
      subscriptions.forEach((s) => s.unsubscribe());
      mutes.unsubscribe();
    };
  }, [channel]);
  return version;
}

/**
 * The reason of my ban in the open channel, for the notice that replaces the composer: from the
 * `user.banned` event when I was banned while watching, else asked of the service once
 * (`queryBannedUsers` for my ban here; a member may read the bans of their channels). Unknown
 * (null) when the ban has none or the service does not say.
 */
import { useEffect, useState } from 'react';
import type { Channel, StreamChat } from 'stream-chat';

export function useBanReason(client: StreamChat, channel: Channel, banned: boolean, known: string | null) {
  const [asked, setAsked] = useState<{ cid: string; reason: string } | null>(null);
  useEffect(() => {
    if (!banned || known !== null || !client.userID) return;
    let live = true;
    client
      .queryBannedUsers({ channel_cid: channel.cid, user_id: client.userID }, { created_at: -1 }, { limit: 1 })
      .then(
        ({ bans }) => {
          const reason = bans?.[0]?.reason;
          if (live && typeof reason === 'string' && reason !== '') setAsked({ cid: channel.cid, reason });
        },
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [banned, channel, client, known]);
  return known ?? (banned && asked?.cid === channel.cid ? asked.reason : null);
}

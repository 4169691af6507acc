/**
 * The member's live-location manager (machines/live-location) runs as one actor per connected
 * client while the chat is open. Its code is fetched on demand (live-location-session.ts): when
 * the location dialog opens, when a live share of the member's own is shown, or at once when this
 * browser remembers a live share of its own that has not ended (so a reload keeps it moving).
 * This small part is loaded with the chat: the sessions running and the workspace's hook that
 * ends them when the chat closes.
 */
import { useEffect } from 'react';
import type { StreamChat } from 'stream-chat';

/** The sessions running, by client (filled by live-location-session.ts). */
export const liveLocationSessions = new Map<StreamChat, { stop(): void }>();

/** Where this browser keeps the end (ms) of its latest live share, per user. */
export const resumeKey = (userId: string) => `sideline.chat.liveLocationUntil.${userId}`;

function remembersLiveShare(userId: string): boolean {
  try {
    return Number(localStorage.getItem(resumeKey(userId))) > Date.now();
  } catch {
    return false;
  }
}

const holders = new Map<StreamChat, number>();

/**
 * Holds the client's live-location session while the chat is open (started here only to resume a
 * share); the last holder gone, it stops (a moment later: a remount holds it again first).
 */
export function useLiveLocationSession(client: StreamChat): void {
  useEffect(() => {
    holders.set(client, (holders.get(client) ?? 0) + 1);
    if (client.userID && remembersLiveShare(client.userID))
      void import('./live-location-session').then((session) => holders.get(client) && session.liveLocationFor(client));
    return () => {
      holders.set(client, holders.get(client)! - 1);
      setTimeout(() => {
        if (holders.get(client)) return;
        liveLocationSessions.get(client)?.stop();
        liveLocationSessions.delete(client);
      });
    };
  }, [client]);
}

/**
 * The client's live-location manager with its real actors: the connected stream-chat client and
 * the browser's geolocation. One actor per client (live-location-registry.ts holds it and stops it
 * when the chat closes); this browser remembers the end of its latest live share so that a
 * reload resumes it.
 */
import { useSelector } from '@xstate/react';
import type { StreamChat } from 'stream-chat';
import { createActor, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { liveLocationMachine } from '../../../../machines/live-location/live-location.machine';
import { createLiveLocationActors, type GeolocationLike } from '../../../lib/actors/live-location-actors';
import { deviceId } from '../composer/use-channel-composer';
import { useChatWorkspace } from '../workspace/chat-workspace-context';
import { liveLocationSessions, resumeKey } from './live-location-registry';

export type LiveLocationActor = ActorRefFrom<typeof liveLocationMachine>;
type Snapshot = SnapshotFrom<typeof liveLocationMachine>;

interface Session {
  actor: LiveLocationActor;
  stop(): void;
}

/** What a browser without geolocation (or an insecure page) answers: every request fails. */
const NO_GEOLOCATION: GeolocationLike = {
  getCurrentPosition: (_, error) => error?.({ message: 'Geolocation is not available' }),
  watchPosition: (_, error) => {
    error?.({ message: 'Geolocation is not available' });
    return 0;
  },
  clearWatch: () => undefined,
};

/** The browser's geolocation (read when used: tests and Playwright provide their own). */
export function browserGeolocation(): GeolocationLike {
  return typeof navigator !== 'undefined' && navigator.geolocation ? navigator.geolocation : NO_GEOLOCATION;
}

/** Keeps the latest end of `userId`'s live shares in localStorage (written only when it changes). */
function rememberer(userId: string) {
  let last: number | null = null;
  return (snapshot: Snapshot) => {
    const until = Math.max(0, ...snapshot.context.shares.map((s) => Date.parse(s.endAt)));
    if (until === last) return;
    last = until;
    try {
      if (until > 0) localStorage.setItem(resumeKey(userId), String(until));
      else localStorage.removeItem(resumeKey(userId));
    } catch {
      // Without storage a reload resumes the share once one of its messages is shown.
    }
  };
}

/** The client's live-location manager, started on first use. */
export function liveLocationFor(client: StreamChat): LiveLocationActor {
  const running = liveLocationSessions.get(client) as Session | undefined;
  if (running) return running.actor;
  const machine = liveLocationMachine.provide({
    actors: createLiveLocationActors({ client, geolocation: browserGeolocation() }),
  });
  const userId = client.userID;
  const actor = createActor(machine, { input: { userId, deviceId: deviceId() } });
  const remember = userId ? rememberer(userId) : () => undefined;
  const subscription = actor.subscribe((snapshot) => {
    // Once the listing has answered: before it the shares are not all known.
    if (!snapshot.matches({ registry: 'loading' })) remember(snapshot);
  });
  actor.start();
  const session: Session = {
    actor,
    stop: () => {
      subscription.unsubscribe();
      actor.stop();
    },
  };
  liveLocationSessions.set(client, session);
  return actor;
}

/** The workspace client's live-location manager, and `select` of its state. */
export function useLiveLocation<T>(select: (snapshot: Snapshot) => T): { actor: LiveLocationActor; value: T } {
  const { client } = useChatWorkspace();
  const actor = liveLocationFor(client);
  return { actor, value: useSelector(actor, select) };
}

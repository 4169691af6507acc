import type { SnapshotFrom } from 'xstate';
import type { LiveLocationMachine } from './live-location.machine';
import type { Coords, LiveLocationError, LiveShare } from './live-location.types';

type Snapshot = SnapshotFrom<LiveLocationMachine>;

/** The user's registered live shares (own messages whose end is still ahead). */
export const selectLiveShares = (snapshot: Snapshot): LiveShare[] => snapshot.context.shares;
/** Whether a message is one of the user's live shares (its bubble offers "Stop sharing"). */
export const selectIsLiveShare = (snapshot: Snapshot, messageId: string): boolean =>
  snapshot.context.shares.some((s) => s.messageId === messageId);
/** The device position is being watched (only while at least one live share exists). */
export const selectIsWatching = (snapshot: Snapshot): boolean => snapshot.matches({ registry: 'watching' });
/** A share is being made: the device is being located or the message sent. */
export const selectIsSharing = (snapshot: Snapshot): boolean => !snapshot.matches({ sharing: 'idle' });
export const selectIsLocating = (snapshot: Snapshot): boolean => snapshot.matches({ sharing: 'locating' });
/** Live sharing is unavailable (no client user id). */
export const selectIsUnavailable = (snapshot: Snapshot): boolean => snapshot.matches({ registry: 'unavailable' });
export const selectPosition = (snapshot: Snapshot): Coords | null => snapshot.context.position;
/** The last error as an i18n key and values ('Failed to share the location', 'Failed to retrieve location', …). */
export const selectError = (snapshot: Snapshot): LiveLocationError | null => snapshot.context.error;
/** The registry's state name, for data-state attributes. */
export const selectRegistryState = (snapshot: Snapshot): string => {
  const value = snapshot.value as { registry: string | Record<string, unknown> };
  return typeof value.registry === 'string' ? value.registry : Object.keys(value.registry)[0]!;
};

import type { SnapshotFrom } from 'xstate';
import type { SessionMachine } from './session.machine';
import type { SessionStatus, SessionUser } from './session.types';

type Snapshot = SnapshotFrom<SessionMachine>;

/** The three statuses the screens know: retrying is still loading; refreshing and signing out still hold the user. */
export function selectStatus(snapshot: Snapshot): SessionStatus {
  if (snapshot.matches('loading') || snapshot.matches('retrying')) return 'loading';
  if (snapshot.matches('unauthenticated')) return 'unauthenticated';
  return 'authenticated';
}

export const selectUser = (snapshot: Snapshot): SessionUser | null => snapshot.context.user;
export const selectLastError = (snapshot: Snapshot): string | null => snapshot.context.lastError;
export const selectIsSigningOut = (snapshot: Snapshot): boolean => snapshot.matches('signingOut');
/** The machine's own state name, for data-state attributes. */
export const selectStateName = (snapshot: Snapshot): string => String(snapshot.value);

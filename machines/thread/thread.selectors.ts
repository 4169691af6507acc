import type { SnapshotFrom } from 'xstate';
import type { ThreadMachine } from './thread.machine';
import type { ThreadFailure, ThreadHandle } from './thread.types';

type Snapshot = SnapshotFrom<ThreadMachine>;

/** opening | missing | failed | open, for data-state. */
export const selectThreadState = (snapshot: Snapshot): string =>
  typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0]!;
/** The opened thread; null before it is open. */
export const selectThread = (snapshot: Snapshot): ThreadHandle | null =>
  snapshot.matches('open') ? snapshot.context.thread : null;
export const selectFailure = (snapshot: Snapshot): ThreadFailure | null => snapshot.context.failure;
export const selectHasOlder = (snapshot: Snapshot): boolean => snapshot.context.hasOlder;
export const selectIsLoadingOlder = (snapshot: Snapshot): boolean => snapshot.matches({ open: 'loadingOlder' });
export const selectIsReloading = (snapshot: Snapshot): boolean => snapshot.matches({ open: 'reloading' });

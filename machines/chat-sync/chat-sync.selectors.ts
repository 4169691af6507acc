import type { SnapshotFrom } from 'xstate';
import type { ChatSyncMachine } from './chat-sync.machine';

export const selectSyncState = (snapshot: SnapshotFrom<ChatSyncMachine>) => snapshot.context.state;
export const selectSyncError = (snapshot: SnapshotFrom<ChatSyncMachine>) => snapshot.context.error;
/** "Try now" is on its way to the server. */
export const selectRetrying = (snapshot: SnapshotFrom<ChatSyncMachine>) => snapshot.matches('retrying');
/** The state is read again while changes are pending. */
export const selectWatching = (snapshot: SnapshotFrom<ChatSyncMachine>) => snapshot.matches({ shown: 'waiting' });

import type { SnapshotFrom } from 'xstate';
import type { ChatConnectionMachine } from './chat-connection.machine';
import type { ChatClientHandle, ChatConnectionText, ChatTransport } from './chat-connection.types';

type Snapshot = SnapshotFrom<ChatConnectionMachine>;

export type ChatConnectionStatus =
  'connecting' | 'noToken' | 'failed' | 'connected' | 'reconnecting' | 'offline' | 'disconnecting' | 'disconnected';

/** True once connected and until closed: the only time the client is handed out. */
export const selectIsReady = (snapshot: Snapshot): boolean => snapshot.matches('ready');

/** The chat client, only after a successful connect and before disconnecting; null otherwise. */
export const selectClient = (snapshot: Snapshot): ChatClientHandle | null =>
  selectIsReady(snapshot) ? snapshot.context.client : null;

/** Healthy as published: a connection lost for less than `unhealthyDelay` still counts as healthy. */
export const selectIsHealthy = (snapshot: Snapshot): boolean =>
  selectIsReady(snapshot) && !snapshot.matches({ ready: { health: 'unhealthy' } });

/** One word for data-state attributes and status lines. */
export function selectStatus(snapshot: Snapshot): ChatConnectionStatus {
  if (snapshot.matches('connecting')) return 'connecting';
  if (snapshot.matches('noToken')) return 'noToken';
  if (snapshot.matches('failed')) return 'failed';
  if (snapshot.matches('disconnecting')) return 'disconnecting';
  if (!selectIsReady(snapshot)) return 'disconnected';
  if (selectIsHealthy(snapshot)) return 'connected';
  return snapshot.matches({ ready: { link: 'offline' } }) ? 'offline' : 'reconnecting';
}

// One object per text, so the selector's answer keeps its identity from snapshot to snapshot.
const CONNECT_FAILED: ChatConnectionText = { key: 'chat.connection.connectFailed' };
const RECONNECTING: ChatConnectionText = { key: 'chat.connection.reconnecting' };

/** The text to show, as an i18n key: a failed first connect, or a published unhealthy connection. */
export function selectError(snapshot: Snapshot): ChatConnectionText | null {
  if (snapshot.matches('failed')) return CONNECT_FAILED;
  if (selectIsReady(snapshot) && !selectIsHealthy(snapshot)) return RECONNECTING;
  return null;
}

export const selectUnreadCount = (snapshot: Snapshot): number => snapshot.context.unreadCount;
export const selectTransport = (snapshot: Snapshot): ChatTransport => snapshot.context.transport;
/** Why the first connect failed (for the error log). */
export const selectFailureReason = (snapshot: Snapshot): string | null => snapshot.context.failureReason;

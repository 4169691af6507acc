/**
 * The chat connection statechart's types. The machine never sees the `stream-chat` client's
 * type: it holds the client as an opaque handle and hands it back to its actors and the UI.
 */

/** The connected chat client, opaque to the machine (a `StreamChat` in the app). */
export interface ChatClientHandle {
  readonly userID?: string;
}

export interface ChatConnectionInput {
  /** The chat user id (the product user id as text). */
  userId: string;
  name?: string;
  /** The chat token from `GET /api/auth/me`; without one the machine never connects. */
  token: string | null;
  /** The public chat application key. */
  apiKey: string;
}

/** What a successful `connectUser` gives: the client and the initial total unread count. */
export interface ChatConnected {
  client: ChatClientHandle;
  totalUnreadCount: number;
  /** The transport the connect ended up on (long poll when the websocket could not be opened). */
  transport: ChatTransport;
}

/** A user-visible text as data: an i18next key under `chat.connection.` plus values. */
export interface ChatConnectionText {
  key: 'chat.connection.connectFailed' | 'chat.connection.reconnecting';
  values?: Record<string, string | number>;
}

/** Realtime transport in use: the websocket, or the long-poll fallback after a websocket failure. */
export type ChatTransport = 'websocket' | 'longpoll';

export interface ChatConnectionContext {
  userId: string;
  name: string | undefined;
  token: string | null;
  apiKey: string;
  /** Set only once `connectUser` succeeded; selectors expose it only while connected. */
  client: ChatClientHandle | null;
  /** Total unread messages over all channels (the navigation badge). */
  unreadCount: number;
  /** Consecutive failed reconnect attempts; drives the backoff (`reconnectDelay`). */
  failures: number;
  /** The next reconnect must open a fresh connection without the old connection id (code 46). */
  freshConnect: boolean;
  transport: ChatTransport;
  /** Why the initial connect failed, for the error log; null otherwise. */
  failureReason: string | null;
}

/** The client events after which the total unread count is recomputed (spec section 4). */
export const UNREAD_EVENT_TYPES = [
  'message.new',
  'message.read',
  'notification.message_new',
  'notification.mark_read',
] as const;
export type UnreadEventType = (typeof UNREAD_EVENT_TYPES)[number];

export type ChatConnectionEvent =
  /** Stop: disconnect the user and end. The app sends it on cleanup (sign-out, user change). */
  | { type: 'connection.close' }
  /** The client's connection became healthy (`online: true`) or was lost (`online: false`). */
  | { type: 'connection.changed'; online: boolean }
  /** The chat service no longer knows our connection id (error code 46). */
  | { type: 'connection.idNotFound' }
  /** The client switched transport (websocket → long poll). */
  | { type: 'transport.changed'; mode: ChatTransport }
  /** The browser's window went offline / came back online. */
  | { type: 'network.offline' }
  | { type: 'network.online' }
  /** A chat event that changes unread counts; carries the service's recounted total when it has one. */
  | { type: UnreadEventType; totalUnreadCount?: number }
  /** Internal: raised by the link region so the health region can follow it. */
  | { type: 'link.lost' }
  | { type: 'link.restored' };

/** What the real `connectUser` rejects with when the user has no chat token: nothing is connected. */
export class MissingChatTokenError extends Error {
  constructor() {
    super('The user has no chat token');
    this.name = 'MissingChatTokenError';
  }
}

export function isMissingChatTokenError(error: unknown): boolean {
  return error instanceof Error && error.name === 'MissingChatTokenError';
}

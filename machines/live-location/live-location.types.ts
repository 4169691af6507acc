/** The live-location manager's types: shares, positions, the chat facts it follows, its errors. */

export interface Coords {
  latitude: number;
  longitude: number;
}

/** A registered live share: one of the user's own location messages whose end_at is still ahead. */
export interface LiveShare {
  messageId: string;
  channelCid: string;
  /** ISO date-time when the share ends. */
  endAt: string;
}

/** What the machine reads of a chat message (a stream-chat MessageResponse fits). */
export interface ChatMessageLike {
  id: string;
  type?: string;
  cid?: string;
  user?: { id: string } | null;
  shared_location?: { channel_cid?: string; end_at?: string | null } | null;
}

/** An i18next key under `chat.liveLocation.` with its values; `type` as stream-chat notes it. */
export interface LiveLocationError {
  key: `chat.liveLocation.${string}`;
  values?: Record<string, string | number>;
  type?: 'api:location:create:failed';
}

/** A share being made: static without a duration, live with one (at least 60 s). */
export interface ShareRequest {
  channelCid: string;
  messageId: string;
  durationMs?: number;
  coords?: Coords;
}

/** The `shareLocation` actor's input: a location message (end_at only for a live share). */
export interface ShareLocationInput {
  channelCid: string;
  messageId: string;
  latitude: number;
  longitude: number;
  createdByDeviceId: string;
  endAt?: string;
}

/** What a sent location message comes back as. */
export interface SharedLocation {
  messageId: string;
  channelCid: string;
  /** Null for a static share. */
  endAt: string | null;
}

export interface UpdateLocationInput extends Coords {
  shares: LiveShare[];
  createdByDeviceId: string;
}

export interface StopLiveLocationInput {
  messageId: string;
  channelCid: string;
  createdByDeviceId: string;
}

export interface LiveLocationInput {
  /** The connected client's user id: only this user's messages are registered. */
  userId: string | null | undefined;
  deviceId: string;
  /** The clock the machine reads expiry against (ms since epoch); Date.now when not given. */
  now?: () => number;
}

export interface LiveLocationContext {
  userId: string | null;
  deviceId: string;
  now: () => number;
  shares: LiveShare[];
  /** The share being made (locating or sending). */
  request: ShareRequest | null;
  /** The last position sent (or being sent). */
  position: Coords | null;
  /** A position that arrived within the throttle window, sent when it ends. */
  pendingPosition: Coords | null;
  error: LiveLocationError | null;
}

export type LiveLocationEvent =
  | { type: 'location.share'; channelCid: string; messageId: string; durationMs?: number; coords?: Coords }
  | { type: 'location.shared'; share: SharedLocation }
  | { type: 'location.stop'; messageId: string }
  | { type: 'location.dismissError' }
  /** A chat message changed (the chat's `message.updated`, translated by `followMessages`). */
  | { type: 'message.changed'; message: ChatMessageLike }
  /** A chat message was deleted (the chat's `message.deleted`, translated by `followMessages`). */
  | { type: 'message.removed'; message: ChatMessageLike }
  | ({ type: 'position.changed' } & Coords)
  | { type: 'position.failed'; reason?: string };

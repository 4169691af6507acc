/**
 * The live-location manager's constants, error texts and the pure rules its guards and actions
 * use (which message is a live share of mine, which shares an event is about, what a failed share
 * says); the machine file holds the states and transitions.
 */
import { MIN_LIVE_LOCATION_MS } from '../shared/composed-message';
import type {
  ChatMessageLike,
  Coords,
  LiveLocationContext,
  LiveLocationError,
  LiveLocationEvent,
  LiveShare,
  ShareLocationInput,
  ShareRequest,
  StopLiveLocationInput,
} from './live-location.types';

export { MIN_LIVE_LOCATION_MS };
/** Position updates go out at most once per this many ms (spec section 9). */
export const UPDATE_THROTTLE_MS = 3000;
/**
 * What stream-chat throws for live sharing without a connected user (`client.userID`); the real
 * actors throw it too (listing live shares, sending a live share) and the machine recognises it.
 */
export const CLIENT_SIDE_ONLY_MESSAGE = 'Live-location sharing is reserved for client-side use only';
/** The longest delay a timer can hold (2^31 − 1 ms); a later end is re-checked then. */
export const MAX_TIMER_MS = 2_147_483_647;

export const LIVE_LOCATION_ERRORS = {
  /** 'Failed to share the location' */
  shareFailed: 'chat.liveLocation.shareFailed',
  /** 'Failed to retrieve location' */
  retrieveFailed: 'chat.liveLocation.retrieveFailed',
  /** 'Live-location sharing is reserved for client-side use only' */
  clientSideOnly: 'chat.liveLocation.clientSideOnly',
  /** Our addition: 'A live location must be shared for at least {{seconds}} seconds' */
  tooShort: 'chat.liveLocation.tooShort',
} as const;

export const endOf = (share: { endAt: string }) => Date.parse(share.endAt);

function reasonOf(error: unknown): string | undefined {
  if (error instanceof Error) return error.message || undefined;
  return typeof error === 'string' && error ? error : undefined;
}

export const isCoords = (coords: Coords | undefined): coords is Coords =>
  coords !== undefined && Number.isFinite(coords.latitude) && Number.isFinite(coords.longitude);

/** The user's own message carrying a live location that has not ended yet. */
export function isOwnLive(context: LiveLocationContext, message: ChatMessageLike): boolean {
  const endAt = message.shared_location?.end_at;
  return (
    context.userId !== null &&
    message.user?.id === context.userId &&
    message.type !== 'deleted' &&
    typeof endAt === 'string' &&
    Date.parse(endAt) > context.now()
  );
}

export const withShare = (shares: LiveShare[], share: LiveShare) => [
  ...shares.filter((s) => s.messageId !== share.messageId),
  share,
];

/** The shares whose messages `event` is about no longer carry them. */
export const eventMessageId = (event: LiveLocationEvent): string | undefined => {
  if (event.type === 'message.changed' || event.type === 'message.removed') return event.message.id;
  if (event.type === 'location.stop') return event.messageId;
  return undefined;
};

export const retrieveFailed: LiveLocationError = { key: LIVE_LOCATION_ERRORS.retrieveFailed };

/** A share of a live message of mine, with its end as the message has it. */
export const shareOfMessage = (message: ChatMessageLike): LiveShare => ({
  messageId: message.id,
  channelCid: message.shared_location?.channel_cid ?? message.cid ?? '',
  endAt: message.shared_location!.end_at!,
});

/** 'Failed to share the location', with the reason when the error gives one. */
export function shareFailed(error: unknown): LiveLocationError {
  const reason = reasonOf(error);
  return {
    key: LIVE_LOCATION_ERRORS.shareFailed,
    ...(reason ? { values: { reason } } : {}),
    type: 'api:location:create:failed',
  };
}

/** A new position clears a failure to retrieve one; other errors stay. */
export const errorAfterPosition = (context: LiveLocationContext): LiveLocationError | null =>
  context.error?.key === LIVE_LOCATION_ERRORS.retrieveFailed ? null : context.error;

/** The location message the sharing request asks for (a live one ends `durationMs` from now). */
export function shareInput(context: LiveLocationContext): ShareLocationInput {
  const request = context.request!;
  return {
    channelCid: request.channelCid,
    messageId: request.messageId,
    latitude: request.coords!.latitude,
    longitude: request.coords!.longitude,
    createdByDeviceId: context.deviceId,
    ...(request.durationMs !== undefined ? { endAt: new Date(context.now() + request.durationMs).toISOString() } : {}),
  };
}

/** What `location.share` asks for: where, which message, how long, and the position when given. */
export function requestOf(event: Extract<LiveLocationEvent, { type: 'location.share' }>): ShareRequest {
  return {
    channelCid: event.channelCid,
    messageId: event.messageId,
    ...(event.durationMs !== undefined ? { durationMs: event.durationMs } : {}),
    ...(isCoords(event.coords) ? { coords: event.coords } : {}),
  };
}

export const coordsOf = (position: Coords): Coords => ({ latitude: position.latitude, longitude: position.longitude });

/** Ending the share of `messageId` on the server, from this device. */
export function stopInput(context: LiveLocationContext, messageId: string | undefined): StopLiveLocationInput {
  const share = context.shares.find((s) => s.messageId === messageId)!;
  return { messageId: share.messageId, channelCid: share.channelCid, createdByDeviceId: context.deviceId };
}

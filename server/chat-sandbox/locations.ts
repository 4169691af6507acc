/**
 * Shared and live locations (chat-protocol.md §3.9 and §4.11): a location is stored on its
 * message as a SharedLocationResponse; a live one has `end_at` and is "active" until then.
 * Validation follows the product spec: latitude and longitude are required numbers in range, a
 * live share lasts at least 60 s, and the channel must allow sharing locations.
 */
import { capabilities, channelConfig } from './channel-types.js';
import { ChatError, inputError, notAllowed } from './errors.js';
import type { Sandbox } from './sandbox.js';
import type { ChannelRec, MessageRec } from './store/model.js';

/** The shortest live share (the client's LocationComposer enforces the same minimum). */
export const MIN_LIVE_MS = 60_000;
/**
 * The composer computes `end_at` from its own clock just before sending, so a share of exactly
 * 60 s arrives a little under 60 s ahead; this much transit time is forgiven.
 */
export const LIVE_TRANSIT_ALLOWANCE_MS = 5_000;

export interface SharedLocation {
  channel_cid: string;
  message_id: string;
  user_id: string;
  latitude: number;
  longitude: number;
  created_by_device_id: string;
  end_at?: string;
  created_at: string;
  updated_at: string;
}

export function locationOf(message: MessageRec): SharedLocation | undefined {
  const raw = message.shared_location;
  if (!raw || typeof raw.latitude !== 'number' || typeof raw.longitude !== 'number') return undefined;
  return raw as unknown as SharedLocation;
}

export function isActiveLive(location: SharedLocation, now = Date.now()): boolean {
  return location.end_at !== undefined && Date.parse(location.end_at) > now;
}

/** Throws code 4 unless `value` is a number in [-limit, limit] (undefined allowed when optional). */
export function checkCoordinate(value: unknown, limit: number, name: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw inputError('latitude and longitude are required');
  if (value < -limit || value > limit) throw inputError(`${name} must be between -${limit} and ${limit}`);
  return value;
}

export function parseEndAt(value: unknown): number {
  const millis = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(millis)) throw inputError('end_at must be an RFC 3339 timestamp');
  return millis;
}

/**
 * The stored location for a new message's `shared_location` input (undefined when there is none).
 * Checks the channel config (19), the sender's `share-location` capability (17, not for the
 * server), coordinates and the live duration (4).
 */
export function sharedLocationFor(
  sandbox: Sandbox,
  channel: ChannelRec,
  userId: string,
  messageId: string,
  raw: unknown,
  now: string,
  server = false,
): SharedLocation | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'object' || Array.isArray(raw)) throw inputError('shared_location must be an object');
  if (!channelConfig(channel).shared_locations) {
    throw new ChatError(19, `shared locations are disabled for channel type ${channel.type}`, 400);
  }
  if (!server) {
    const user = sandbox.store.users.get(userId);
    if (!capabilities(channel, user, sandbox.store.member(channel.cid, userId)).includes('share-location')) {
      throw notAllowed(
        `User '${userId}' with role '${user?.role ?? 'user'}' is not allowed to access Resource ShareLocation on channel type ${channel.type}`,
      );
    }
  }
  const input = raw as Record<string, unknown>;
  if (input.message_id !== undefined && input.message_id !== messageId) {
    throw inputError('shared_location.message_id must match the message id');
  }
  const latitude = checkCoordinate(input.latitude, 90, 'latitude');
  const longitude = checkCoordinate(input.longitude, 180, 'longitude');
  const device = input.created_by_device_id;
  if (device !== undefined && typeof device !== 'string') throw inputError('created_by_device_id must be a string');
  let endAt: string | undefined;
  if (input.end_at !== undefined && input.end_at !== null) {
    const millis = parseEndAt(input.end_at);
    if (millis - Date.now() < MIN_LIVE_MS - LIVE_TRANSIT_ALLOWANCE_MS) {
      throw inputError('end_at must be at least 60 seconds in the future for a live location');
    }
    endAt = new Date(millis).toISOString();
  }
  return {
    channel_cid: channel.cid,
    message_id: messageId,
    user_id: userId,
    latitude,
    longitude,
    created_by_device_id: device ?? '',
    ...(endAt ? { end_at: endAt } : {}),
    created_at: now,
    updated_at: now,
  };
}

/** Live shares that have not ended, of a channel and/or a user, oldest first. */
export function activeLiveLocations(
  sandbox: Sandbox,
  filter: { cid?: string; userId?: string; viewerId?: string | null },
): SharedLocation[] {
  const now = Date.now();
  const messages = filter.cid ? sandbox.store.messagesOf(filter.cid) : [...sandbox.store.messages.values()];
  const out: SharedLocation[] = [];
  for (const message of messages) {
    if (message.deleted_at || message.type === 'deleted') continue;
    if (filter.userId && message.user_id !== filter.userId) continue;
    // A shadow-banned sharer's location reaches only themself.
    if (message.shadowed && filter.viewerId !== undefined && message.user_id !== filter.viewerId) continue;
    const location = locationOf(message);
    if (location && isActiveLive(location, now)) out.push(location);
  }
  return out.sort((a, b) => a.created_at.localeCompare(b.created_at));
}

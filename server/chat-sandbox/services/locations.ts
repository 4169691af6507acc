/**
 * Updating a live location (chat-protocol.md §4.11): its sharer moves or stops (end_at now) it
 * while it is live; the message is saved and `message.updated` goes to the channel's watchers.
 */
import { nextTimestamp } from '../clock.js';
import { inputError, notAllowed } from '../errors.js';
import { checkCoordinate, isActiveLive, locationOf, parseEndAt, type SharedLocation } from '../locations.js';
import type { Sandbox } from '../sandbox.js';
import { loadMessage } from './common.js';
import { announceMessageUpdate } from './message-changes.js';

/** What a live location update may change (guaranteed by schema/locations.ts). */
export interface LiveLocationUpdate {
  message_id?: string;
  latitude?: number;
  longitude?: number;
  end_at?: string | null;
  created_by_device_id?: string;
}

/**
 * Moves or ends `userId`'s live location on `message_id` (4 unless it is a live share that has
 * not ended, 17 unless `userId` shared it; everything is checked before anything changes). An end
 * already passed ends it now. Saves the message, sends `message.updated` (a shadow-banned
 * sharer's only to themself) and answers the updated location.
 */
export function updateLiveLocation(sandbox: Sandbox, userId: string, input: LiveLocationUpdate): SharedLocation {
  const { store } = sandbox;
  if (!input.message_id) throw inputError('message_id is required');
  const message = loadMessage(sandbox, input.message_id);
  const current = locationOf(message);
  if (!current) throw inputError(`message ${message.id} does not share a location`);
  if (message.user_id !== userId) throw notAllowed(`only the sharer may update the location of message ${message.id}`);
  if (current.end_at === undefined) throw inputError(`message ${message.id} shares a static location, not a live one`);
  if (message.deleted_at || !isActiveLive(current)) {
    throw inputError(`the live location of message ${message.id} has ended`);
  }
  const latitude = input.latitude === undefined ? current.latitude : checkCoordinate(input.latitude, 90, 'latitude');
  const longitude =
    input.longitude === undefined ? current.longitude : checkCoordinate(input.longitude, 180, 'longitude');
  let endAt = current.end_at;
  if (input.end_at !== undefined && input.end_at !== null) {
    endAt = new Date(Math.max(parseEndAt(input.end_at), Date.now())).toISOString();
  }
  const now = nextTimestamp();
  const updated: SharedLocation = {
    ...current,
    latitude,
    longitude,
    created_by_device_id: input.created_by_device_id ?? current.created_by_device_id,
    end_at: endAt,
    updated_at: now,
  };
  message.shared_location = { ...updated };
  message.updated_at = now;
  store.saveMessage(message);

  announceMessageUpdate(sandbox, message);
  return updated;
}

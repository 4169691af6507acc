/**
 * Live locations (chat-protocol.md §4.11): `GET /users/live_locations` lists the acting user's
 * live shares that have not ended; `PUT /users/live_locations` moves or stops (end_at now) one of
 * them — only its sharer, only while it is live — and announces the refreshed message with
 * `message.updated` to the channel's watchers.
 */
import type { FastifyInstance } from 'fastify';
import { nextTimestamp } from '../clock.js';
import { inputError, notAllowed } from '../errors.js';
import {
  activeLiveLocations,
  checkCoordinate,
  isActiveLive,
  locationOf,
  parseEndAt,
  type SharedLocation,
} from '../locations.js';
import { ok, type Sandbox } from '../sandbox.js';
import { ACTIVE_LIVE_LOCATIONS, UPDATE_LIVE_LOCATION } from '../schema/locations.js';
import { actorUserId, channelEventBase, loadMessage } from '../services/common.js';

/** Guaranteed by the route schema (schema/locations.ts). */
interface UpdateBody {
  message_id?: string;
  latitude?: number;
  longitude?: number;
  end_at?: string | null;
  created_by_device_id?: string;
  user_id?: string;
  user?: { id?: string };
}

export async function locationRoutes(app: FastifyInstance, sandbox: Sandbox): Promise<void> {
  const { store, gateway, serialize } = sandbox;

  app.get('/users/live_locations', { schema: ACTIVE_LIVE_LOCATIONS }, async (request) => {
    const userId = actorUserId(request);
    return ok({ active_live_locations: activeLiveLocations(sandbox, { userId }) });
  });

  app.put<{ Body: UpdateBody }>('/users/live_locations', { schema: UPDATE_LIVE_LOCATION }, async (request) => {
    const body = request.body ?? {};
    const userId = actorUserId(request, body);
    if (!body.message_id) throw inputError('message_id is required');
    const message = loadMessage(sandbox, body.message_id);
    const current = locationOf(message);
    if (!current) throw inputError(`message ${message.id} does not share a location`);
    if (message.user_id !== userId)
      throw notAllowed(`only the sharer may update the location of message ${message.id}`);
    if (current.end_at === undefined)
      throw inputError(`message ${message.id} shares a static location, not a live one`);
    if (message.deleted_at || !isActiveLive(current)) {
      throw inputError(`the live location of message ${message.id} has ended`);
    }
    // Validate everything before changing anything.
    const latitude = body.latitude === undefined ? current.latitude : checkCoordinate(body.latitude, 90, 'latitude');
    const longitude =
      body.longitude === undefined ? current.longitude : checkCoordinate(body.longitude, 180, 'longitude');
    let endAt = current.end_at;
    if (body.end_at !== undefined && body.end_at !== null) {
      // An end already passed (the client's "now" when stopping) ends the share now.
      endAt = new Date(Math.max(parseEndAt(body.end_at), Date.now())).toISOString();
    }
    const now = nextTimestamp();
    const updated: SharedLocation = {
      ...current,
      latitude,
      longitude,
      created_by_device_id: body.created_by_device_id ?? current.created_by_device_id,
      end_at: endAt,
      updated_at: now,
    };
    message.shared_location = { ...updated };
    message.updated_at = now;
    store.saveMessage(message);

    const channel = store.channels.get(message.cid);
    if (channel) {
      const payload = serialize.message(message);
      gateway.toWatchers(
        channel.cid,
        () => ({
          type: 'message.updated',
          ...channelEventBase(channel),
          message_id: message.id,
          message: payload,
          user: payload.user,
        }),
        (connection) => message.shadowed && connection.userId !== message.user_id,
      );
    }
    return ok({ ...updated });
  });
}

/**
 * Live locations (chat-protocol.md §4.11): `GET /users/live_locations` lists the acting user's
 * live shares that have not ended; `PUT /users/live_locations` moves or stops (end_at now) one of
 * them — only its sharer, only while it is live — and announces the refreshed message with
 * `message.updated` to the channel's watchers (services/locations.ts).
 */
import { actorUserId } from '../request-input.js';
import type { FastifyInstance } from 'fastify';
import { activeLiveLocations } from '../locations.js';
import { ok, type Sandbox } from '../sandbox.js';
import { ACTIVE_LIVE_LOCATIONS, UPDATE_LIVE_LOCATION } from '../schema/locations.js';
import { updateLiveLocation, type LiveLocationUpdate } from '../services/locations.js';

/** Guaranteed by the route schema (schema/locations.ts). */
interface UpdateBody extends LiveLocationUpdate {
  user_id?: string;
  user?: { id?: string };
}

export async function locationRoutes(app: FastifyInstance, sandbox: Sandbox): Promise<void> {
  app.get('/users/live_locations', { schema: ACTIVE_LIVE_LOCATIONS }, async (request) => {
    const userId = actorUserId(request);
    return ok({ active_live_locations: activeLiveLocations(sandbox, { userId }) });
  });

  app.put<{ Body: UpdateBody }>('/users/live_locations', { schema: UPDATE_LIVE_LOCATION }, async (request) => {
    const body = request.body ?? {};
    const userId = actorUserId(request, body);
    return ok({ ...updateLiveLocation(sandbox, userId, body) });
  });
}

/** Request schemas of the live-location routes (routes/locations.ts, chat-protocol.md §4.11). */
import { body, id, ID_MAX, nullable, object, query } from './fragments.js';

export const ACTIVE_LIVE_LOCATIONS = { querystring: query() };

/**
 * PUT /users/live_locations `{message_id, latitude?, longitude?, end_at?, created_by_device_id?}`.
 * The coordinates' ranges, a missing `message_id`, an unreadable `end_at` and the share's state
 * keep their texts in the route (the same as for a new message's `shared_location`).
 */
export const UPDATE_LIVE_LOCATION = {
  querystring: query(),
  body: body({
    message_id: id,
    latitude: { type: 'number' },
    longitude: { type: 'number' },
    end_at: nullable({ type: 'string', maxLength: 40 }),
    created_by_device_id: { type: 'string', maxLength: ID_MAX },
    user_id: id,
    user: object({ id }),
  }),
};

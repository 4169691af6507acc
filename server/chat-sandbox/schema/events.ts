/**
 * Request schema of typing and custom events (routes/events.ts, chat-protocol.md §4.2 `POST
 * …/event`). Which types may be sent (reserved prefixes, the channel's config) keeps its texts in
 * the route.
 */
import { actingUser, body, id, nullable, object, params, query } from './fragments.js';

/** The event: its type, the thread it is about, and custom fields passed on to the watchers. */
const event = {
  type: 'object',
  maxProperties: 100,
  required: ['type'],
  properties: {
    type: { type: 'string', minLength: 1, maxLength: 255 },
    parent_id: nullable(id),
    user_id: actingUser,
    user: object({ id }),
  },
} as const;

export const SEND_EVENT = {
  params: params('type', 'id'),
  querystring: query(),
  body: body({ event }, ['event']),
};

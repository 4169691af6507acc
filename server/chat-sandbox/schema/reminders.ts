/**
 * Request schemas of the reminder routes (routes/reminders.ts, chat-protocol.md §4.10). The date
 * format of `remind_at` and the filter and sort fields a query may use keep their texts in the
 * route.
 */
import { actingUser, body, cursorQuery, nullable, params, query } from './fragments.js';

/** A date-time, or null for "save for later" without a time. */
const remindAt = nullable({ type: 'string', maxLength: 64 });

/** POST and PATCH /messages/{mid}/reminders: `{remind_at?, user_id?}`. */
const reminder = {
  params: params('mid'),
  querystring: query(),
  body: body({ remind_at: remindAt, user_id: actingUser }),
};

export const CREATE_REMINDER = reminder;
export const UPDATE_REMINDER = reminder;

/** DELETE /messages/{mid}/reminders (`?user_id=` server-side). */
export const DELETE_REMINDER = { params: params('mid'), querystring: query() };

/** POST /reminders/query: `{filter, sort, limit, next | prev}`. */
export const QUERY_REMINDERS = { querystring: query(), body: cursorQuery(100) };

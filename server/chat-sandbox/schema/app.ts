/** Request schemas of the app routes (routes/app-settings.ts, chat-protocol.md §4.1). */
import { body, bool, query } from './fragments.js';

/** GET /app: the query string only. */
export const GET_APP = { querystring: query() };

/** PATCH /app: the settings to change; the sandbox keeps `multi_tenant_enabled`, others are ignored. */
export const UPDATE_APP = { querystring: query(), body: body({ multi_tenant_enabled: bool }) };

/** Request schemas of the app routes (routes/app-settings.ts, chat-protocol.md §4.1). */
import { query } from './fragments.js';

/** GET /app: the query string only. */
export const GET_APP = { querystring: query() };

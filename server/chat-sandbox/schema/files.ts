/** Request schemas of the link-preview and GIF routes (routes/og.ts, routes/giphy.ts, chat-protocol.md §4.3). */
import { params, query, url } from './fragments.js';

/** GET /og?url=: a missing url keeps the service's text (`url is a required field`) in the route. */
export const OPEN_GRAPH = { querystring: query({ url }) };

/** GET /giphy/:file (public, like a CDN). */
export const GIPHY_FILE = { params: params('file'), querystring: query() };

/**
 * Query-string schemas of the connection routes: the WebSocket handshake `GET /connect` and the
 * long-poll fallback `GET /longpoll` (ws-connect.ts, longpoll.ts, chat-protocol.md §1). The
 * connect payload `json` stays text: openConnection parses it, so a bad one keeps its code 4
 * `connection.error` (WebSocket) or envelope (long poll), which the client acts on.
 */
import { bool, query, TEXT_MAX } from './fragments.js';

const handshake = {
  json: { type: 'string', maxLength: TEXT_MAX },
  authorization: { type: 'string', maxLength: 8_192 },
  'stream-auth-type': { type: 'string', maxLength: 20 },
  'X-Stream-Client': { type: 'string', maxLength: 1_000 },
} as const;

/** GET /connect (WebSocket): everything arrives in the query string. */
export const WS_CONNECT = { querystring: query(handshake) };

/** GET /longpoll: connect (`json`), poll (`connection_id`) or `close=true`. */
export const LONG_POLL = { querystring: query({ ...handshake, close: bool }) };

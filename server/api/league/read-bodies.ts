/**
 * Serialized answers of the league's reads, kept with the snapshot they were computed from
 * (docs/decisions/0041). A read that depends only on the league's snapshot, its row and the
 * caller's role sends the JSON it sent before when all of these are the same: the key names
 * everything else the answer depends on, and the snapshot itself is current for the revision read
 * in the same query as the caller's session and membership, so a write shows on the next read on
 * every instance. Access is checked on every request before a body is looked up; nothing about
 * who may read is kept here. At most `limit` bodies per snapshot (LEAGUE_CACHE_BODIES), the least
 * recently used first out.
 */
import type { FastifyReply } from 'fastify';
import type { LeagueSnapshot } from './league-snapshots.js';

const JSON_TYPE = 'application/json; charset=utf-8';

export type SendBody = <T>(reply: FastifyReply, snapshot: LeagueSnapshot, key: string, answer: () => T) => FastifyReply;

/**
 * Sends the body kept under `key`, or serializes `answer()` with the route's response schema
 * (so exactly what the schema lets through, as without this cache), keeps it and sends it.
 * `answer` may throw (a 4xx); nothing is kept then.
 */
export function bodySender(limit: number): SendBody {
  return (reply, snapshot, key, answer) => {
    const bodies = snapshot.bodies;
    let body = bodies.get(key);
    if (body === undefined) {
      // The route's response schema serializes to text (fast-json-stringify).
      body = reply.serialize(answer()) as string;
      for (const oldest of bodies.keys()) {
        if (bodies.size < limit) break;
        bodies.delete(oldest);
      }
    } else bodies.delete(key);
    bodies.set(key, body);
    return reply.type(JSON_TYPE).send(body);
  };
}

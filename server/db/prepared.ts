/**
 * A query built and compiled once, then run with new values: building and compiling a Kysely
 * query costs about 50 µs, more than SQLite takes to run a small one. Used for the queries every
 * request runs (the session, the caller's league). `build` is called once with marker values; the
 * compiled parameter list must hold each marker exactly once, and each run puts the real values
 * in their places. Everything else in the query stays as compiled.
 */
import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { DB } from './schema.js';

export function prepared<P extends Record<string, string | number>, R>(
  db: Kysely<DB>,
  build: (markers: P) => Compilable<R>,
  markers: P,
): (values: P) => Promise<R[]> {
  const compiled = build(markers).compile();
  const keys = Object.keys(markers) as (keyof P)[];
  const places = keys.map((key) => {
    const at = compiled.parameters.indexOf(markers[key]);
    if (at < 0 || compiled.parameters.lastIndexOf(markers[key]) !== at)
      throw new Error(`prepared query: marker ${String(key)} must appear exactly once in its parameters`);
    return at;
  });
  return async (values) => {
    const parameters = [...compiled.parameters];
    for (let i = 0; i < keys.length; i++) parameters[places[i]!] = values[keys[i]!];
    const result = await db.executeQuery<R>(CompiledQuery.raw(compiled.sql, parameters));
    return result.rows;
  };
}

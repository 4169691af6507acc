/**
 * Offset paging for list endpoints (reactions, search, users): `limit` and `offset` checked with
 * code 4, and the opaque `next` / `previous` cursors, which carry an offset (base64url JSON).
 */
import { inputError } from '../errors.js';

/** A whole number in [min, max], `fallback` when absent; anything else is a code 4 error. */
export function wholeNumber(value: unknown, name: string, fallback: number, min: number, max: number): number {
  if (value === undefined || value === null || value === '') return fallback;
  const number = typeof value === 'string' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number)) throw inputError(`${name} must be a whole number`);
  if (number < min || number > max) throw inputError(`${name} must be between ${min} and ${max}`);
  return number;
}

export function encodeCursor(offset: number): string {
  return Buffer.from(JSON.stringify({ offset })).toString('base64url');
}

/** The offset a cursor from encodeCursor carries. */
export function decodeCursor(cursor: unknown, name = 'next'): number {
  if (typeof cursor !== 'string' || cursor === '')
    throw inputError(`${name} must be a cursor string from a previous answer`);
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const offset = (parsed as { offset?: unknown } | null)?.offset;
    if (typeof offset === 'number' && Number.isInteger(offset) && offset >= 0) return offset;
  } catch {
    // Falls through to the error below.
  }
  throw inputError(`${name} is not a valid cursor`);
}

/** One page of `items` from `offset`, with `next` when more follow and `previous` when some precede. */
export function cursorPage<T>(
  items: T[],
  offset: number,
  limit: number,
): { page: T[]; next?: string; previous?: string } {
  const page = items.slice(offset, offset + limit);
  return {
    page,
    next: offset + limit < items.length ? encodeCursor(offset + limit) : undefined,
    previous: offset > 0 ? encodeCursor(Math.max(0, offset - limit)) : undefined,
  };
}

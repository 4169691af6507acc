/**
 * Offset paging for list endpoints (reactions, search, users): `limit` and `offset` checked with
 * code 4, and the opaque `next` / `previous` cursors, which carry an offset (base64url JSON).
 */
import { inputError } from '../errors.js';
import { parseSort } from './sort.js';

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

export interface CursorQuery {
  sort?: unknown;
  limit?: unknown;
  next?: unknown;
  prev?: unknown;
}

/**
 * The sort, limit and start offset of a query with `next`/`prev` cursors (drafts, reminders):
 * unknown sort fields and both cursors at once are code 4 errors.
 */
export function readCursorQuery(body: CursorQuery, kind: string, sortFields: ReadonlySet<string>) {
  const specs = parseSort(body.sort, [{ field: 'created_at', direction: -1 }]);
  const unsortable = specs.find((s) => !sortFields.has(s.field));
  if (unsortable) throw inputError(`cannot sort ${kind} by ${unsortable.field}`);
  const limit = wholeNumber(body.limit, 'limit', 25, 0, 100);
  const hasCursor = (value: unknown) => value !== undefined && value !== null && value !== '';
  if (hasCursor(body.next) && hasCursor(body.prev)) throw inputError('use either next or prev, not both');
  const offset = hasCursor(body.next)
    ? decodeCursor(body.next)
    : hasCursor(body.prev)
      ? decodeCursor(body.prev, 'prev')
      : 0;
  return { specs, limit, offset };
}

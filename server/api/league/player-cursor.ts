/**
 * The player list's page cursor: base64url of the last row's sort key, ending with its id, so
 * the next page starts strictly after it. Keys by list:
 *
 *   sort=name                 [search_name, id]
 *   sort=goals|appearances    [stat, search_name, id]
 *   with q, sort=name         [match rank, search_name, id]
 *   with q, other sorts       [match rank, stat, search_name, id]
 *
 * The sort and whether a search is on travel in the cursor, so a cursor cannot be continued in a
 * list ordered another way (it would skip or repeat players).
 */

export type PlayerSort = 'name' | 'goals' | 'appearances';
export type CursorKey = (string | number)[];

interface CursorBody {
  s: PlayerSort;
  q: boolean;
  k: CursorKey;
}

const MAX_INT = 2147483647;

export function encodeCursor(sort: PlayerSort, searching: boolean, key: CursorKey): string {
  const body: CursorBody = { s: sort, q: searching, k: key };
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

function shape(sort: PlayerSort, searching: boolean): ('n' | 's')[] {
  const byStat = sort !== 'name';
  return [...(searching ? ['n' as const] : []), ...(byStat ? ['n' as const] : []), 's', 'n'];
}

/** The key to continue after, or undefined when the cursor is malformed or from another list. */
export function decodeCursor(cursor: string, sort: PlayerSort, searching: boolean): CursorKey | undefined {
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof body !== 'object' || body === null) return undefined;
  const { s, q, k } = body as Partial<CursorBody>;
  if (s !== sort || q !== searching || !Array.isArray(k)) return undefined;
  const expected = shape(sort, searching);
  if (k.length !== expected.length) return undefined;
  const fits = k.every((part, i) =>
    expected[i] === 's'
      ? typeof part === 'string' && part.length <= 1000
      : Number.isInteger(part) && (part as number) >= 0 && (part as number) <= MAX_INT,
  );
  return fits ? k : undefined;
}

/** Compares two keys part by part; `order` holds 1 for ascending and -1 for descending parts. */
export function compareKeys(a: CursorKey, b: CursorKey, order: number[]): number {
  for (let i = 0; i < order.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x === y) continue;
    return (x < y ? -1 : 1) * order[i]!;
  }
  return 0;
}

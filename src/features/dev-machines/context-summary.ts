/**
 * A readable one-screen summary of an actor's context for /dev/machines: primitives as they are,
 * long strings cut, lists as their length with the first items, child actors by id, functions
 * and blobs by kind. Never throws on cycles.
 */
export const SUMMARY_LIMITS = { text: 80, items: 3, depth: 3, fields: 8 };

/** Fields whose values are credentials: never shown. */
const SECRET = /token|secret|password/i;

function isActorRef(value: object): value is { id: string } {
  return 'sessionId' in value && 'send' in value && 'id' in value;
}

export function summarize(value: unknown, depth = 0, seen = new WeakSet<object>()): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value === 'string')
    return JSON.stringify(value.length > SUMMARY_LIMITS.text ? `${value.slice(0, SUMMARY_LIMITS.text)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (typeof value === 'function') return 'ƒ';
  if (typeof value !== 'object') return typeof value;
  if (isActorRef(value)) return `⟨actor ${value.id}⟩`;
  if (typeof Blob !== 'undefined' && value instanceof Blob) return `⟨blob ${value.size} B⟩`;
  if (value instanceof Date) return value.toISOString();
  // Class instances (a chat client, an error) by their class: their insides are not context.
  const prototype: unknown = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && prototype !== Object.prototype && prototype !== null) {
    const name = (value as { constructor?: { name?: string } }).constructor?.name || 'object';
    return value instanceof Error ? `⟨${name}: ${value.message}⟩` : `⟨${name}⟩`;
  }
  if (seen.has(value)) return '⟨cycle⟩';
  seen.add(value);
  if (depth >= SUMMARY_LIMITS.depth) return Array.isArray(value) ? `[${value.length}]` : '{…}';
  if (Array.isArray(value)) {
    const items = value.slice(0, SUMMARY_LIMITS.items).map((v) => summarize(v, depth + 1, seen));
    const more = value.length > SUMMARY_LIMITS.items ? `, … +${value.length - SUMMARY_LIMITS.items}` : '';
    return `[${value.length}: ${items.join(', ')}${more}]`;
  }
  const all = Object.entries(value as Record<string, unknown>);
  const entries = all.slice(0, SUMMARY_LIMITS.fields).map(([k, v]) => `${k}: ${shown(k, v, depth, seen)}`);
  const more = all.length > SUMMARY_LIMITS.fields ? `, … +${all.length - SUMMARY_LIMITS.fields}` : '';
  return `{ ${entries.join(', ')}${more} }`;
}

function shown(key: string, value: unknown, depth: number, seen: WeakSet<object>): string {
  return SECRET.test(key) && value ? '•••' : summarize(value, depth + 1, seen);
}

/** The context's top-level fields as rows (credentials masked). */
export function contextRows(context: unknown): { key: string; value: string }[] {
  if (!context || typeof context !== 'object') return [];
  return Object.entries(context as Record<string, unknown>).map(([key, value]) => ({
    key,
    value: shown(key, value, -1, new WeakSet()),
  }));
}

/** `{ a: { b: 'c' } }` → `a.b.c`, the way states read in the list. */
export function stateLabel(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object')
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${k}.${stateLabel(v)}`)
      .join(', ');
  return '';
}

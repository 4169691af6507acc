/**
 * A readable one-screen summary of an actor's context for /dev/machines: primitives as they are,
 * long strings cut, lists as their length with the first items, child actors by id, functions
 * and blobs by kind. Never throws on cycles.
 */
export const SUMMARY_LIMITS = { text: 80, items: 3, depth: 3 };

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
  if (seen.has(value)) return '⟨cycle⟩';
  seen.add(value);
  if (depth >= SUMMARY_LIMITS.depth) return Array.isArray(value) ? `[${value.length}]` : '{…}';
  if (Array.isArray(value)) {
    const shown = value.slice(0, SUMMARY_LIMITS.items).map((v) => summarize(v, depth + 1, seen));
    const more = value.length > SUMMARY_LIMITS.items ? `, … +${value.length - SUMMARY_LIMITS.items}` : '';
    return `[${value.length}: ${shown.join(', ')}${more}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>).map(
    ([k, v]) => `${k}: ${summarize(v, depth + 1, seen)}`,
  );
  return `{ ${entries.join(', ')} }`;
}

/** The context's top-level fields as rows. */
export function contextRows(context: unknown): { key: string; value: string }[] {
  if (!context || typeof context !== 'object') return [];
  return Object.entries(context as Record<string, unknown>).map(([key, value]) => ({ key, value: summarize(value) }));
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

/** Sorting by the client's `sort: [{field, direction}]` list; missing values sort last. */
import { asText } from './text.js';

export interface SortSpec {
  field: string;
  direction: number;
}

export function parseSort(raw: unknown, fallback: SortSpec[]): SortSpec[] {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return fallback;
    }
  }
  if (!Array.isArray(value) || value.length === 0) return fallback;
  return value
    .map((s) => s as Partial<SortSpec> | null)
    .filter((s): s is SortSpec => typeof s?.field === 'string')
    .map((s) => ({ field: s.field, direction: Number(s.direction) < 0 ? -1 : 1 }));
}

export function sortBy<T>(items: T[], specs: SortSpec[], value: (item: T, field: string) => unknown): T[] {
  return [...items].sort((a, b) => {
    for (const { field, direction } of specs) {
      const x = value(a, field);
      const y = value(b, field);
      const xMissing = x === undefined || x === null;
      const yMissing = y === undefined || y === null;
      if (xMissing && yMissing) continue;
      if (xMissing) return 1;
      if (yMissing) return -1;
      const order = typeof x === 'number' && typeof y === 'number' ? x - y : asText(x).localeCompare(asText(y));
      if (order !== 0) return order * direction;
    }
    return 0;
  });
}

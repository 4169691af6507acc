/**
 * The filter language of queryChannels, queryUsers, queryMembers and search (chat-protocol.md
 * §4): field conditions with $eq $ne $in $nin $gt $gte $lt $lte $exists $autocomplete $q
 * $contains, combined with $and $or $nor. Array fields match when any element matches; `$eq`
 * with an array value on an array field means the same set.
 */
import { inputError } from '../errors.js';
import { asText, foldForAutocomplete } from './text.js';

export type Filter = Record<string, unknown>;
type Doc = Record<string, unknown>;

const compare = (a: unknown, b: unknown): number => {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return asText(a).localeCompare(asText(b));
};

/** The words `$autocomplete` looks at the starts of, folded (text.ts). */
function words(value: unknown): string[] {
  return foldForAutocomplete(asText(value))
    .split(/[\s\-_.@]+/)
    .filter(Boolean);
}

function scalarMatches(value: unknown, op: string, operand: unknown): boolean {
  switch (op) {
    case '$eq':
      return value === operand;
    case '$ne':
      return value !== operand;
    case '$in':
      if (!Array.isArray(operand)) throw inputError(`$in needs an array`);
      return operand.includes(value);
    case '$nin':
      if (!Array.isArray(operand)) throw inputError(`$nin needs an array`);
      return !operand.includes(value);
    case '$gt':
      return value !== undefined && value !== null && compare(value, operand) > 0;
    case '$gte':
      return value !== undefined && value !== null && compare(value, operand) >= 0;
    case '$lt':
      return value !== undefined && value !== null && compare(value, operand) < 0;
    case '$lte':
      return value !== undefined && value !== null && compare(value, operand) <= 0;
    case '$autocomplete': {
      const query = foldForAutocomplete(String(operand)).trim();
      if (!query) return false;
      const text = foldForAutocomplete(asText(value));
      return text.startsWith(query) || words(value).some((w) => w.startsWith(query));
    }
    case '$q':
      return asText(value).toLowerCase().includes(String(operand).toLowerCase());
    default:
      throw inputError(`unsupported filter operator ${op}`);
  }
}

function fieldMatches(value: unknown, condition: unknown): boolean {
  const isOperators =
    condition !== null &&
    typeof condition === 'object' &&
    !Array.isArray(condition) &&
    Object.keys(condition).every((k) => k.startsWith('$'));
  const ops: [string, unknown][] = isOperators ? Object.entries(condition) : [['$eq', condition]];
  return ops.every(([op, operand]) => {
    if (op === '$exists') return (value !== undefined && value !== null) === Boolean(operand);
    if (Array.isArray(value)) {
      if (op === '$eq' && Array.isArray(operand)) {
        return value.length === operand.length && operand.every((o) => value.includes(o));
      }
      if (op === '$contains' || op === '$eq') return value.includes(operand);
      if (op === '$in') return Array.isArray(operand) && operand.some((o) => value.includes(o));
      if (op === '$nin') return Array.isArray(operand) && !operand.some((o) => value.includes(o));
      if (op === '$ne') return !value.includes(operand);
      return value.some((v) => scalarMatches(v, op, operand));
    }
    if (op === '$contains') return false;
    return scalarMatches(value, op, operand);
  });
}

export function matches(doc: Doc, filter: Filter | undefined | null): boolean {
  if (!filter) return true;
  if (typeof filter !== 'object' || Array.isArray(filter)) throw inputError('filter_conditions must be an object');
  return Object.entries(filter).every(([key, condition]) => {
    if (key === '$and') return (condition as Filter[]).every((f) => matches(doc, f));
    if (key === '$or') return (condition as Filter[]).some((f) => matches(doc, f));
    if (key === '$nor') return !(condition as Filter[]).some((f) => matches(doc, f));
    return fieldMatches(doc[key], condition);
  });
}

/** Whether the filter mentions `field` anywhere (e.g. `hidden`, which changes the default). */
export function mentions(filter: Filter | undefined | null, field: string): boolean {
  if (!filter || typeof filter !== 'object') return false;
  return Object.entries(filter).some(([key, value]) =>
    key === field
      ? true
      : key.startsWith('$') && Array.isArray(value)
        ? value.some((f) => mentions(f as Filter, field))
        : false,
  );
}

/**
 * Checks a query filter names only `fields` (combined with $and/$or/$nor): anything else is a
 * code 4 error that lists what may be used. An absent filter matches everything.
 */
export function checkFilterFields(filter: unknown, kind: string, fields: ReadonlySet<string>): Filter {
  if (filter === undefined || filter === null) return {};
  if (typeof filter !== 'object' || Array.isArray(filter)) throw inputError('filter must be an object');
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' || key === '$or' || key === '$nor') {
      if (!Array.isArray(value)) throw inputError(`${key} needs an array of filters`);
      for (const part of value) checkFilterFields(part, kind, fields);
    } else if (!fields.has(key)) {
      throw inputError(`cannot filter ${kind} by ${key}: use ${[...fields].join(', ')}`);
    }
  }
  return filter as Filter;
}

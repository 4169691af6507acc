/** A value as text for matching and sorting: strings as they are, numbers and booleans printed, objects as JSON. */
export function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

/**
 * Text as `$autocomplete` compares it: lower case and without accents, so "jose" finds "José" and
 * "JOSÉ" finds "Jose", as the hosted service's autocomplete does (stream-chat-swift #3977: its
 * API answers diacritic variants, and the SDK's own filter had to learn to keep them).
 */
export function foldForAutocomplete(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

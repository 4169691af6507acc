/**
 * How a player search matches names (GET /api/leagues/:id/players?q=): both sides are compared as
 * `searchName` gives them (lower case, no diacritics), and a match gets a rank, best first:
 *
 *   0  the name starts with the query ("ja" → "Jamie Lee");
 *   1  every query word starts a word of the name ("lee ja" → "Jamie Lee");
 *   2  the query is inside the name ("mie" → "Jamie Lee");
 *   3  every query word starts a name word or is a typo away from one ("jamei" → "Jamie Lee").
 *
 * Typos are counted as optimal-string-alignment distance (an insertion, deletion, substitution or
 * swap of two neighbours is one): at most 1 for query words of 4–6 letters, 2 for longer ones, and
 * none for shorter words, which would otherwise match nearly everything.
 */
import { searchName } from './sports.js';

export interface SearchQuery {
  text: string;
  words: string[];
}

export type MatchRank = 0 | 1 | 2 | 3;

const WORD_BREAK = /[\s\-'’.]+/;

/** The query as names are compared; null when nothing searchable is left (e.g. only spaces). */
export function prepareQuery(q: string): SearchQuery | null {
  const text = searchName(q);
  if (!text) return null;
  return { text, words: text.split(WORD_BREAK).filter(Boolean) };
}

export function typoBudget(length: number): number {
  return length >= 7 ? 2 : length >= 4 ? 1 : 0;
}

// Reused rows of the distance table: a search compares thousands of names per request.
let rows: Int32Array[] = [new Int32Array(32), new Int32Array(32), new Int32Array(32)];

/**
 * Optimal string alignment distance between `a` and the nearest of `b`'s prefixes of length
 * `a.length - max` to `a.length + max` (the whole of `b` when `whole`), giving up with max + 1
 * once no cell of a row is within `max`.
 */
function distance(a: string, b: string, max: number, whole: boolean): number {
  const n = Math.min(b.length, a.length + max);
  if (whole && Math.abs(a.length - b.length) > max) return max + 1;
  if (n < a.length - max) return max + 1;
  if (rows[0]!.length <= n) rows = rows.map(() => new Int32Array(n + 1));
  let [before, previous, current] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= n; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let best = i;
    for (let j = 1; j <= n; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current[j] = value;
      if (value < best) best = value;
    }
    if (best > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  if (whole) return Math.min(previous[b.length]!, max + 1);
  let nearest = max + 1;
  for (let j = Math.max(0, a.length - max); j <= n; j++) nearest = Math.min(nearest, previous[j]!);
  return nearest;
}

/** Optimal string alignment distance, or max + 1 when it is more than `max`. */
export function editDistance(a: string, b: string, max: number): number {
  return distance(a, b, max, true);
}

/** A typo in the start of a word counts too, so a half-typed, misspelt name is still found. */
function nearWord(token: string, word: string): boolean {
  const budget = typoBudget(token.length);
  return budget > 0 && distance(token, word, budget, false) <= budget;
}

/** The match rank of a player's `search_name`, or null when it does not match. */
export function matchRank(query: SearchQuery, name: string): MatchRank | null {
  if (name.startsWith(query.text)) return 0;
  const words = name.split(WORD_BREAK);
  if (query.words.every((token) => words.some((word) => word.startsWith(token)))) return 1;
  if (name.includes(query.text)) return 2;
  if (query.words.every((token) => words.some((word) => word.startsWith(token) || nearWord(token, word)))) return 3;
  return null;
}

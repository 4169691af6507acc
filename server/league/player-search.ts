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

/** A name or a query as searches compare it: the whole text, its words and each word's letters. */
export interface SearchText {
  text: string;
  words: string[];
  /** Per word, a bit per letter it holds (by code unit modulo 32: letters that share a bit only
   * make the typo test pass more often, never wrongly fail). */
  letters: number[];
}

export type SearchQuery = SearchText;

export type MatchRank = 0 | 1 | 2 | 3;

const WORD_BREAK = /[\s\-'’.]+/;

function lettersOf(word: string): number {
  let bits = 0;
  for (let i = 0; i < word.length; i++) bits |= 1 << (word.charCodeAt(i) & 31);
  return bits;
}

function bitCount(bits: number): number {
  let count = 0;
  for (let rest = bits; rest !== 0; rest &= rest - 1) count++;
  return count;
}

/** A player's `search_name` prepared for searching (worth keeping for names searched often). */
export function searchText(name: string): SearchText {
  const words = name.split(WORD_BREAK).filter(Boolean);
  return { text: name, words, letters: words.map(lettersOf) };
}

/** The query as names are compared; null when nothing searchable is left (e.g. only spaces). */
export function prepareQuery(q: string): SearchQuery | null {
  const text = searchName(q);
  return text ? searchText(text) : null;
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

// Letter counts for `missesMore`, by code unit modulo 128 (letters that share a slot only make
// the test pass more often, never wrongly fail). Zero between calls.
const counts = new Int16Array(128);

/**
 * Whether more than `max` of the token's letters are not among the first letters of `word` that
 * any match could use. Each such letter needs an edit of its own, so the distance is then over
 * `max` too: a cheap test that spares most names the distance table.
 */
function missesMore(token: string, word: string, max: number): boolean {
  const end = Math.min(word.length, token.length + max);
  for (let j = 0; j < end; j++) counts[word.charCodeAt(j) & 127]!++;
  let missing = 0;
  for (let i = 0; i < token.length; i++) {
    const slot = token.charCodeAt(i) & 127;
    if (counts[slot]! > 0) counts[slot]!--;
    else missing++;
  }
  for (let j = 0; j < end; j++) counts[word.charCodeAt(j) & 127] = 0;
  return missing > max;
}

/** A typo in the start of a word counts too, so a half-typed, misspelt name is still found. */
function nearWord(token: string, word: string, budget: number): boolean {
  return !missesMore(token, word, budget) && distance(token, word, budget, false) <= budget;
}

/** The match rank of a player's `search_name`, or null when it does not match. */
export function matchRank(query: SearchQuery, name: string | SearchText): MatchRank | null {
  const target = typeof name === 'string' ? searchText(name) : name;
  if (target.text.startsWith(query.text)) return 0;
  if (everyTokenStartsAWord(query, target, false)) return 1;
  if (target.text.includes(query.text)) return 2;
  if (everyTokenStartsAWord(query, target, true)) return 3;
  return null;
}

/** Whether each query word starts one of the name's words (or, with `typos`, is near one's start). */
function everyTokenStartsAWord(query: SearchText, target: SearchText, typos: boolean): boolean {
  // Plain loops: this runs for every player of a league on every search.
  for (let t = 0; t < query.words.length; t++) {
    const token = query.words[t]!;
    const budget = typos ? typoBudget(token.length) : 0;
    let found = false;
    for (let w = 0; w < target.words.length && !found; w++) {
      const word = target.words[w]!;
      found =
        word.startsWith(token) ||
        // Each distinct letter of the token missing from the word costs an edit of its own.
        (budget > 0 && bitCount(query.letters[t]! & ~target.letters[w]!) <= budget && nearWord(token, word, budget));
    }
    if (!found) return false;
  }
  return true;
}

/**
 * Where a search's words appear in a text, so results can mark them (chat-ui.md §2, issue #27
 * item 7). It matches as the search does (chat-protocol.md §4.5, `$autocomplete`): each word of
 * the query starts a word of the text, case-insensitively and ignoring accents ("jose" finds
 * "José"). Words are runs of letters and digits. Only positions are computed here; the marks are
 * built from text by `Highlighted`, never from markup.
 */

export interface TextRange {
  /** Index of the first UTF-16 unit marked. */
  start: number;
  /** Index after the last unit marked. */
  end: number;
}

const WORD = /[\p{L}\p{N}]+/gu;
const MARKS = /\p{M}/gu;

/** One character (code point) as the search compares it: without accents, lower case. */
const foldChar = (char: string): string => char.normalize('NFD').replace(MARKS, '').toLowerCase();

/** Text as the search compares it: without accents, lower case. */
export const foldText = (text: string): string => [...text].map(foldChar).join('');

/** The folded text, and for each of its units the index in `text` of the character it came from. */
function foldWithMap(text: string): { folded: string; from: number[] } {
  let folded = '';
  const from: number[] = [];
  let index = 0;
  for (const char of text) {
    const part = foldChar(char);
    folded += part;
    for (let i = 0; i < part.length; i++) from.push(index);
    index += char.length;
  }
  return { folded, from };
}

/** The words of a query, folded, longest first (a longer word wins where two start alike). */
export function queryWords(query: string): string[] {
  const words = foldText(query).match(WORD) ?? [];
  return [...new Set(words)].sort((a, b) => b.length - a.length);
}

/**
 * The parts of `text` the words of `query` match: for each word of the text, the longest query
 * word it starts with. Ranges are in `text`'s own indices, sorted, never overlapping; a character
 * the folding dropped (a lone combining accent) goes with the character before it.
 */
export function matchRanges(text: string, query: string): TextRange[] {
  const words = queryWords(query);
  if (words.length === 0 || !text) return [];
  const { folded, from } = foldWithMap(text);
  const ranges: TextRange[] = [];
  for (const word of folded.matchAll(WORD)) {
    const found = words.find((w) => word[0].startsWith(w));
    if (!found) continue;
    const first = word.index;
    const last = first + found.length; // folded index after the match
    const holder = from[last - 1]!; // where the character of the last matched unit starts
    let end: number;
    if (last >= from.length) end = text.length;
    // The match ends inside a character that folded into several units: take all of it.
    else if (from[last] === holder) end = nextCharEnd(text, holder);
    else end = from[last]!;
    ranges.push({ start: from[first]!, end });
  }
  return ranges;
}

function nextCharEnd(text: string, index: number): number {
  const code = text.codePointAt(index);
  return index + (code !== undefined && code > 0xffff ? 2 : 1);
}

/** `text` cut into plain and marked pieces, in order, that join back into `text`. */
export function splitByRanges(text: string, ranges: readonly TextRange[]): { text: string; marked: boolean }[] {
  const pieces: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const { start, end } of ranges) {
    if (start > at) pieces.push({ text: text.slice(at, start), marked: false });
    pieces.push({ text: text.slice(start, end), marked: true });
    at = end;
  }
  if (at < text.length) pieces.push({ text: text.slice(at), marked: false });
  return pieces;
}

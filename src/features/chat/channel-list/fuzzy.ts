/**
 * Fuzzy matching for the channel switcher: the query's letters must appear in order in the text
 * (case and accents ignored); matches at word starts and in runs score higher, so "md" finds
 * "Match day" before "Commanders" and "gen" finds "League general" before "Vengeance". Null when
 * the text does not match.
 */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

const isWordStart = (text: string, at: number) => at === 0 || /[\s\-_.,:;/()]/u.test(text[at - 1]!);

/** The score of matching `query` in `text` with its first letter at `start` (then greedily). */
function scoreFrom(query: string, text: string, start: number): number | null {
  let score = 0;
  let previous = -2;
  let at = start;
  for (const char of query) {
    at = text.indexOf(char, previous < 0 ? start : previous + 1);
    if (at < 0) return null;
    score += 1 + (isWordStart(text, at) ? 3 : 0) + (at === previous + 1 ? 2 : 0);
    previous = at;
  }
  return score;
}

export function fuzzyScore(query: string, text: string): number | null {
  const q = fold(query).replace(/\s+/gu, '');
  if (q === '') return 0;
  const t = fold(text);
  let best: number | null = null;
  for (let start = t.indexOf(q[0]!); start >= 0; start = t.indexOf(q[0]!, start + 1)) {
    const score = scoreFrom(q, t, start);
    if (score !== null && (best === null || score > best)) best = score;
  }
  if (best === null) return null;
  // A match that starts the text, and a shorter text, read as closer.
  return best + (t.startsWith(q) ? 5 : 0) - t.length / 100;
}

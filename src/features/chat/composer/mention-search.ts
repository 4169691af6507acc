/**
 * Which members an `@query` suggests (spec sections 6 and 9): fuzzy matching over member names
 * and ids with an edit distance of at most 3, muted users left out except after `/unmute`, where
 * only muted users appear.
 *
 * Matching, best first: a name, one of its words, or the id starting with the query; the query
 * inside them; then a typo (Levenshtein distance between the query and the closest beginning of a
 * name word or the id). A short query cannot afford many typos, so the distance allowed grows
 * with it: 0 for 1–2 characters, 1 for 3–4, 2 for 5–6, and the spec's 3 from 7 on.
 */

/** Spec section 9: mention fuzzy distance. */
export const MENTION_FUZZY_DISTANCE = 3;
/** Spec section 9: members are fully loaded (and searched here) when fewer than this. */
export const MEMBERS_FULLY_LOADED_BELOW = 100;
export const MAX_MENTION_SUGGESTIONS = 10;

export interface MentionCandidate {
  id: string;
  name: string;
  image?: string;
  online: boolean;
}

/** Lower case, without diacritics ("Zoë" → "zoe"). */
export function normalise(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The edit distance between `query` and the closest beginning (prefix) of `word`. */
export function prefixDistance(query: string, word: string): number {
  if (query.length === 0) return 0;
  let previous = Array.from({ length: word.length + 1 }, (_, j) => j);
  for (let i = 1; i <= query.length; i++) {
    const current = [i];
    for (let j = 1; j <= word.length; j++) {
      const cost = query[i - 1] === word[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    previous = current;
  }
  return Math.min(...previous);
}

export function allowedDistance(query: string): number {
  return Math.min(MENTION_FUZZY_DISTANCE, Math.floor((query.length - 1) / 2));
}

/** How well `candidate` matches `query` (0 best), or null when it does not. */
export function mentionScore(query: string, candidate: Pick<MentionCandidate, 'id' | 'name'>): number | null {
  const q = normalise(query);
  if (q === '') return 0;
  const name = normalise(candidate.name);
  const id = normalise(candidate.id);
  const words = [name, ...name.split(/[\s\-_.]+/u).filter(Boolean), id];
  if (words.some((w) => w.startsWith(q))) return 0;
  if (name.includes(q) || id.includes(q)) return 1;
  const distance = Math.min(...words.map((w) => prefixDistance(q, w)));
  return distance <= allowedDistance(q) ? 1 + distance : null;
}

/** The candidates matching `query`, best first, then by name. */
export function searchMentions(
  query: string,
  candidates: MentionCandidate[],
  limit = MAX_MENTION_SUGGESTIONS,
): MentionCandidate[] {
  return candidates
    .flatMap((candidate) => {
      const score = mentionScore(query, candidate);
      return score === null ? [] : [{ candidate, score }];
    })
    .sort((a, b) => a.score - b.score || a.candidate.name.localeCompare(b.candidate.name))
    .slice(0, limit)
    .map(({ candidate }) => candidate);
}

/** Spec section 6: after `/unmute` only muted users are suggested; otherwise muted users are left out. */
export function isUnmuteCommand(text: string): boolean {
  return /^\/unmute(\s|$)/.test(text);
}

/**
 * The members to suggest: everyone but me and the muted, or (after `/unmute`) only the muted,
 * who need not be members. Each user once.
 */
export function mentionPool(
  members: MentionCandidate[],
  muted: MentionCandidate[],
  myId: string,
  unmute: boolean,
): MentionCandidate[] {
  const mutedIds = new Set(muted.map((u) => u.id));
  const pool = unmute ? muted : members.filter((u) => !mutedIds.has(u.id));
  const seen = new Set<string>();
  return pool.filter((u) => u.id !== myId && !seen.has(u.id) && seen.add(u.id));
}

/** Exponential backoff: base · 2^attempt, capped. attempt 0 is the first retry. */
export function backoffDelay(attempt: number, baseMs: number, capMs: number): number {
  if (attempt < 0) return baseMs;
  return Math.min(capMs, baseMs * 2 ** Math.min(attempt, 30));
}

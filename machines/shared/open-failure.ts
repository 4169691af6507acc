/**
 * Why something the address names could not be opened (a channel, a thread): it does not exist or
 * the member may not read it (`missing`, which retrying cannot change), or the request failed
 * (`failed`, with the reason, which can be retried). Open actors reject with `{ kind }`.
 */
export type OpenFailure = { kind: 'missing' } | { kind: 'failed'; message: string };

/** What an open actor rejected with, as a failure the screen can word. */
export function openFailureOf(error: unknown): OpenFailure {
  const value = (error ?? {}) as Partial<OpenFailure> & { message?: unknown };
  if (value.kind === 'missing') return { kind: 'missing' };
  return { kind: 'failed', message: typeof value.message === 'string' ? value.message : String(error) };
}

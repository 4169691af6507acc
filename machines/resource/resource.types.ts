/** A piece of server data a screen shows (a league, a week's fixtures, a team): see resource.machine.ts. */
export interface ResourceContext<P = unknown, D = unknown> {
  /** What to load, e.g. `{ leagueId: 3, week: 9 }`. */
  params: P;
  /** The last data loaded; kept while new data loads or a reload fails, so the screen keeps it. */
  data: D | null;
  /** Why the last load failed (a message for the member), or null. */
  error: string | null;
}

export interface ResourceInput<P = unknown> {
  params: P;
}

export type ResourceEvent<P = unknown, D = unknown> =
  /** Load other data (the address or a picker changed), e.g. another week. */
  | { type: 'resource.set'; params: P }
  /** Load the same data again (after a change the member made, or a "Try again"). */
  | { type: 'resource.reload' }
  /** The member changed the data here: show it at once (an optimistic update). */
  | { type: 'resource.replace'; data: D };

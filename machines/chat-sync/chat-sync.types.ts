/** The league's chat sync as the commissioner's panel shows it (GET /api/leagues/:id/chat-sync). */
export interface ChatSyncState {
  /** Changes not yet confirmed by the chat service. */
  pending: number;
  /** The last try failed: how often it was tried, why, and when it is tried next. */
  failing: { attempts: number; last_error: string; next_attempt_at: string } | null;
  next_attempt_at: string | null;
  /** When the chat service last confirmed a change of the league. */
  confirmed_at: string | null;
}

export interface ChatSyncContext {
  leagueId: number;
  /** The last state read; kept while the next is read or after a failed read. */
  state: ChatSyncState | null;
  /** Why the last read or "Try now" failed (a message for the member), or null. */
  error: string | null;
}

export interface ChatSyncInput {
  leagueId: number;
}

export type ChatSyncEvent =
  /** The member pressed "Try now" (or "Check the chat again" when it is up to date). */
  | { type: 'chatSync.retry' }
  /** The member asked to read the state again after a failed read. */
  | { type: 'chatSync.reload' };

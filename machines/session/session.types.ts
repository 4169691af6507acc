/** The session statechart's types. The user is whatever the product API's /auth/me returns. */
export interface SessionUser {
  id: number;
  name: string;
  language?: string | null;
}

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface SessionContext<U extends SessionUser = SessionUser> {
  user: U | null;
  /** Consecutive temporary failures of the current refresh; drives the backoff. */
  failures: number;
  /** The last temporary failure's message, shown while retrying; null when all is well. */
  lastError: string | null;
}

export type SessionEvent<U extends SessionUser = SessionUser> =
  | { type: 'session.signedIn'; user: U }
  | { type: 'session.signOut' }
  | { type: 'session.refresh' }
  | { type: 'session.expired' }
  | { type: 'session.userUpdated'; user: U }
  | { type: 'session.setStatus'; status: SessionStatus; user?: U | null }
  | { type: 'network.online' };

/**
 * The session as the screens see it: status and user. Refreshed once at app start with
 * GET /api/auth/me; a 401 means signed out, any other failure keeps the previous state and
 * retries with backoff.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ApiError, api } from './api-client';
import type { SessionUser } from './user';

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

interface SessionValue {
  status: SessionStatus;
  user: SessionUser | null;
  signedIn(user: SessionUser): void;
  signOut(): Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ status: SessionStatus; user: SessionUser | null }>({
    status: 'loading',
    user: null,
  });

  useEffect(() => {
    let cancelled = false;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      api
        .get<SessionUser>('/auth/me', { cacheBust: true, skipAuthRedirect: true })
        .then((user) => !cancelled && setState({ status: 'authenticated', user }))
        .catch((error: unknown) => {
          if (cancelled) return;
          if (error instanceof ApiError && error.status === 401) setState({ status: 'unauthenticated', user: null });
          else timer = setTimeout(refresh, Math.min(1000 * 2 ** attempt++, 30_000));
        });
    };
    refresh();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, []);

  const signedIn = useCallback((user: SessionUser) => setState({ status: 'authenticated', user }), []);
  const signOut = useCallback(async () => {
    await api.logout().catch(() => undefined);
    setState({ status: 'unauthenticated', user: null });
  }, []);

  const value = useMemo(() => ({ ...state, signedIn, signOut }), [state, signedIn, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}

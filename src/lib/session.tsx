/**
 * The session actor for the whole app (machines/session), with hooks for the screens. A 401
 * from any API call ends the session; the browser coming back online retries a stuck refresh;
 * the interface language follows the signed-in user's choice, else the browser's.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { sessionMachine } from '../../machines/session/session.machine';
import { selectLastError, selectStatus, selectUser } from '../../machines/session/session.selectors';
import type { SessionStatus } from '../../machines/session/session.types';
import { changeLanguage } from '../i18n';
import { pickLanguage } from '../i18n/languages';
import { sessionActors } from './actors/session-actors';
import { onUnauthorized } from './api-client';
import { registerDevActor } from './dev/actor-registry';
import type { SessionUser } from './user';

type SessionActor = ActorRefFrom<typeof sessionMachine>;

const SessionContext = createContext<SessionActor | null>(null);

export interface SessionProviderProps {
  children: ReactNode;
  /** Tests pass a machine with fake actors. */
  machine?: typeof sessionMachine;
}

export function SessionProvider({ children, machine }: SessionProviderProps) {
  const actor = useActorRef(machine ?? sessionMachine.provide({ actors: sessionActors }));
  const user = useSelector(actor, selectUser);
  const language = user?.language;

  useEffect(() => registerDevActor('session', actor), [actor]);
  useEffect(() => onUnauthorized(() => actor.send({ type: 'session.expired' })), [actor]);
  useEffect(() => {
    const online = () => actor.send({ type: 'network.online' });
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [actor]);
  useEffect(() => {
    void changeLanguage(pickLanguage(language, navigator.language));
  }, [language]);

  return <SessionContext.Provider value={actor}>{children}</SessionContext.Provider>;
}

export function useSessionActor(): SessionActor {
  const actor = useContext(SessionContext);
  if (!actor) throw new Error('useSessionActor must be used inside SessionProvider');
  return actor;
}

export interface Session {
  status: SessionStatus;
  user: SessionUser | null;
  /** The last temporary failure while checking the session, shown while it retries. */
  lastError: string | null;
  signedIn(user: SessionUser): void;
  userUpdated(user: SessionUser): void;
  signOut(): void;
}

export function useSession(): Session {
  const actor = useSessionActor();
  const status = useSelector(actor, selectStatus);
  const user = useSelector(actor, selectUser) as SessionUser | null;
  const lastError = useSelector(actor, selectLastError);
  return useMemo(
    () => ({
      status,
      user,
      lastError,
      signedIn: (next: SessionUser) => actor.send({ type: 'session.signedIn', user: next }),
      userUpdated: (next: SessionUser) => actor.send({ type: 'session.userUpdated', user: next }),
      signOut: () => actor.send({ type: 'session.signOut' }),
    }),
    [actor, status, user, lastError],
  );
}

/**
 * The session actor for the whole app (machines/session), with hooks for the screens. A 401
 * from any API call ends the session; the browser coming back online retries a stuck refresh;
 * the interface language follows the signed-in user's choice, else the browser's.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { sessionMachine } from '../../machines/session/session.machine';
import { selectLastError, selectStatus, selectUser } from '../../machines/session/session.selectors';
import type { SessionStatus } from '../../machines/session/session.types';
import { changeLanguage } from '../i18n';
import { pickLanguage } from '../i18n/languages';
import { sessionActors, takePrefetchedUser } from './actors/session-actors';
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

/**
 * The app's session machine: signed in from the start when the start-up request for the member
 * has already answered (restored from that snapshot: one render less before the screen), else
 * loading as usual.
 */
function useAppSessionMachine(machine: typeof sessionMachine | undefined) {
  return useState(() => {
    if (machine) return { machine, options: undefined };
    const app = sessionMachine.provide({ actors: sessionActors });
    const user = takePrefetchedUser();
    const snapshot = user
      ? app.resolveState({ value: 'authenticated', context: { user, failures: 0, lastError: null } })
      : undefined;
    return { machine: app, options: snapshot ? { snapshot } : undefined };
  })[0];
}

export function SessionProvider({ children, machine }: SessionProviderProps) {
  const app = useAppSessionMachine(machine);
  const actor = useActorRef(app.machine, app.options);
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

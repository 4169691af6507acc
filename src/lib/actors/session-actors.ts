/** The session machine's real I/O: the product API's /auth/me and /auth/logout. */
import { fromPromise } from 'xstate';
import { api } from '../api-client';
import type { SessionUser as MachineUser } from '../../../machines/session/session.types';
import type { SessionUser } from '../user';

const loadCurrentUser = () => api.get<SessionUser>('/auth/me', { cacheBust: true, skipAuthRedirect: true });
let early: Promise<SessionUser> | null = null;
let earlyUser: SessionUser | null = null;

declare global {
  interface Window {
    /** The member's start-up request, made by public/start-up-request.js before the app's code runs. */
    sidelineStartUpRequest?: Promise<unknown>;
  }
}

const isSessionUser = (value: unknown): value is SessionUser =>
  typeof value === 'object' && value !== null && 'id' in value && 'email' in value;

/**
 * Asks for the current member at start-up (settles with the member, or null on any failure), while the app's code is still being run, instead of
 * after its first render. When the answer is there before the first render, the session starts
 * signed in with it (`takePrefetchedUser`); otherwise the session machine's first load takes the
 * pending answer (later loads ask again). A failure is the first load's failure, handled by the
 * machine as usual.
 */
export function prefetchCurrentUser(): Promise<SessionUser | null> {
  const started = window.sidelineStartUpRequest;
  delete window.sidelineStartUpRequest;
  // The page's start-up request (public/start-up-request.js) when there was one and it answered
  // with a member; anything else is asked again through the API client, whose errors the session
  // machine understands.
  const answer = started ? started.then((user) => (isSessionUser(user) ? user : loadCurrentUser())) : loadCurrentUser();
  early = answer;
  return answer.then(
    (user) => {
      if (early === answer) earlyUser = user;
      return user;
    },
    () => null,
  );
}

/** The member the start-up request already answered with, once (null when it has not answered). */
export function takePrefetchedUser(): MachineUser | null {
  const user = earlyUser;
  if (user) {
    early = null;
    earlyUser = null;
  }
  return user;
}

export const sessionActors = {
  fetchCurrentUser: fromPromise<MachineUser>(() => {
    const answer = early ?? loadCurrentUser();
    early = null;
    earlyUser = null;
    return answer;
  }),
  endServerSession: fromPromise<void>(() => api.logout()),
};

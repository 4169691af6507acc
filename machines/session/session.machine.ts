/**
 * The session (spec section 4): starts loading and refreshes once with the product API's
 * /auth/me. Success → authenticated with the user; 401 → unauthenticated, user cleared; any other
 * failure is temporary: an authenticated session stays authenticated, a loading one stays
 * loading and retries with backoff (1 s, 2 s, 4 s … capped at 30 s; at once when the browser
 * comes back online). The app can set any of the three statuses directly.
 */
import { assign, fromPromise, setup } from 'xstate';
import { backoffDelay } from '../shared/backoff';
import type { SessionContext, SessionEvent, SessionStatus, SessionUser } from './session.types';

export const RETRY_BASE_MS = 1000;
export const RETRY_CAP_MS = 30_000;

function statusOf(error: unknown): number | undefined {
  return typeof error === 'object' && error !== null && 'status' in error
    ? (error as { status?: number }).status
    : undefined;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const wants =
  (status: SessionStatus) =>
  ({ event }: { event: SessionEvent }) =>
    event.type === 'session.setStatus' && event.status === status;

const sessionSetup = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    fetchCurrentUser: fromPromise<SessionUser>(() => Promise.reject(new Error('fetchCurrentUser not provided'))),
    endServerSession: fromPromise<void>(() => Promise.resolve()),
  },
  delays: {
    retryDelay: ({ context }) => backoffDelay(context.failures - 1, RETRY_BASE_MS, RETRY_CAP_MS),
  },
  guards: {
    isUnauthorized: (_, params: { error: unknown }) => statusOf(params.error) === 401,
    wantsLoading: wants('loading'),
    wantsUnauthenticated: wants('unauthenticated'),
    canBeAuthenticated: ({ context, event }) =>
      event.type === 'session.setStatus' && event.status === 'authenticated' && Boolean(event.user ?? context.user),
  },
  actions: {
    setUser: assign({
      user: (_, params: { user: SessionUser }) => params.user,
      failures: 0,
      lastError: null,
    }),
    clearUser: assign({ user: null, failures: 0, lastError: null }),
    recordFailure: assign({
      failures: ({ context }) => context.failures + 1,
      lastError: (_, params: { error: unknown }) => messageOf(params.error),
    }),
    keepStatusUser: assign({
      user: ({ context, event }) =>
        event.type === 'session.setStatus' && event.user !== undefined ? event.user : context.user,
      failures: 0,
      lastError: null,
    }),
  },
});

/** A 401 from the product API means the session is gone. */
const signOutOn401 = {
  guard: { type: 'isUnauthorized', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
  target: 'unauthenticated',
  actions: 'clearUser',
} as const;

export const sessionMachine = sessionSetup.createMachine({
  id: 'session',
  context: { user: null, failures: 0, lastError: null },
  initial: 'loading',
  on: {
    'session.setStatus': [
      { guard: 'wantsLoading', target: '.loading', actions: 'keepStatusUser' },
      { guard: 'canBeAuthenticated', target: '.authenticated', actions: 'keepStatusUser' },
      { guard: 'wantsUnauthenticated', target: '.unauthenticated', actions: 'clearUser' },
    ],
  },
  states: {
    loading: {
      invoke: {
        src: 'fetchCurrentUser',
        onDone: {
          target: 'authenticated',
          actions: { type: 'setUser', params: ({ event }) => ({ user: event.output }) },
        },
        onError: [
          signOutOn401,
          { target: 'retrying', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    retrying: {
      after: { retryDelay: 'loading' },
      on: {
        'network.online': 'loading',
        'session.refresh': 'loading',
        'session.signedIn': { target: 'authenticated', actions: { type: 'setUser', params: ({ event }) => event } },
      },
    },
    authenticated: {
      on: {
        'session.refresh': 'refreshing',
        'session.signOut': 'signingOut',
        'session.expired': { target: 'unauthenticated', actions: 'clearUser' },
        'session.userUpdated': { actions: { type: 'setUser', params: ({ event }) => event } },
        'session.signedIn': { actions: { type: 'setUser', params: ({ event }) => event } },
      },
    },
    refreshing: {
      invoke: {
        src: 'fetchCurrentUser',
        onDone: {
          target: 'authenticated',
          actions: { type: 'setUser', params: ({ event }) => ({ user: event.output }) },
        },
        onError: [
          signOutOn401,
          {
            target: 'authenticated',
            actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
      on: {
        'session.signOut': 'signingOut',
        'session.expired': { target: 'unauthenticated', actions: 'clearUser' },
      },
    },
    signingOut: {
      invoke: {
        src: 'endServerSession',
        onDone: { target: 'unauthenticated', actions: 'clearUser' },
        onError: { target: 'unauthenticated', actions: 'clearUser' },
      },
    },
    unauthenticated: {
      on: {
        'session.signedIn': { target: 'authenticated', actions: { type: 'setUser', params: ({ event }) => event } },
        'session.refresh': 'loading',
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;

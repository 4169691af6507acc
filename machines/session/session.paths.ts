/** The session machine's path model: every event it can meet, with sample payloads. */
import { fromPromise } from 'xstate';
import { ownEventTypes, type PathModel, type PathOutcome } from '../shared/path-coverage';
import { sessionMachine } from './session.machine';
import { selectStatus, selectUser } from './session.selectors';
import type { SessionContext, SessionEvent, SessionUser } from './session.types';

const alex: SessionUser = { id: 1, name: 'Alex' };
const unauthorized = Object.assign(new Error('Unauthorized'), { status: 401 });
const serverError = Object.assign(new Error('HTTP 500'), { status: 500 });

const samples: SessionEvent[] = [
  { type: 'session.signedIn', user: alex },
  { type: 'session.signOut' },
  { type: 'session.refresh' },
  { type: 'session.expired' },
  { type: 'session.userUpdated', user: alex },
  { type: 'session.setStatus', status: 'loading' },
  { type: 'session.setStatus', status: 'authenticated', user: alex },
  { type: 'session.setStatus', status: 'unauthenticated' },
  { type: 'network.online' },
];

const signedIn: PathOutcome = ({ snapshot }) => ({
  actual: [selectStatus(snapshot), selectUser(snapshot)],
  expected: ['authenticated', alex],
});

export const pathModel: PathModel = {
  name: 'session',
  machine: sessionMachine.provide({
    actors: {
      fetchCurrentUser: fromPromise<SessionUser>(() => new Promise(() => {})),
      endServerSession: fromPromise<void>(() => new Promise(() => {})),
    },
  }),
  events: (snapshot) =>
    ownEventTypes(snapshot).flatMap((type) => {
      if (type.startsWith('xstate.done.actor.'))
        return [{ type, output: type.includes('signingOut') ? undefined : alex }];
      if (type.startsWith('xstate.error.actor.'))
        return [
          { type, error: unauthorized },
          { type, error: serverError },
        ];
      if (type.startsWith('xstate.after.')) return [{ type }];
      return samples.filter((e) => e.type === type);
    }),
  // Failures count up without bound; two of them already exercise the backoff.
  serializeState: (snapshot) => {
    const { user, failures } = snapshot.context as SessionContext;
    return JSON.stringify({ value: snapshot.value as unknown, user: Boolean(user), failures: Math.min(failures, 2) });
  },
  // Whatever led there, a signed-in state has the user and a signed-out one has none; refreshing
  // and signing out still show the member signed in until the server answers.
  outcomes: {
    authenticated: signedIn,
    refreshing: signedIn,
    signingOut: signedIn,
    unauthenticated: ({ snapshot }) => ({
      actual: [selectStatus(snapshot), selectUser(snapshot)],
      expected: ['unauthenticated', null],
    }),
    loading: ({ snapshot }) => ({ actual: selectStatus(snapshot), expected: 'loading' }),
    retrying: ({ snapshot }) => ({ actual: selectStatus(snapshot), expected: 'loading' }),
  },
};

import { testIn, type TraceEntry } from '../shared/trace';

const test = testIn('machines/session/session.test.ts');
const machine = 'session';

export const trace: TraceEntry[] = [
  {
    clause: '§4.1a',
    statement: 'Session: starts as loading; refreshed once at app start. Success gives authenticated with the user.',
    machine,
    transitions: ['loading --done: fetchCurrentUser--> authenticated'],
    tests: [test('starts loading and refreshes once at start: success → authenticated with the user')],
  },
  {
    clause: '§4.1b',
    statement: 'A 401 gives unauthenticated and clears the user.',
    machine,
    transitions: [
      'loading --error: fetchCurrentUser [isUnauthorized]--> unauthenticated',
      'refreshing --error: fetchCurrentUser [isUnauthorized]--> unauthenticated',
      'authenticated --session.expired--> unauthenticated',
      'refreshing --session.expired--> unauthenticated',
    ],
    tests: [
      test('401 → unauthenticated with the user cleared'),
      test('a refresh answered 401 signs out'),
      test('an expired session (a 401 elsewhere) signs out'),
    ],
  },
  {
    clause: '§4.1c',
    statement: 'Any other failure is temporary: stays authenticated if a user is held, otherwise stays loading.',
    machine,
    transitions: [
      'loading --error: fetchCurrentUser--> retrying',
      'retrying --after retryDelay--> loading',
      'retrying --network.online--> loading',
      'retrying --session.refresh--> loading',
      'refreshing --error: fetchCurrentUser--> authenticated',
    ],
    tests: [
      test('another failure while loading stays loading and retries with backoff'),
      test('retries at once when the browser comes back online, or on refresh'),
      test('a refresh that fails temporarily stays authenticated with the user held'),
    ],
    note: '`retrying` is shown as the status loading (`selectStatus`); it tries again with backoff.',
  },
  {
    clause: '§4.1d',
    statement: 'The app can also set any of the three states directly.',
    machine,
    transitions: [
      '(session) --session.setStatus [wantsLoading]--> loading',
      '(session) --session.setStatus [canBeAuthenticated]--> authenticated',
      '(session) --session.setStatus [wantsUnauthenticated]--> unauthenticated',
    ],
    tests: [
      test('to unauthenticated clears the user'),
      test('to authenticated needs a user, given or held'),
      test('to loading refreshes again, keeping the held user'),
    ],
  },
  {
    clause: '§4.1e',
    statement: 'Unauthenticated leads to redirect to /login.',
    machine,
    transitions: [
      'signingOut --done: endServerSession--> unauthenticated',
      'signingOut --error: endServerSession--> unauthenticated',
    ],
    tests: [
      test('sign-out ends the server session, then clears the user'),
      test('sign-out clears the user even when the server call fails'),
      'src/app/routes.test.tsx › sends a signed-out visitor to /login with the path and query as next',
    ],
    note: 'The machine reaches unauthenticated; the redirect is `src/app/RequireSession.tsx`.',
  },
  {
    clause: '§8.4a',
    statement: 'Session refresh: 401 is unauthenticated, anything else temporary.',
    machine,
    transitions: [
      'loading --error: fetchCurrentUser [isUnauthorized]--> unauthenticated',
      'loading --error: fetchCurrentUser--> retrying',
      'refreshing --error: fetchCurrentUser [isUnauthorized]--> unauthenticated',
      'refreshing --error: fetchCurrentUser--> authenticated',
    ],
    tests: [
      test('401 → unauthenticated with the user cleared'),
      test('another failure while loading stays loading and retries with backoff'),
      test('a refresh that fails temporarily stays authenticated with the user held'),
      test('a refresh answered 401 signs out'),
    ],
  },
  {
    clause: '§8.5a',
    statement: "Screen text 'Checking session…'.",
    machine,
    transitions: ['loading --error: fetchCurrentUser--> retrying', 'retrying --after retryDelay--> loading'],
    tests: [test('another failure while loading stays loading and retries with backoff')],
    note: 'Shown while the status is loading (states loading and retrying) by `src/lib/session.tsx`.',
  },
];

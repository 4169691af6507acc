/**
 * The league screens in jsdom against a REAL Sideline server, through the app's REAL API client
 * (src/lib/api-client.ts pointed at the server with VITE_API_BASE). Node's fetch keeps no cookies,
 * so the fetch under the client gets the signed-in member's session cookie added, and keeps the
 * cookies answers set in that member's jar (a sign-in on the page signs a signed-out visitor in),
 * as a browser would; `onRequest` sees each request first (to record it, or to hold it back).
 *
 *   const ui = await leagueUi(server, () => member, { routes: <Route path="/league" element={<LeaguePage />} /> });
 *   render(<ui.App path="/league" user={ui.userOf(member, 'Pat Coach')} />);
 */
import type { ComponentType, ReactNode } from 'react';
import { MemoryRouter, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { SessionUser as MachineUser } from '../../machines/session/session.types';
import type { SessionUser } from '../../src/lib/user';
import type { BuiltMember } from './league-builder';
import type { TestServer } from './test-server';

export interface LeagueUiOptions {
  /** The routes to render (their elements imported after this set the API base). */
  routes: () => Promise<ReactNode>;
  onRequest?: (request: { method: string; url: string; init: RequestInit }) => Promise<void> | void;
}

export interface LeagueUi {
  /** `user` null: a signed-out visitor (the session check answers 401). */
  App: ComponentType<{ path: string; user: SessionUser | null }>;
  userOf: (member: BuiltMember, name: string) => SessionUser;
  /**
   * Settles once the page has no request waiting for an answer. A test ends with it before the
   * page is unmounted: a request cut off mid-way can keep the server from closing.
   */
  settled: () => Promise<void>;
}

export async function leagueUi(
  server: TestServer,
  signedIn: () => BuiltMember,
  options: LeagueUiOptions,
): Promise<LeagueUi> {
  const realFetch = globalThis.fetch;
  let inFlight = 0;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    // The test's own Visitors (tests/support/http-client.ts) bring their cookies, or none yet
    // (registering): not the page. They alone ask not to follow redirects.
    if (headers.has('cookie') || init.redirect === 'manual') return realFetch(input, init);
    const method = (init.method ?? 'GET').toUpperCase();
    const url = String(input instanceof Request ? input.url : input);
    await options.onRequest?.({ method, url, init });
    const { visitor } = signedIn();
    headers.set('cookie', visitor.cookieHeader());
    inFlight++;
    try {
      const response = await realFetch(input, { ...init, headers });
      // The page's cookie jar: signing in or registering on the page signs this visitor in.
      visitor.keepCookies(response.headers);
      // The body is read by the page; an answer counts as settled once it is fully there.
      await response
        .clone()
        .arrayBuffer()
        .catch(() => undefined);
      return response;
    } finally {
      inFlight--;
    }
  });
  const settled = async () => {
    while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  };
  vi.stubEnv('VITE_API_BASE', `${server.url}/api`);

  // Imported once the API base is set: the app's client reads it when it loads.
  const [
    { SessionProvider },
    { ToastProvider },
    { PlayerCardProvider },
    { sessionMachine },
    routes,
    { ImagePreviewProvider },
  ] = await Promise.all([
    import('../../src/lib/session'),
    import('../../src/lib/toasts'),
    import('../../src/lib/player-card'),
    import('../../machines/session/session.machine'),
    options.routes(),
    import('../../src/lib/image-preview'),
  ]);
  const App = ({ path, user }: { path: string; user: SessionUser | null }) => {
    const machine = sessionMachine.provide({
      actors: {
        fetchCurrentUser: fromPromise(() =>
          user
            ? Promise.resolve<MachineUser>(user)
            : Promise.reject(Object.assign(new Error('Unauthorized'), { status: 401 })),
        ),
        endServerSession: fromPromise(() => Promise.resolve()),
      },
    });
    return (
      <SessionProvider machine={machine}>
        <ToastProvider>
          <ImagePreviewProvider>
            <PlayerCardProvider>
              <MemoryRouter initialEntries={[path]}>
                <Routes>{routes}</Routes>
              </MemoryRouter>
            </PlayerCardProvider>
          </ImagePreviewProvider>
        </ToastProvider>
      </SessionProvider>
    );
  };
  const userOf = (member: BuiltMember, name: string): SessionUser => ({
    id: member.id,
    name,
    email: `${member.id}@league.example`,
    avatar_url: null,
    language: 'en',
    bio: '',
    phone: null,
    timezone: null,
    token: '',
  });
  return { App, userOf, settled };
}

import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { sessionMachine } from '../../machines/session/session.machine';
import { ImagePreviewProvider } from '../lib/image-preview';
import { SessionProvider } from '../lib/session';
import { ToastProvider } from '../lib/toasts';
import type { SessionUser } from '../lib/user';
import { AppRoutes } from './routes';

const member: SessionUser = {
  id: 7,
  name: 'Robin Vale',
  email: 'robin@league.example',
  avatar_url: null,
  language: 'en',
  bio: '',
  phone: null,
  timezone: null,
  // No chat token: these tests are about routing, so the chat connection stays idle.
  token: '',
};

function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders the app's routes at `path` with a session whose /me answer is `me` (or never comes). */
function renderAt(path: string, me: SessionUser | { status: number } | 'pending') {
  const machine = sessionMachine.provide({
    actors: {
      fetchCurrentUser: fromPromise(() =>
        me === 'pending'
          ? new Promise<SessionUser>(() => undefined)
          : 'status' in me
            ? Promise.reject(Object.assign(new Error('HTTP'), me))
            : Promise.resolve(me),
      ),
      endServerSession: fromPromise(() => Promise.resolve()),
    },
  });
  return render(
    <SessionProvider machine={machine}>
      <ToastProvider>
        <ImagePreviewProvider>
          <MemoryRouter initialEntries={[path]}>
            <AppRoutes />
            <Location />
          </MemoryRouter>
        </ImagePreviewProvider>
      </ToastProvider>
    </SessionProvider>,
  );
}

const location = () => screen.getByTestId('location').textContent;

describe('routes', () => {
  it("shows 'Checking session…' while the session loads", () => {
    renderAt('/league', 'pending');
    expect(screen.getByText('Checking session…')).toBeTruthy();
    expect(location()).toBe('/league');
  });

  it('sends a signed-out visitor to /login with the path and query as next', async () => {
    renderAt('/roster/7?tab=games', { status: 401 });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(location()).toBe('/login?next=%2Froster%2F7%3Ftab%3Dgames');
  });

  it.each([
    ['/dashboard', 'Dashboard'],
    ['/league', 'League'],
    ['/roster/7', 'Team roster'],
    ['/chat', 'Chat'],
    ['/explore', 'Explore players'],
    ['/account', 'Your account'],
    ['/help', 'Help'],
  ])('shows %s to a signed-in member', async (path, heading) => {
    renderAt(path, member);
    // Screens load on demand; the chat's first import (stream-chat, react-virtuoso) takes a while.
    expect(await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 15_000 })).toBeTruthy();
    expect(location()).toBe(path);
    expect(screen.getAllByRole('navigation', { name: 'Main' }).length).toBeGreaterThan(0);
  });

  it('in development builds, lists the running actors on /dev/machines', async () => {
    expect(import.meta.env.DEV).toBe(true);
    renderAt('/dev/machines', member);
    expect(await screen.findByRole('heading', { level: 1, name: 'Running statecharts' })).toBeTruthy();
    // The providers registered the app's long-lived actors.
    expect(screen.getByRole('article', { name: /^session #session/ }).getAttribute('data-state')).toBe('authenticated');
    expect(screen.getByRole('article', { name: /^toaster #toaster/ })).toBeTruthy();
    expect(screen.getByRole('article', { name: /^imagePreview #imagePreview/ })).toBeTruthy();
  });

  it('goes from / to the dashboard', async () => {
    renderAt('/', member);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(location()).toBe('/dashboard');
  });

  it('shows the not-found page for an unknown path when signed in', async () => {
    renderAt('/no/such/page', member);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('sends a signed-out visitor on an unknown path to plain /login', async () => {
    renderAt('/no/such/page', { status: 401 });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(location()).toBe('/login');
  });

  it.each(['//evil.example/x', 'https://evil.example/', '/\\evil.example'])(
    'a signed-in member on /login?next=%s lands on the dashboard, never off-site',
    async (next) => {
      renderAt(`/login?next=${encodeURIComponent(next)}`, member);
      expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
      expect(location()).toBe('/dashboard');
    },
  );

  it('a signed-in member on /login?next= a same-site path lands there', async () => {
    renderAt(`/login?next=${encodeURIComponent('/roster/3?week=2')}`, member);
    expect(await screen.findByRole('heading', { name: 'Team roster' })).toBeTruthy();
    expect(location()).toBe('/roster/3?week=2');
  });

  it('says when a roster address has no valid team number', async () => {
    renderAt('/roster/abc', member);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', expect.stringContaining('“abc”'));
  });
});

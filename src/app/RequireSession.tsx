/**
 * The guard of every protected route: 'Checking session…' while the session loads; signed-out
 * visitors are sent once, replacing history, to /login with where they wanted to go as `next`
 * (or to plain /login for paths that do not exist).
 */
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSession } from '../lib/session';
import { CheckingSession } from './CheckingSession';

export function RequireSession({ keepNext = true }: { keepNext?: boolean }) {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return <CheckingSession />;
  if (status === 'unauthenticated') {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={keepNext ? `/login?next=${encodeURIComponent(next)}` : '/login'} replace />;
  }
  return <Outlet />;
}

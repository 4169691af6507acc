import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSession } from '../lib/session-context';

function Loading() {
  const { t } = useTranslation();
  return (
    <p role="status" className="checking">
      {t('session.checking')}
    </p>
  );
}

export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <main className="auth-layout">
      <header className="brand">
        <span className="brand-name">{t('app.name')}</span>
        <span className="brand-tagline">{t('app.tagline')}</span>
      </header>
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    </main>
  );
}

/** Checks the session first; signed-out visitors go to /login once, with where they wanted to be. */
export function ProtectedLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <Loading />;
  if (session.status === 'unauthenticated') {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?next=${encodeURIComponent(next)}`} replace />;
  }
  return (
    <div className="main-layout">
      <header className="top-bar">
        <span className="brand-name">{t('app.name')}</span>
        <span className="top-bar-user">{session.user?.name}</span>
        <button type="button" onClick={() => void session.signOut()}>
          {t('nav.signOut')}
        </button>
      </header>
      <main>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}

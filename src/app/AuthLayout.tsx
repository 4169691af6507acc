import { Suspense } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Outlet } from 'react-router-dom';
import { CheckingSession } from './CheckingSession';

/** The layout of sign-in and registration: the brand and one card. */
export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <main className="auth-layout" id="main">
      <header className="brand">
        <span className="brand-name text-h4">{t('app.name')}</span>
        <span className="brand-tagline">{t('app.tagline')}</span>
      </header>
      <Suspense fallback={<CheckingSession />}>
        <Outlet />
      </Suspense>
    </main>
  );
}

/**
 * The layout of a page open to everyone (an invitation link's page): the signed-in layout, with
 * its navigation, for a member; the sign-in layout for a visitor. Nobody is sent away.
 */
import { useSession } from '../lib/session';
import { AuthLayout } from './AuthLayout';
import { CheckingSession } from './CheckingSession';
import { MainLayout } from './MainLayout';

export function EitherLayout() {
  const { status } = useSession();
  if (status === 'loading') return <CheckingSession />;
  return status === 'authenticated' ? <MainLayout /> : <AuthLayout />;
}

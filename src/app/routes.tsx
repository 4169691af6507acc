/** The route table. Every screen is loaded on demand. */
import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AuthLayout } from './AuthLayout';
import { MainLayout } from './MainLayout';
import NotFoundPage from './NotFoundPage';
import { RequireSession } from './RequireSession';

const LoginPage = lazy(() => import('../features/session/LoginPage'));
const RegisterPage = lazy(() => import('../features/session/RegisterPage'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'));
const LeaguePage = lazy(() => import('../features/league/LeaguePage'));
const RosterPage = lazy(() => import('../features/roster/RosterPage'));
const ChatPage = lazy(() => import('../features/chat/ChatPage'));
const ExplorePage = lazy(() => import('../features/explore/ExplorePage'));
const AccountPage = lazy(() => import('../features/account/AccountPage'));
const HelpPage = lazy(() => import('../features/help/HelpPage'));
// Development builds only: the statechart inspector (Vite drops this import from production).
const DevMachinesPage = import.meta.env.DEV ? lazy(() => import('../features/dev-machines/MachinesPage')) : null;

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AuthLayout />}>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/register" element={<RegisterPage />} />
      </Route>
      <Route element={<RequireSession />}>
        <Route element={<MainLayout />}>
          <Route path="/dashboard" element={<DashboardPage />} />
          <Route path="/league" element={<LeaguePage />} />
          <Route path="/roster/:team_id" element={<RosterPage />} />
          <Route path="/chat" element={<ChatPage />} />
          <Route path="/chat/:channelType/:channelId" element={<ChatPage />} />
          <Route path="/explore" element={<ExplorePage />} />
          <Route path="/account" element={<AccountPage />} />
          <Route path="/help" element={<HelpPage />} />
          {DevMachinesPage && <Route path="/dev/machines" element={<DevMachinesPage />} />}
        </Route>
      </Route>
      <Route path="/" element={<Navigate to="/dashboard" replace />} />
      <Route element={<RequireSession keepNext={false} />}>
        <Route element={<MainLayout />}>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}

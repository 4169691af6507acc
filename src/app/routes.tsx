/**
 * The route table. Every screen is loaded on demand; the screen of the address the app opens on
 * is fetched at start-up, while the session is checked (`preloadScreenFor`).
 */
import { lazy } from 'react';
import { matchPath, Navigate, Route, Routes } from 'react-router-dom';
import { AuthLayout } from './AuthLayout';
import { CheckingSession } from './CheckingSession';
import { EitherLayout } from './EitherLayout';
import { withStrings } from '../i18n/bundles';
import { preloadable, type Preloadable } from '../lib/preloadable';
import { MainLayout } from './MainLayout';
import NotFoundPage from './NotFoundPage';
import { RequireSession } from './RequireSession';

const LoginPage = preloadable(() => import('../features/session/LoginPage'), CheckingSession);
const RegisterPage = preloadable(() => import('../features/session/RegisterPage'), CheckingSession);
const DashboardPage = preloadable(
  withStrings('pages', () => import('../features/dashboard/DashboardPage')),
  CheckingSession,
);
const LeaguePage = preloadable(
  withStrings('pages', () => import('../features/league/LeaguePage')),
  CheckingSession,
);
const RosterPage = preloadable(
  withStrings('pages', () => import('../features/roster/RosterPage')),
  CheckingSession,
);
const ChatPage = preloadable(() => import('../features/chat/ChatPage'), CheckingSession);
const ExplorePage = preloadable(
  withStrings('pages', () => import('../features/explore/ExplorePage')),
  CheckingSession,
);
const AccountPage = preloadable(
  withStrings('pages', () => import('../features/account/AccountPage')),
  CheckingSession,
);
// The league's set-up: its own strings (`admin`) and the league texts (roles, sports) it names.
const NewLeaguePage = preloadable(
  withStrings(
    'pages',
    withStrings('admin', () => import('../features/league-admin/NewLeaguePage')),
  ),
  CheckingSession,
);
const LeagueSettingsPage = preloadable(
  withStrings(
    'pages',
    withStrings('admin', () => import('../features/league-admin/LeagueSettingsPage')),
  ),
  CheckingSession,
);
const TeamsPage = preloadable(
  withStrings(
    'pages',
    withStrings('admin', () => import('../features/league-admin/TeamsPage')),
  ),
  CheckingSession,
);
const SchedulePage = preloadable(
  withStrings(
    'pages',
    withStrings('admin', () => import('../features/league-admin/SchedulePage')),
  ),
  CheckingSession,
);
const MembersPage = preloadable(
  withStrings(
    'pages',
    withStrings('admin', () => import('../features/league-admin/MembersPage')),
  ),
  CheckingSession,
);
const RulesPage = preloadable(
  withStrings(
    'pages',
    withStrings('admin', () => import('../features/league-admin/RulesPage')),
  ),
  CheckingSession,
);
const JoinPage = preloadable(
  withStrings(
    'pages',
    withStrings('join', () => import('../features/join/JoinPage')),
  ),
  CheckingSession,
);
const HelpPage = preloadable(
  withStrings('pages', () => import('../features/help/HelpPage')),
  CheckingSession,
);
// Development builds only: the statechart inspector (Vite drops this import from production).
const DevMachinesPage = import.meta.env.DEV
  ? lazy(withStrings('pages', () => import('../features/dev-machines/MachinesPage')))
  : null;

const SCREENS: [pattern: string, screen: Preloadable<object>][] = [
  ['/login', LoginPage],
  ['/register', RegisterPage],
  ['/dashboard', DashboardPage],
  ['/league', LeaguePage],
  ['/leagues/new', NewLeaguePage],
  ['/league/settings', LeagueSettingsPage],
  ['/league/teams', TeamsPage],
  ['/league/schedule', SchedulePage],
  ['/league/members', MembersPage],
  ['/league/rules', RulesPage],
  ['/join/:token', JoinPage],
  ['/roster/:team_id', RosterPage],
  ['/chat', ChatPage],
  ['/chat/threads', ChatPage],
  ['/chat/reminders', ChatPage],
  ['/chat/:channelType/:channelId', ChatPage],
  ['/chat/:channelType/:channelId/thread/:threadId', ChatPage],
  ['/explore', ExplorePage],
  ['/account', AccountPage],
  ['/help', HelpPage],
];

/** Fetches the screen for `pathname` (none for an unknown address); settles when done. */
export function preloadScreenFor(pathname: string): Promise<void> {
  return SCREENS.find(([pattern]) => matchPath(pattern, pathname))?.[1].preload() ?? Promise.resolve();
}

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
          <Route path="/leagues/new" element={<NewLeaguePage />} />
          <Route path="/league/settings" element={<LeagueSettingsPage />} />
          <Route path="/league/teams" element={<TeamsPage />} />
          <Route path="/league/schedule" element={<SchedulePage />} />
          <Route path="/league/members" element={<MembersPage />} />
          <Route path="/league/rules" element={<RulesPage />} />
          <Route path="/roster/:team_id" element={<RosterPage />} />
          <Route path="/chat" element={<ChatPage />} />
          <Route path="/chat/threads" element={<ChatPage />} />
          <Route path="/chat/reminders" element={<ChatPage />} />
          <Route path="/chat/:channelType/:channelId" element={<ChatPage />} />
          <Route path="/chat/:channelType/:channelId/thread/:threadId" element={<ChatPage />} />
          <Route path="/explore" element={<ExplorePage />} />
          <Route path="/account" element={<AccountPage />} />
          <Route path="/help" element={<HelpPage />} />
          {DevMachinesPage && <Route path="/dev/machines" element={<DevMachinesPage />} />}
        </Route>
      </Route>
      <Route element={<EitherLayout />}>
        <Route path="/join/:token" element={<JoinPage />} />
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

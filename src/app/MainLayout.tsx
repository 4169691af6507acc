/**
 * The signed-in layout: top bar with navigation and the account menu, a navigation drawer below
 * the md breakpoint (900 px), and the page. The chat connection and unread count live here, and
 * due reminders are announced here, whatever page is open (features/chat/reminders/DueReminders).
 */
import { Suspense, useRef, useState, type Ref } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Outlet, useLocation } from 'react-router-dom';
import { useEscapeKey } from '../components/ui/use-escape-key';
import { UnreadBadge } from '../components/ui/UnreadBadge';
import { DueReminders, ReminderDueBadge } from '../features/chat/reminders/DueReminders';
import { ChatProvider, useChatUnreadCount } from '../lib/chat/chat-provider';
import { PlayerCardProvider } from '../lib/player-card';
import { AccountMenu } from './AccountMenu';
import { CheckingSession } from './CheckingSession';
import { NavLinks } from './NavLinks';
import { CloseIcon, MenuIcon } from '../components/ui/icons';

export function MainLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // The drawer is open on the page where it was opened; any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const drawerOpen = openOn === pathname;
  const setDrawerOpen = (open: boolean) => setOpenOn(open ? pathname : null);
  const menuButton = useRef<HTMLButtonElement>(null);
  useEscapeKey(drawerOpen, () => {
    setOpenOn(null);
    menuButton.current?.focus();
  });

  return (
    <ChatProvider>
      <div className="main-layout">
        <a className="skip-link" href="#main">
          {t('app.skipToContent')}
        </a>
        <header className="top-bar">
          <MenuButton ref={menuButton} open={drawerOpen} onToggle={() => setDrawerOpen(!drawerOpen)} />
          <span className="brand-name text-h4">{t('app.name')}</span>
          <nav className="top-nav" aria-label={t('nav.label')}>
            <NavLinks />
          </nav>
          <AccountMenu />
          <DueReminders />
        </header>
        <nav
          id="nav-drawer"
          className="nav-drawer"
          aria-label={t('nav.label')}
          data-state={drawerOpen ? 'open' : 'closed'}
          hidden={!drawerOpen}
        >
          {/* Its links exist only while it is open: hidden, they would be rendered for nothing. */}
          {drawerOpen && <NavLinks onNavigate={() => setDrawerOpen(false)} />}
        </nav>
        <main id="main" tabIndex={-1}>
          <PlayerCardProvider>
            <Suspense fallback={<CheckingSession />}>
              <Outlet />
            </Suspense>
          </PlayerCardProvider>
        </main>
      </div>
    </ChatProvider>
  );
}

/** Opens the navigation drawer on narrow screens; it carries the Chat link's counts (unread
 * messages, due reminders), so a phone shows them without opening the drawer. */
function MenuButton({ ref, open, onToggle }: { ref: Ref<HTMLButtonElement>; open: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const unread = useChatUnreadCount();
  return (
    <button
      ref={ref}
      type="button"
      className="menu-button"
      aria-expanded={open}
      aria-controls="nav-drawer"
      onClick={onToggle}
    >
      {open ? <CloseIcon size={24} /> : <MenuIcon />}
      <span className="visually-hidden">{open ? t('nav.closeMenu') : t('nav.openMenu')}</span>
      <UnreadBadge count={unread} label={t('nav.unread', { count: unread })} />
      <ReminderDueBadge />
    </button>
  );
}

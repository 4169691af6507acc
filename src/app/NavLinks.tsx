import { useTranslation } from '../i18n/use-translation';
import { NavLink } from 'react-router-dom';
import { ReminderDueBadge } from '../features/chat/reminders/DueReminders';
import { useChatUnreadCount } from '../lib/chat/chat-provider';

const LINKS = [
  { to: '/dashboard', key: 'nav.dashboard' },
  { to: '/league', key: 'nav.league' },
  { to: '/chat', key: 'nav.chat' },
  { to: '/explore', key: 'nav.explore' },
  { to: '/account', key: 'nav.account' },
  { to: '/help', key: 'nav.help' },
] as const;

/** The main navigation, used by the top bar and the mobile drawer. The chat link carries the unread badge and the count of due reminders. */
export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const unread = useChatUnreadCount();
  return (
    <ul className="nav-links">
      {LINKS.map(({ to, key }) => (
        <li key={to}>
          <NavLink to={to} onClick={onNavigate}>
            {t(key)}
            {to === '/chat' && unread > 0 && (
              <span className="badge" aria-label={t('nav.unread', { count: unread })}>
                {unread > 99 ? '99+' : unread}
              </span>
            )}
            {to === '/chat' && <ReminderDueBadge />}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

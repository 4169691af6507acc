/**
 * On narrow screens, the way back to the channel list (the navigation panel) from what is shown.
 * It carries the unread count, which stays in sight while the top bar gives way to the keyboard.
 */
import { useTranslation } from '../../../i18n/use-translation';
import { UnreadBadge } from '../../../components/ui/UnreadBadge';
import { useChatUnreadCount } from '../../../lib/chat/chat-provider';

export function OpenPanelButton({ onOpenPanel }: { onOpenPanel: () => void }) {
  const { t } = useTranslation();
  const unread = useChatUnreadCount();
  return (
    <button
      type="button"
      className="chat-icon-button chat-back-button"
      aria-controls="chat-channel-panel"
      onClick={onOpenPanel}
    >
      {/* A back chevron, not a second ☰: the top bar's menu button is already one. */}
      <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24">
        <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      <span className="visually-hidden">{t('chat.workspace.openChannels')}</span>
      <UnreadBadge count={unread} label={t('nav.unread', { count: unread })} />
    </button>
  );
}

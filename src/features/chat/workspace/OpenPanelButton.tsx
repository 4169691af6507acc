/**
 * On narrow screens, the way back to the channel list (the navigation panel) from what is shown.
 * It carries the unread count, which stays in sight while the top bar gives way to the keyboard.
 */
import { ChevronIcon } from '../../../components/ui/icons';
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
      {/* A back chevron, not a second menu icon: the top bar's menu button is already one. */}
      <ChevronIcon direction="left" size={24} />
      <span className="visually-hidden">{t('chat.workspace.openChannels')}</span>
      <UnreadBadge count={unread} label={t('nav.unread', { count: unread })} />
    </button>
  );
}

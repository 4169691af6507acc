/** On narrow screens, the way back to the channel list (the navigation panel) from what is shown. */
import { useTranslation } from '../../../i18n/use-translation';

export function OpenPanelButton({ onOpenPanel }: { onOpenPanel: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="chat-icon-button"
      aria-label={t('chat.workspace.openChannels')}
      aria-controls="chat-channel-panel"
      onClick={onOpenPanel}
    >
      {/* A back chevron, not a second ☰: the top bar's menu button is already one. */}
      <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24">
        <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
    </button>
  );
}

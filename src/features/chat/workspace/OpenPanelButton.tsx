/** On narrow screens, the way back to the channel list (the navigation panel) from what is shown. */
import { ChevronIcon } from '../../../components/ui/icons';
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
      {/* A back chevron, not a second menu icon: the top bar's menu button is already one. */}
      <ChevronIcon direction="left" size={24} />
    </button>
  );
}

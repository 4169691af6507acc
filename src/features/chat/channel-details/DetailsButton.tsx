/**
 * The channel header's "Channel details" button (loaded with the chat; the panel itself is
 * fetched, with its strings, when first opened, or ahead when the button is pointed at or focused).
 */
import { useTranslation } from '../../../i18n/use-translation';
import { withStrings } from '../../../i18n/bundles';

// The panel's "Leave" asks with the channel list's LeaveConfirm, whose strings are the `channels` bundle's.
export const channelDetailsImport = withStrings(
  'members',
  withStrings('channels', () => import('./ChannelDetailsPanel')),
);

/** After the panel closes, focus goes back to the button that opened it. */
export function focusDetailsButton() {
  requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-part="details-open"]')?.focus());
}

export function DetailsButton({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  const preload = () => void channelDetailsImport().catch(() => undefined);
  return (
    <button
      type="button"
      className="chat-icon-button chat-header-action"
      aria-label={t('chat.workspace.details')}
      title={t('chat.workspace.details')}
      data-part="details-open"
      onPointerEnter={preload}
      onFocus={preload}
      onClick={onOpen}
    >
      <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M12 11v6M12 7.5v.5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      </svg>
    </button>
  );
}

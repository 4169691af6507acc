/**
 * The open channel's header: its picture and name, member count, muted/frozen markers, and the
 * button to its pinned messages (the dialog's code and strings load when first opened).
 */
import { Suspense, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Avatar } from '../shared/Avatar';
import { channelTitle, directPartner } from '../shared/channel-title';
import { useChannelVersion } from '../shared/use-channel-version';
import { useChatWorkspace, useOpenChannel } from './chat-workspace-context';
import { DetailsButton } from '../channel-details/DetailsButton';
import { OpenPanelButton } from './OpenPanelButton';
import { lazyPart } from '../../../lib/lazy-part';
import { withStrings } from '../../../i18n/bundles';

const PinnedMessagesDialog = lazyPart(
  withStrings('pinned', () =>
    import('../pinned/PinnedMessagesDialog').then((m) => ({ default: m.PinnedMessagesDialog })),
  ),
);

function PinIcon() {
  return (
    <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24">
      <path
        d="M9 3h6l-1 6 4 4v2h-5v6l-1 1-1-1v-6H6v-2l4-4z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function ChannelHeader({
  onOpenPanel,
  onOpenDetails,
}: {
  onOpenPanel: (() => void) | null;
  /** Opens the channel details panel (its code loads then). */
  onOpenDetails?: () => void;
}) {
  const { t } = useTranslation();
  const { client, userId } = useChatWorkspace();
  const open = useOpenChannel();
  const { channel } = open;
  const [pinnedOpen, setPinnedOpen] = useState(false);
  useChannelVersion(client, channel);
  const title = channelTitle(channel, userId);
  const partner = directPartner(channel, userId);
  const memberCount = channel.data?.member_count ?? Object.keys(channel.state.members).length;
  const muted = channel.muteStatus().muted;
  const frozen = channel.data?.frozen === true;
  return (
    <header className="chat-channel-header">
      {onOpenPanel && <OpenPanelButton onOpenPanel={onOpenPanel} />}
      <Avatar
        id={partner?.id ?? channel.cid}
        name={partner?.name ?? title}
        image={partner?.image ?? channel.data?.image}
        size={32}
      />
      <div className="chat-channel-heading">
        <h2 id="chat-channel-title">{title}</h2>
        <p className="chat-muted">
          {t('chat.workspace.members', { count: memberCount })}
          {muted && <span className="chat-marker"> · {t('chat.workspace.muted')}</span>}
          {frozen && <span className="chat-marker"> · {t('chat.workspace.frozen')}</span>}
        </p>
      </div>
      <button
        type="button"
        className="chat-icon-button chat-header-action"
        aria-label={t('chat.pinned.open')}
        title={t('chat.pinned.open')}
        aria-haspopup="dialog"
        onClick={() => setPinnedOpen(true)}
      >
        <PinIcon />
      </button>
      {onOpenDetails && <DetailsButton onOpen={onOpenDetails} />}
      {pinnedOpen && (
        <Suspense fallback={null}>
          <PinnedMessagesDialog
            key={channel.cid}
            channel={channel}
            onJump={(messageId) => open.jumpToMessage(messageId)}
            onClose={() => setPinnedOpen(false)}
          />
        </Suspense>
      )}
    </header>
  );
}

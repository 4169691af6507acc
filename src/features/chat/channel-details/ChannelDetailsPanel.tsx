/**
 * The channel details panel (issue #13 item 7): beside the channel on wide screens, over it on
 * narrow ones, like the thread panel. The channel's picture, name and description (editable with
 * `update-channel`), its members with their roles, presence and markers, and what the member may
 * do to them, and "Leave channel". The close button and Escape (when nothing inside used it)
 * close it; the opener gets focus back.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from '../../../i18n/use-translation';
import { useToast } from '../../../lib/toasts';
import { LeaveConfirm } from '../channel-list/LeaveConfirm';
import { channelTitle } from '../shared/channel-title';
import { useChannelVersion } from '../shared/use-channel-version';
import { useChatWorkspace, useOpenChannel } from '../workspace/chat-workspace-context';
import { ChannelInfo } from './ChannelInfo';
import { leaveChannel, rightsIn } from './member-actions';
import { MembersSection } from './MembersSection';
import '../channel-list/channel-list-overlays.css';
import './channel-details.css';

export default function ChannelDetailsPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const { client, userId } = useChatWorkspace();
  const { channel } = useOpenChannel();
  useChannelVersion(client, channel);
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [leaving, setLeaving] = useState(false);
  const rights = rightsIn(channel);

  useEffect(() => headingRef.current?.focus(), []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    onClose();
  };

  const leave = () => {
    setLeaving(false);
    leaveChannel(client, channel).then(
      () => void navigate('/chat'),
      () => toast.error(t('chat.details.errors.leave')),
    );
  };

  return (
    <aside className="chat-details" aria-labelledby={titleId} onKeyDown={onKeyDown} data-part="channel-details">
      <header className="chat-channel-header">
        <div className="chat-channel-heading">
          <h2 id={titleId} ref={headingRef} tabIndex={-1}>
            {t('chat.details.title')}
          </h2>
          <p className="chat-muted">{channelTitle(channel, userId)}</p>
        </div>
        <button
          type="button"
          className="chat-icon-button chat-header-action"
          aria-label={t('chat.details.close')}
          title={t('chat.details.close')}
          data-part="details-close"
          onClick={onClose}
        >
          <span aria-hidden="true">✕</span>
        </button>
      </header>
      <div className="chat-details-body">
        <ChannelInfo channel={channel} editable={rights.editChannel} />
        <MembersSection channel={channel} />
        {rights.leave && (
          <section className="chat-details-section">
            <button type="button" className="secondary chat-details-leave" onClick={() => setLeaving(true)}>
              {t('chat.details.leave')}
            </button>
          </section>
        )}
      </div>
      {leaving && (
        <LeaveConfirm name={channelTitle(channel, userId)} onCancel={() => setLeaving(false)} onLeave={leave} />
      )}
    </aside>
  );
}

/**
 * The channel details panel (issue #13 item 7): beside the channel on wide screens, over it on
 * narrow ones, like the thread panel. The channel's picture, name and description (editable with
 * `update-channel`), its members with their roles, presence and markers, and what the member may
 * do to them, and "Leave channel". The close button and Escape (when nothing inside used it)
 * close it; the opener gets focus back.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from '../../../i18n/use-translation';
import { useToast } from '../../../lib/toasts';
import { LeaveConfirm } from '../channel-list/LeaveConfirm';
import { channelTitle } from '../shared/channel-title';
import { SidePanel } from '../shared/SidePanel';
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
  const [leaving, setLeaving] = useState(false);
  const rights = rightsIn(channel);

  const leave = () => {
    setLeaving(false);
    leaveChannel(client, channel).then(
      () => void navigate('/chat'),
      () => toast.error(t('chat.details.errors.leave')),
    );
  };

  return (
    <SidePanel
      className="chat-details"
      data-part="channel-details"
      title={t('chat.details.title')}
      subtitle={channelTitle(channel, userId)}
      closeLabel={t('chat.details.close')}
      closePart="details-close"
      onClose={onClose}
      focusTitle
    >
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
    </SidePanel>
  );
}

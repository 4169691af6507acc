/**
 * The reason line under a banned member's notice ("Reason: rude language"), when the ban has one
 * (use-ban-reason.ts). Loaded with the moderation strings only when a ban is shown.
 */
import type { Channel, StreamChat } from 'stream-chat';
import { useTranslation } from '../../../i18n/use-translation';
import { useBanReason } from './use-ban-reason';
import './moderation.css';

export interface BanReasonProps {
  client: StreamChat;
  channel: Channel;
  /** The reason the `user.banned` event gave, if it came while the channel was open. */
  known: string | null;
}

export function BanReason({ client, channel, known }: BanReasonProps) {
  const { t } = useTranslation();
  const reason = useBanReason(client, channel, true, known);
  if (!reason) return null;
  return (
    <>
      {' '}
      <span className="composer-blocked-reason">{t('chat.moderation.banReason', { reason })}</span>
    </>
  );
}

/**
 * A moderation message in my own words (moderation-message.ts): "Message was blocked by
 * moderation policies", "This message did not meet our content guidelines", or the result of my
 * `/ban`, `/unban`, `/mute`, `/unmute` — "Bob Brown was banned from this channel. Reason: …" —
 * or why it did not work, with the service's explanation. Only I see these messages.
 */
import type { LocalMessage, UserResponse } from 'stream-chat';
import { useTranslation } from '../../../i18n/use-translation';
import { commandTarget } from './command-target';
import { moderationKind } from './moderation-message';

export interface ModerationNoteProps {
  message: LocalMessage;
  members: Record<string, UserResponse | undefined>;
}

export function ModerationNote({ message, members }: ModerationNoteProps) {
  const { t } = useTranslation();
  const kind = moderationKind(message);
  let text = message.text ?? '';
  if (kind === 'blocked') text = t('chat.moderation.blocked');
  else if (kind === 'bounced') text = t('chat.moderation.bounced');
  else if (kind === 'command') {
    const command = message.command ?? '';
    if (message.type === 'error') {
      text = t('chat.moderation.result.failed', { command, reason: message.text ?? '' });
    } else {
      const target = commandTarget(String(message.args ?? ''), members);
      if (target) {
        const reason = command === 'ban' ? target.rest : '';
        text = reason
          ? t('chat.moderation.result.banWithReason', { name: target.name, reason })
          : t(`chat.moderation.result.${command}`, { name: target.name });
      }
    }
  }
  return (
    <p className="chat-moderation-note" data-part="moderation-note" data-kind={kind ?? undefined}>
      {text}
    </p>
  );
}

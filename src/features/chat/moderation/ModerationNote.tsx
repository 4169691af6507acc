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
import './moderation.css';

/** A shield with a bar: held back by the moderation policy. */
function HeldIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        d="M12 2 4 5v6c0 5 3.4 9.7 8 11 4.6-1.3 8-6 8-11V5l-8-3Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
      <path d="M8 12h8" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

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
  const held = kind === 'blocked' || kind === 'bounced';
  return (
    <p className="chat-moderation-note" data-part="moderation-note" data-kind={kind ?? undefined}>
      {held && <HeldIcon />}
      {text}
    </p>
  );
}

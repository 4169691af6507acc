/** Small parts of the message list: separators, the message time, the read receipt, the typing line. */
import { memo } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { Receipt } from './rows';
import { dayLabel, fullDateTime, relativeTime } from './format';
import { CheckIcon, ClockIcon, DoubleCheckIcon } from './icons';

export function DateSeparator({ date, now }: { date: Date; now: number }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="chat-separator chat-date-separator" data-part="date-separator" role="separator">
      <span>{dayLabel(date, new Date(now), t, i18n.language)}</span>
    </div>
  );
}

export function UnreadSeparator({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <div className="chat-separator chat-unread-separator" data-part="unread-separator" role="separator">
      <span>{t('chat.messageList.newMessages', { count })}</span>
    </div>
  );
}

/**
 * Relative time ("5 min. ago", later the clock time); the full date and time in its title (the
 * pointer's tooltip) and in the message's accessible name. The visible text never changes on hover
 * or focus: a longer date put in its place wrapped the header in a narrow pane and pushed the
 * message down.
 */
export const MessageTime = memo(function MessageTime({ date, now }: { date: Date; now: number }) {
  const { i18n } = useTranslation();
  const full = fullDateTime(date, i18n.language);
  return (
    <time className="chat-message-time" dateTime={date.toISOString()} title={full}>
      {relativeTime(date, new Date(now), i18n.language)}
    </time>
  );
});

/** Under my last message: sending (clock), sent (one check), read by N (two checks, readers on hover/focus). */
export function ReadReceipt({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation();
  if (receipt.status === 'sending')
    return (
      <p className="chat-receipt" data-part="receipt" data-state="sending">
        <ClockIcon /> {t('chat.message.sending')}
      </p>
    );
  if (receipt.status === 'sent')
    return (
      <p className="chat-receipt" data-part="receipt" data-state="sent">
        <CheckIcon /> {t('chat.message.sent')}
      </p>
    );
  const names = receipt.readers.map((r) => r.name).join(', ');
  const byNames = t('chat.message.readByNames', { names });
  return (
    <p className="chat-receipt" data-part="receipt" data-state="read">
      {/* Focusable so keyboard users see the readers too (they show on hover and focus). */}
      <button type="button" className="chat-receipt-readers" title={byNames} aria-label={byNames}>
        <span aria-hidden="true">
          <DoubleCheckIcon /> {t('chat.message.readBy', { count: receipt.readers.length })}
        </span>
        <span className="chat-receipt-names" aria-hidden="true">
          {names}
        </span>
      </button>
    </p>
  );
}

/** "Jordan is typing…", "Jordan and Sam are typing…", "3 people are typing…"; empty when nobody is. */
export function typingText(
  names: readonly string[],
  t: (key: string, values?: Record<string, unknown>) => string,
): string {
  if (names.length === 0) return '';
  if (names.length === 1) return t('chat.messageList.typingOne', { name: names[0] });
  if (names.length === 2) return t('chat.messageList.typingTwo', { first: names[0], second: names[1] });
  return t('chat.messageList.typingMany', { count: names.length });
}

/**
 * The reminder line under a message ("Reminder in 28 minutes", "Reminder due 3 minutes ago",
 * "Saved for later"), from the message's reminder machine: its clock reading moves at the
 * machine's refresh cadence (every second in the minute around the due time, then every minute,
 * hour, day; it stops 14 days after), so the words change exactly when the machine ticks.
 */
import type { StreamChat } from 'stream-chat';
import type { ReminderData } from '../../../../machines/reminder/reminder.types';
import { useTranslation } from '../../../i18n/use-translation';
import { fullDateTime } from '../message-list/format';
import { BellIcon } from './BellIcon';
import { relativeDue } from './reminder-format';
import { useReminderActor, useReminderView } from './use-reminder';
import './reminders.css';

/** What a reminder says, for the line and the rows of "Saved and reminders". */
export function useReminderWords(client: StreamChat, messageId: string, initial?: ReminderData | null) {
  const { t, i18n } = useTranslation();
  const actor = useReminderActor(client, messageId, initial);
  const view = useReminderView(actor);
  const { remaining, due, remindAt } = view;
  let state: 'none' | 'saved' | 'upcoming' | 'due' = 'none';
  let text = '';
  if (remindAt === null) {
    if (view.status !== 'none') {
      state = 'saved';
      text = t('chat.reminders.line.saved');
    }
  } else if (remaining?.kind === 'remaining' && !due) {
    state = 'upcoming';
    text = t('chat.reminders.line.upcoming', { when: relativeDue(remaining.ms, i18n.language) });
  } else {
    state = 'due';
    text =
      remaining?.kind === 'overdue'
        ? t('chat.reminders.line.due', { when: relativeDue(-remaining.ms, i18n.language) })
        : t('chat.reminders.line.dueNow');
  }
  const at = remindAt ? fullDateTime(new Date(remindAt), i18n.language) : null;
  return { actor, ...view, state, text, at };
}

export function MessageReminder({ client, messageId }: { client: StreamChat; messageId: string }) {
  const { state, text, at } = useReminderWords(client, messageId);
  if (state === 'none') return null;
  return (
    <p className="chat-message-reminder" data-part="reminder" data-state={state} title={at ?? undefined}>
      <BellIcon /> {text}
    </p>
  );
}

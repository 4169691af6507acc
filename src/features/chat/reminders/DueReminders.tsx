/**
 * Due reminders on every signed-in page (issue #27 item 5), for the protected layout (src/app):
 * `DueReminders` listens for the member's due reminders while the layout is on screen, announces
 * each new one to screen readers, and shows the notices (DueReminderPanel, fetched with its
 * strings when the first one falls due); `ReminderDueBadge` is the count of due reminders on the
 * Chat link. Both read the client's due-notices actor (due-reminders.ts). Kept small: it ships with
 * the app's first script.
 */
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { StreamChat } from 'stream-chat';
import { selectClient } from '../../../../machines/chat-connection/chat-connection.selectors';
import { selectArrival, selectDueCount } from '../../../../machines/due-reminders/due-reminders.selectors';
import type { DueNotice } from '../../../../machines/due-reminders/due-reminders.types';
import { withStrings } from '../../../i18n/bundles';
import { useTranslation } from '../../../i18n/use-translation';
import { useChatConnection } from '../../../lib/chat/chat-provider';
import { preloadable } from '../../../lib/preloadable';
import { BellIcon } from './BellIcon';
import { dueRemindersOf, holdDueReminders, type DueRemindersActor } from './due-reminders';
import './reminder-badge.css';

const DueReminderPanel = preloadable(
  withStrings('reminders', () => import('./DueReminderPanel')),
  null,
  { optional: true },
);

/** The connected chat client of the signed-in member, or null (no token, not connected yet). */
function useConnectedClient(): StreamChat | null {
  const connection = useChatConnection();
  return useSelector(connection ?? undefined, (s) => (s ? (selectClient(s) as StreamChat | null) : null));
}

/** The member's due-notices actor, or null while there is no connected client. */
function useDueReminders(): DueRemindersActor | null {
  const client = useConnectedClient();
  return client ? dueRemindersOf(client) : null;
}

/** What a screen reader hears when a reminder falls due (the notice itself may still be loading). */
export function useAnnouncement(notice: DueNotice | null): string {
  const { t } = useTranslation();
  if (!notice) return '';
  const words = {
    author: notice.author ?? t('chat.message.unknownUser'),
    text: notice.text ?? t('chat.summary.unavailable'),
  };
  return notice.channel === null
    ? t('chat.reminder.dueAnnouncementNoChannel', words)
    : t('chat.reminder.dueAnnouncement', { ...words, channel: notice.channel });
}

function Notices({ client, actor }: { client: StreamChat; actor: DueRemindersActor }) {
  const count = useSelector(actor, selectDueCount);
  const announcement = useAnnouncement(useSelector(actor, selectArrival));
  useEffect(() => holdDueReminders(client), [client]);
  return (
    <>
      {/* Always present, so a screen reader announces what is put in it. */}
      <p className="visually-hidden" role="status" data-part="due-reminder-announcement">
        {announcement}
      </p>
      {count > 0 && <DueReminderPanel client={client} actor={actor} />}
    </>
  );
}

/** The due-reminder notices and their announcement; nothing without a chat connection. */
export function DueReminders() {
  const client = useConnectedClient();
  return client ? <Notices client={client} actor={dueRemindersOf(client)} /> : null;
}

function Badge({ actor }: { actor: DueRemindersActor }) {
  const { t } = useTranslation();
  const count = useSelector(actor, selectDueCount);
  if (count === 0) return null;
  return (
    <span className="badge badge-reminder" data-part="reminder-due-count">
      <BellIcon size={12} />
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden">{t('nav.remindersDue', { count })}</span>
    </span>
  );
}

/** The count of due reminders not yet acted on (a bell and a number), beside the Chat link's unread count. */
export function ReminderDueBadge() {
  const actor = useDueReminders();
  return actor ? <Badge actor={actor} /> : null;
}

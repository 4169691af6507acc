/**
 * Due reminders on every signed-in page (issue #27 item 5), fetched by DueReminders.tsx once the
 * member has something due or to watch: `DueNotices` listens for the member's due reminders while
 * the layout is on screen, announces each new one to screen readers (through the live region
 * DueReminders.tsx renders from the start), and shows the notices
 * (DueReminderPanel, fetched with its strings when the first one falls due); `DueCount` is the
 * count of due reminders on the Chat link. Both read the client's due-notices actor
 * (due-reminders.ts).
 */
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { StreamChat } from 'stream-chat';
import { selectArrival, selectDueCount } from '../../../../machines/due-reminders/due-reminders.selectors';
import type { DueNotice } from '../../../../machines/due-reminders/due-reminders.types';
import { withStrings } from '../../../i18n/bundles';
import { useTranslation } from '../../../i18n/use-translation';
import { preloadable } from '../../../lib/preloadable';
import { BellIcon } from './BellIcon';
import { announce } from './due-reminder-gate';
import { dueRemindersOf, holdDueReminders, type DueRemindersActor } from './due-reminders';
import './reminder-badge.css';

const DueReminderPanel = preloadable(
  withStrings('reminders', () => import('./DueReminderPanel')),
  null,
  { optional: true },
);

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
  // Said by the live region the first script rendered (DueReminders.tsx).
  useEffect(() => announce(client, announcement), [client, announcement]);
  return count > 0 ? <DueReminderPanel client={client} actor={actor} /> : null;
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

/** The due-reminder notices and their announcement. */
export function DueNotices({ client }: { client: StreamChat }) {
  return <Notices client={client} actor={dueRemindersOf(client)} />;
}

/** The count of due reminders not yet acted on (a bell and a number), beside the Chat link's unread count. */
export function DueCount({ client }: { client: StreamChat }) {
  return <Badge actor={dueRemindersOf(client)} />;
}

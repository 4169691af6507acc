/**
 * A due reminder raises a notification (a toast, which the spec has disappear after 3 s): the
 * workspace listens to `notification.reminder_due` for the whole page, whatever channel is open,
 * and shows each reminder once per due time even if the event comes again (another connection,
 * a reconnect). The words are fetched with their strings when the first reminder falls due.
 */
import { useEffect } from 'react';
import type { StreamChat } from 'stream-chat';
import { withStrings } from '../../../i18n/bundles';
import { useToast } from '../../../lib/toasts';

const loadNotice = withStrings('reminders', () => import('./reminder-notice'));

export function useReminderNotices(client: StreamChat): void {
  const toast = useToast();
  useEffect(() => {
    client.reminders.registerSubscriptions();
    const shown = new Set<string>();
    const subscription = client.on('notification.reminder_due', (event) => {
      const key = `${event.message_id ?? event.reminder?.message_id}@${event.reminder?.remind_at ?? ''}`;
      if (shown.has(key)) return;
      shown.add(key);
      void loadNotice().then(
        (m) => toast.info(m.reminderNotice(client, event)),
        () => undefined,
      );
    });
    return () => {
      subscription.unsubscribe();
      client.reminders.unregisterSubscriptions();
    };
  }, [client, toast]);
}

/**
 * A due reminder raises a notification (a toast, which the spec has disappear after 3 s): the
 * workspace listens to `notification.reminder_due` for the whole page, whatever channel is open.
 * What to say, and saying it once per reminder, is in reminder-notice.ts, fetched with its strings
 * when the first reminder falls due. Also keeps the client's reminder store current.
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
    const due = client.on('notification.reminder_due', (event) => {
      loadNotice().then(
        (m) => m.announce(client, event, (message) => toast.info(message)),
        () => undefined,
      );
    });
    return () => {
      due.unsubscribe();
      client.reminders.unregisterSubscriptions();
    };
  }, [client, toast]);
}

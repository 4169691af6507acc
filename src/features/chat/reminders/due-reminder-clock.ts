/**
 * The reminder machines' clocks for the due notices (due-reminders.ts): holds the shared reminder
 * actor (reminder-registry.ts) of every reminder the client knows, and reports one when its
 * machine turns due while watched — the machine's clock reading reached the due time, or the
 * service's `notification.reminder_due` reached it. A reminder already due when first watched is
 * not reported (it fell due before; the service announces what fell due while the member was
 * away). No timer here: the machines keep the time.
 */
import type { StreamChat } from 'stream-chat';
import { selectIsDue, selectRemindAt } from '../../../../machines/reminder/reminder.selectors';
import { holdReminder } from './reminder-registry';

interface Watched {
  release: () => void;
  unsubscribe: () => void;
}

export function watchReminderClocks(
  client: StreamChat,
  onDue: (messageId: string, remindAt: string) => void,
): () => void {
  const watched = new Map<string, Watched>();

  const watch = (messageId: string) => {
    const { actor, release } = holdReminder(client, messageId);
    let wasDue = selectIsDue(actor.getSnapshot());
    const subscription = actor.subscribe((snapshot) => {
      const due = selectIsDue(snapshot);
      const remindAt = selectRemindAt(snapshot);
      if (due && !wasDue && remindAt) onDue(messageId, remindAt);
      wasDue = due;
    });
    watched.set(messageId, { release, unsubscribe: () => subscription.unsubscribe() });
  };

  const forget = (messageId: string) => {
    const entry = watched.get(messageId);
    if (!entry) return;
    entry.unsubscribe();
    entry.release();
    watched.delete(messageId);
  };

  // Every reminder the client knows, with or without a time (a saved message can get one).
  const sync = () => {
    const known = client.reminders.reminders;
    for (const messageId of known.keys()) if (!watched.has(messageId)) watch(messageId);
    for (const messageId of [...watched.keys()]) if (!known.has(messageId)) forget(messageId);
  };
  const unsubscribe = client.reminders.state.subscribe(sync);
  sync();
  return () => {
    unsubscribe();
    for (const messageId of [...watched.keys()]) forget(messageId);
  };
}

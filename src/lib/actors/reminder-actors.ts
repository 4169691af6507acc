/**
 * The reminder machine's real I/O over a connected `stream-chat` client. Saving goes through the
 * client's ReminderManager (`upsertReminder`), which creates or updates depending on what it
 * knows and falls back between the two when the service answers "already has reminder" (create)
 * or "reminder does not exist" (update); it also keeps the client's own reminder store current.
 */
import { fromCallback, fromPromise } from 'xstate';
import type { Event, StreamChat } from 'stream-chat';
import type { ReminderData, ReminderEvent } from '../../../machines/reminder/reminder.types';

const NOT_FOUND = 16;

function codeOf(error: unknown): number | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'number'
    ? error.code
    : undefined;
}

/**
 * The machine's view of a server event about `messageId`, or null when it is about another
 * message: the chat's wire names become the machine's own (`reminder.created` / `reminder.updated`
 * → `reminder.changed`, `reminder.deleted` / `message.deleted` → `reminder.removed`,
 * `notification.reminder_due` → `reminder.due`).
 */
export function reminderEventFor(messageId: string, event: Event): ReminderEvent | null {
  const about = event.message_id ?? event.reminder?.message_id ?? event.message?.id;
  if (about !== messageId) return null;
  switch (event.type) {
    case 'reminder.created':
    case 'reminder.updated':
      return event.reminder
        ? { type: 'reminder.changed', reminder: { remindAt: event.reminder.remind_at ?? null } }
        : null;
    case 'reminder.deleted':
    case 'message.deleted':
      return { type: 'reminder.removed' };
    case 'notification.reminder_due':
      return { type: 'reminder.due' };
    default:
      return null;
  }
}

const WATCHED = [
  'reminder.created',
  'reminder.updated',
  'reminder.deleted',
  'notification.reminder_due',
  'message.deleted',
];

export function createReminderActors(client: StreamChat) {
  return {
    saveReminder: fromPromise<ReminderData, { messageId: string; remindAt: string | null }>(async ({ input }) => {
      await client.reminders.upsertReminder({ messageId: input.messageId, remind_at: input.remindAt });
      const stored = client.reminders.getFromState(input.messageId);
      return { remindAt: stored ? (stored.remindAt?.toISOString() ?? null) : input.remindAt };
    }),
    deleteReminder: fromPromise<void, { messageId: string }>(async ({ input }) => {
      try {
        await client.reminders.deleteReminder(input.messageId);
      } catch (error) {
        // Already gone (another tab, or the message was deleted): what the user asked for holds.
        if (codeOf(error) !== NOT_FOUND) throw error;
        client.reminders.removeFromState(input.messageId);
      }
    }),
    watchReminder: fromCallback<ReminderEvent, { messageId: string }>(({ input, sendBack }) => {
      const subscriptions = WATCHED.map((type) =>
        client.on(type, (event) => {
          const mapped = reminderEventFor(input.messageId, event);
          if (mapped) sendBack(mapped);
        }),
      );
      return () => subscriptions.forEach((s) => s.unsubscribe());
    }),
  };
}

/** The reminder statechart's types: one actor per message the signed-in user set a reminder on. */

/** A stored reminder as the machine sees it. `remindAt` null = "save for later" (no due time). */
export interface ReminderData {
  /** RFC 3339 due time, or null for a reminder without time. */
  remindAt: string | null;
}

export interface ReminderInput {
  messageId: string;
  /** The reminder the server already holds for this message (from `message.reminder`), if any. */
  reminder?: ReminderData | null;
}

/** A failure as data: an i18next key under `chat.reminder.`, never a sentence. */
export interface ReminderError {
  key: 'chat.reminder.saveFailed' | 'chat.reminder.deleteFailed';
}

export interface ReminderContext {
  messageId: string;
  /** What the server holds; null = no reminder. */
  reminder: ReminderData | null;
  /** What is being saved (set while saving). */
  request: ReminderData | null;
  /** The clock reading (ms since the epoch) of the last tick, user action or server update. */
  now: number;
  error: ReminderError | null;
}

export type ReminderEvent =
  /** The user picked a preset (ms from now): creates the reminder or changes its time. */
  | { type: 'reminder.set'; presetMs: number }
  /** The user cleared the due time: the reminder stays, as "save for later". */
  | { type: 'reminder.saveForLater' }
  /** The user removed the reminder. */
  | { type: 'reminder.delete' }
  /** The server reports the reminder created or changed (another tab, or our own echo). */
  | { type: 'reminder.updated'; reminder: ReminderData }
  /** The server reports the reminder removed (another tab, or the message was deleted). */
  | { type: 'reminder.deleted' }
  /** `notification.reminder_due` arrived for this message. */
  | { type: 'reminder.due' };

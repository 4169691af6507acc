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
  /** The clock the machine reads the time from (ms since the epoch); Date.now when not given. */
  now?: () => number;
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
  /** The clock the machine reads (`input.now`, Date.now by default); read only by `readClock`. */
  now: () => number;
  /** The last clock reading (ms since the epoch): at start, on a tick, a user action or a server update. */
  readAt: number;
  error: ReminderError | null;
}

export type ReminderEvent =
  /** The user picked a preset (ms from now): creates the reminder or changes its time. */
  | { type: 'reminder.set'; presetMs: number }
  /** The user picked a date and time (ms since the epoch; the dialog refuses one not in the future). */
  | { type: 'reminder.setAt'; at: number }
  /** The user cleared the due time: the reminder stays, as "save for later". */
  | { type: 'reminder.saveForLater' }
  /** The user removed the reminder. */
  | { type: 'reminder.delete' }
  /**
   * The reminder was created or changed on the server (another tab, or our own echo): the chat's
   * `reminder.created` / `reminder.updated`, translated by the `watchReminder` actor.
   */
  | { type: 'reminder.changed'; reminder: ReminderData }
  /**
   * The reminder was removed on the server (another tab, or the message was deleted): the chat's
   * `reminder.deleted` / `message.deleted`, translated by the `watchReminder` actor.
   */
  | { type: 'reminder.removed' }
  /** `notification.reminder_due` arrived for this message. */
  | { type: 'reminder.due' };

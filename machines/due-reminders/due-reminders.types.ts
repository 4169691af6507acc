/**
 * The due-reminder notices' types: what the app announces when one of the member's reminders
 * falls due, wherever the member is (issue #27 item 5).
 */

/** One due reminder as the notice shows it: data only, built when it falls due. */
export interface DueNotice {
  /** `messageId@due time in ms` (`dueKey`): one notice per reminder and due time. */
  key: string;
  messageId: string;
  /** The due time it fell due at (RFC 3339). */
  remindAt: string;
  /** Where "Open message" goes: the channel at the message, or the thread at the reply. */
  to: string;
  /** What the channel is called for the member; null when that is not known (an unnamed group). */
  channel: string | null;
  /** The message's author, null when unknown. */
  author: string | null;
  /** An excerpt of the message (its text, else a poll's question or a file's name); null when it has none. */
  text: string | null;
}

export interface DueRemindersInput {
  /** Notices still shown when the page was left (restored for the session; none at first). */
  notices: DueNotice[];
  /** Keys of notices the member opened, dismissed or snoozed (restored for the session). */
  settled: string[];
}

export interface DueRemindersContext {
  /** The notices shown, in the order they fell due. */
  notices: DueNotice[];
  /** Keys of notices the member has acted on: never announced again (the newest SETTLED_LIMIT). */
  settled: string[];
  /** The notice that fell due last, for the screen reader's announcement; null once it is gone. */
  arrival: DueNotice | null;
}

export type DueRemindersEvent =
  /**
   * A reminder fell due: the service's `notification.reminder_due`, or the reminder machine's
   * clock reading reached its due time (`reminder` machine, `notice.due`), translated by the app.
   */
  | { type: 'reminder.fellDue'; notice: DueNotice }
  /**
   * The message's reminder changed on the service (`remindAt` its new due time), or was removed
   * or lost its time (`remindAt` null): a notice of another due time is withdrawn.
   */
  | { type: 'reminder.changed'; messageId: string; remindAt: string | null }
  /** The member followed "Open message". */
  | { type: 'notice.open'; key: string }
  /** The member dismissed the notice. */
  | { type: 'notice.dismiss'; key: string }
  /** The member asked to be reminded again later (the reminder machine saves the new time). */
  | { type: 'notice.snooze'; key: string }
  /** The member dismissed every notice shown. */
  | { type: 'notices.dismissAll' }
  /** Several notices: the member unfolded the list / folded it back into its summary. */
  | { type: 'notices.expand' }
  | { type: 'notices.collapse' };

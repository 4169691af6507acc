/**
 * Due reminders (chat-protocol.md §4.10): at `remind_at` the user's connections get
 * `notification.reminder_due`, once — `notified_at` is stored with the reminder, so a restart
 * neither loses nor repeats it. A reminder that falls due while its user is offline (or while
 * the server is down) is delivered when the user next connects. One unref'd timer waits for the
 * next due reminder.
 */
import { nextTimestamp } from './clock.js';
import { reminderEvent } from './reminders.js';
import type { Sandbox } from './sandbox.js';
import type { ReminderRec } from './store/model.js';

/** Longest single wait; the timer is re-armed after it (setTimeout's limit is about 24.8 days). */
const MAX_WAIT_MS = 60 * 60 * 1000;

const pending = (reminder: ReminderRec): boolean => reminder.remind_at !== undefined && !reminder.notified_at;

export class ReminderScheduler {
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly sandbox: Sandbox) {}

  /** Delivers what is already due to connected users and waits for the next one. */
  start(): void {
    this.deliverDue();
    this.arm();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** After a reminder was created, changed or deleted. */
  changed(): void {
    this.deliverDue();
    this.arm();
  }

  /** A user's first connection opened: reminders that fell due meanwhile are delivered now. */
  userConnected(userId: string): void {
    this.deliverDue(userId);
  }

  private deliverDue(onlyUserId?: string): void {
    if (this.stopped) return;
    const { store, gateway } = this.sandbox;
    const now = Date.now();
    let delivered = false;
    for (const reminder of store.reminders.values()) {
      if (!pending(reminder) || Date.parse(reminder.remind_at!) > now) continue;
      if (onlyUserId !== undefined && reminder.user_id !== onlyUserId) continue;
      const message = store.messages.get(reminder.message_id);
      const gone = !message || Boolean(message.deleted_at) || !store.channels.has(reminder.cid);
      // Waits for the user to connect (a message that is gone is never announced).
      if (!gone && !gateway.isOnline(reminder.user_id)) continue;
      reminder.notified_at = nextTimestamp();
      store.saveReminder(reminder);
      if (!gone) gateway.toUser(reminder.user_id, reminderEvent(this.sandbox, 'notification.reminder_due', reminder));
      delivered = true;
    }
    if (delivered) store.flushInBackground();
  }

  private arm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.stopped) return;
    const now = Date.now();
    let next = Infinity;
    for (const reminder of this.sandbox.store.reminders.values()) {
      if (!pending(reminder)) continue;
      const at = Date.parse(reminder.remind_at!);
      if (at > now && at < next) next = at;
    }
    if (next === Infinity) return;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.deliverDue();
        this.arm();
      },
      Math.min(Math.max(next - now, 1), MAX_WAIT_MS),
    );
    this.timer.unref();
  }
}

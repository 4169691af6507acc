import type { SnapshotFrom } from 'xstate';
import type { ReminderMachine } from './reminder.machine';
import type { ReminderError } from './reminder.types';

type Snapshot = SnapshotFrom<ReminderMachine>;

export type ReminderStatus = 'none' | 'saving' | 'deleting' | 'savedForLater' | 'scheduled';

/** What the reminder menu and badge show. `saving`/`deleting` are requests in flight. */
export function selectStatus(snapshot: Snapshot): ReminderStatus {
  if (snapshot.matches('saving')) return 'saving';
  if (snapshot.matches('deleting')) return 'deleting';
  if (snapshot.matches({ settled: 'savedForLater' })) return 'savedForLater';
  if (snapshot.matches({ settled: 'scheduled' })) return 'scheduled';
  return 'none';
}

export const selectHasReminder = (snapshot: Snapshot): boolean => snapshot.context.reminder !== null;
/** The stored due time (RFC 3339), null without one. */
export const selectRemindAt = (snapshot: Snapshot): string | null => snapshot.context.reminder?.remindAt ?? null;
export const selectError = (snapshot: Snapshot): ReminderError | null => snapshot.context.error;
/** The server said it is due (notification.reminder_due), or the clock read it past its due time. */
export const selectIsDue = (snapshot: Snapshot): boolean =>
  snapshot.matches({ settled: { scheduled: { notice: 'due' } } });
/** The display timer still refreshes (false 14 days after the due time, and without one). */
export const selectIsTicking = (snapshot: Snapshot): boolean =>
  snapshot.matches({ settled: { scheduled: { clock: 'ticking' } } });

/** Milliseconds until the due time at the last clock reading (negative once overdue); null without one. */
export function selectTimeLeftMs(snapshot: Snapshot): number | null {
  const remindAt = selectRemindAt(snapshot);
  return remindAt === null ? null : Date.parse(remindAt) - snapshot.context.readAt;
}

/** Remaining or overdue time for display ("in 5 min" / "5 min ago"); null without a due time. */
export function selectRemaining(snapshot: Snapshot): { kind: 'remaining' | 'overdue'; ms: number } | null {
  const left = selectTimeLeftMs(snapshot);
  if (left === null) return null;
  return left > 0 ? { kind: 'remaining', ms: left } : { kind: 'overdue', ms: -left };
}

/** The machine's own state name, for data-state attributes. */
export const selectStateName = (snapshot: Snapshot): ReminderStatus => selectStatus(snapshot);

import type { SnapshotFrom } from 'xstate';
import type { DueRemindersMachine } from './due-reminders.machine';
import type { DueNotice } from './due-reminders.types';

type Snapshot = SnapshotFrom<DueRemindersMachine>;

/** The notices shown, in the order they fell due (the context's own array: stable until it changes). */
export const selectNotices = (snapshot: Snapshot): DueNotice[] => snapshot.context.notices;
/** How many reminders are due and not yet acted on: the Chat link's count. */
export const selectDueCount = (snapshot: Snapshot): number => snapshot.context.notices.length;
/** The notice that fell due last while it is shown, for the screen reader's announcement. */
export const selectArrival = (snapshot: Snapshot): DueNotice | null => snapshot.context.arrival;
/** Several notices unfolded into a list (false: one summary, or a single notice in full). */
export const selectIsExpanded = (snapshot: Snapshot): boolean => snapshot.matches({ announcing: 'expanded' });
/** The keys of the notices acted on (kept for the session with the notices shown). */
export const selectSettled = (snapshot: Snapshot): string[] => snapshot.context.settled;
/** The machine's state for `data-state`. */
export const selectStateName = (snapshot: Snapshot): 'quiet' | 'announcing' =>
  snapshot.matches('announcing') ? 'announcing' : 'quiet';

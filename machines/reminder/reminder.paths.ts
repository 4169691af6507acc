/** The reminder machine's path model: every event it can meet, with sample payloads. */
import { fromCallback, fromPromise } from 'xstate';
import { ownEventTypes, type PathEnd, type PathModel } from '../shared/path-coverage';
import { DAY_MS, HOUR_MS, reminderMachine } from './reminder.machine';
import { selectError, selectHasReminder, selectIsDue, selectRemindAt, selectStatus } from './reminder.selectors';
import type { ReminderContext, ReminderData, ReminderEvent } from './reminder.types';

/** The model's clock stands still at NOW (the machine reads it through `input.now`). */
const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const at = (offsetMs: number) => new Date(NOW + offsetMs).toISOString();
const upcoming = { remindAt: at(HOUR_MS) };
const overdue = { remindAt: at(-HOUR_MS) };
const longPast = { remindAt: at(-15 * DAY_MS) };
const withoutTime = { remindAt: null };

const samples: ReminderEvent[] = [
  { type: 'reminder.set', presetMs: HOUR_MS },
  { type: 'reminder.setAt', at: NOW + 2 * HOUR_MS + 1 },
  { type: 'reminder.saveForLater' },
  { type: 'reminder.delete' },
  { type: 'reminder.changed', reminder: upcoming },
  { type: 'reminder.changed', reminder: overdue },
  { type: 'reminder.changed', reminder: longPast },
  { type: 'reminder.changed', reminder: withoutTime },
  { type: 'reminder.removed' },
  { type: 'reminder.due' },
];

/** Due times bucketed: none, without time, upcoming, overdue, past the 14-day stop. */
function bucket(context: ReminderContext): string {
  if (!context.reminder) return 'none';
  if (!context.reminder.remindAt) return 'later';
  const left = Date.parse(context.reminder.remindAt) - NOW;
  return left > 0 ? 'upcoming' : left > -14 * DAY_MS ? 'overdue' : 'stale';
}

type Snapshot = Parameters<typeof selectStatus>[0];
type Reminder = { remindAt: string | null } | null;
const reminderOf = (s: Snapshot): Reminder => (selectHasReminder(s) ? { remindAt: selectRemindAt(s) } : null);
const requestOf = (s: Snapshot) => s.context.request;

/** The reminder the last event leaves: a save's or the server's answer, none once deleted, else the one before. */
function expectedReminder(before: Snapshot, event: PathEnd['event']): Reminder {
  const type = event?.type ?? '';
  if (type === 'reminder.changed') return { remindAt: (event!.reminder as ReminderData).remindAt };
  if (type === 'reminder.removed' || type === 'xstate.done.actor.0.reminder.deleting') return null;
  if (type === 'xstate.done.actor.0.reminder.saving') return { remindAt: (event!.output as ReminderData).remindAt };
  return reminderOf(before);
}

/** Settled: the status follows the reminder (none, saved for later, scheduled), a failure says which call failed. */
function settledOutcome({ snapshot, before, event }: PathEnd) {
  const [s, b] = [snapshot as Snapshot, before as Snapshot];
  const reminder = expectedReminder(b, event);
  const type = event?.type ?? '';
  const error = type.startsWith('xstate.error.actor.')
    ? { key: type.includes('saving') ? 'chat.reminder.saveFailed' : 'chat.reminder.deleteFailed' }
    : type === 'reminder.changed' || type === 'reminder.removed' || type.startsWith('xstate.done.actor.')
      ? null
      : selectError(b);
  // Due once the server says so, or (on a new due time) when it is already past.
  const judged = type === 'reminder.due' || type === 'reminder.changed' || type.endsWith('saving');
  const due =
    type === 'reminder.due' || (reminder?.remindAt != null && Date.parse(reminder.remindAt) <= s.context.readAt);
  return {
    actual: [reminderOf(s), selectStatus(s), selectError(s), judged && reminder?.remindAt ? selectIsDue(s) : null],
    expected: [
      reminder,
      reminder === null ? 'none' : reminder.remindAt === null ? 'savedForLater' : 'scheduled',
      error,
      judged && reminder?.remindAt ? due : null,
    ],
  };
}

export const pathModel: PathModel = {
  name: 'reminder',
  machine: reminderMachine.provide({
    actors: {
      saveReminder: fromPromise(() => new Promise<ReminderData>(() => {})),
      deleteReminder: fromPromise(() => new Promise<void>(() => {})),
      watchReminder: fromCallback(() => undefined),
    },
  }),
  // Started without a reminder, and with each kind the server may already hold.
  inputs: [null, upcoming, overdue, longPast, withoutTime].map((reminder) => ({
    messageId: 'm1',
    reminder,
    now: () => NOW,
  })),
  events: (snapshot) =>
    ownEventTypes(snapshot).flatMap((type) => {
      if (type.startsWith('xstate.done.actor.'))
        return type.includes('saving')
          ? [
              { type, output: upcoming },
              { type, output: withoutTime },
            ]
          : [{ type }];
      if (type.startsWith('xstate.error.actor.')) return [{ type, error: new Error('StreamChat error code 4') }];
      if (type.startsWith('xstate.after.')) return [{ type }];
      return samples.filter((e) => e.type === type);
    }),
  // Due times only matter by bucket; the reading is NOW throughout.
  serializeState: (snapshot) => {
    const context = snapshot.context as ReminderContext;
    return JSON.stringify({
      value: snapshot.value as unknown,
      reminder: bucket(context),
      request: context.request ? Boolean(context.request.remindAt) : null,
      error: context.error?.key ?? null,
    });
  },
  outcomes: {
    settled: settledOutcome,
    // A request goes out with the preset from the clock just read (or without a time), no error
    // shown; the server's news while it is out still updates the reminder.
    saving: ({ snapshot, before, event }) => {
      const s = snapshot as Snapshot;
      const request =
        event?.type === 'reminder.set'
          ? { remindAt: new Date(s.context.readAt + HOUR_MS).toISOString() }
          : event?.type === 'reminder.setAt'
            ? { remindAt: at(2 * HOUR_MS + 1) }
            : event?.type === 'reminder.saveForLater'
              ? { remindAt: null }
              : null;
      return {
        actual: [selectStatus(s), reminderOf(s), request ? [requestOf(s), selectError(s)] : null],
        expected: ['saving', expectedReminder(before as Snapshot, event), request ? [request, null] : null],
      };
    },
    // Deleting keeps the reminder until the server answers.
    deleting: ({ snapshot, before }) => ({
      actual: [selectStatus(snapshot as Snapshot), reminderOf(snapshot as Snapshot), selectError(snapshot as Snapshot)],
      expected: ['deleting', reminderOf(before as Snapshot), null],
    }),
  },
};

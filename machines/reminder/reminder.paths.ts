/** The reminder machine's path model: every event it can meet, with sample payloads. */
import { fromCallback, fromPromise } from 'xstate';
import { ownEventTypes, type PathModel } from '../shared/path-coverage';
import { DAY_MS, HOUR_MS, reminderMachine } from './reminder.machine';
import type { ReminderContext, ReminderData, ReminderEvent } from './reminder.types';

const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const upcoming = { remindAt: at(HOUR_MS) };
const overdue = { remindAt: at(-HOUR_MS) };
const longPast = { remindAt: at(-15 * DAY_MS) };
const withoutTime = { remindAt: null };

const samples: ReminderEvent[] = [
  { type: 'reminder.set', presetMs: HOUR_MS },
  { type: 'reminder.saveForLater' },
  { type: 'reminder.delete' },
  { type: 'reminder.updated', reminder: upcoming },
  { type: 'reminder.updated', reminder: overdue },
  { type: 'reminder.updated', reminder: longPast },
  { type: 'reminder.updated', reminder: withoutTime },
  { type: 'reminder.deleted' },
  { type: 'reminder.due' },
];

/** Due times bucketed: none, without time, upcoming, overdue, past the 14-day stop. */
function bucket(context: ReminderContext): string {
  if (!context.reminder) return 'none';
  if (!context.reminder.remindAt) return 'later';
  const left = Date.parse(context.reminder.remindAt) - Date.now();
  return left > 0 ? 'upcoming' : left > -14 * DAY_MS ? 'overdue' : 'stale';
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
  input: { messageId: 'm1' },
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
  // The clock reading and exact due times change on every replay; keep the shape only.
  serializeState: (snapshot) => {
    const context = snapshot.context as ReminderContext;
    return JSON.stringify({
      value: snapshot.value as unknown,
      reminder: bucket(context),
      request: context.request ? Boolean(context.request.remindAt) : null,
      error: context.error?.key ?? null,
    });
  },
};

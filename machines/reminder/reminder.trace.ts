import { testIn, type TraceEntry } from '../shared/trace';

const test = testIn('machines/reminder/reminder.test.ts');
const machine = 'reminder';
const ticking = [
  'settled.scheduled.clock.ticking --after refreshDelay--> settled.scheduled.clock.ticking (re-entered)',
];
const stopping = 'settled.scheduled.clock.ticking --always [not(isTicking)]--> settled.scheduled.clock.stopped';

export const trace: TraceEntry[] = [
  {
    clause: '§4.19b',
    statement:
      'Reminder timer refreshes every second for the first minute, then every minute up to an hour, every hour up to a day, then daily.',
    machine,
    transitions: [
      'settled.none --always [hasDueTime]--> settled.scheduled',
      'settled --reminder.changed [hasDueTime]--> settled.scheduled (re-entered)',
      'saving --done: saveReminder [hasDueTime]--> settled.scheduled',
      ...ticking,
    ],
    tests: [
      test('refreshes every minute, then every second around the due time, then every minute again'),
      test('refreshes hourly under a day, daily beyond, and steps down at the boundaries'),
      test('a new due time restarts the cadence'),
    ],
  },
  {
    clause: '§4.19c',
    statement: 'And stops 14 days after the reminder time.',
    machine,
    transitions: [stopping],
    tests: [
      test('stops 14 days after the due time'),
      test('does not tick at all for a reminder more than 14 days overdue'),
    ],
  },
  {
    clause: '§8.9d',
    statement: 'Reminder create on an existing reminder falls back to update and update on a missing one to create.',
    machine,
    transitions: [
      'settled --reminder.set--> saving',
      'settled --reminder.setAt--> saving',
      'settled --reminder.saveForLater--> saving',
      'saving --done: saveReminder [hasDueTime]--> settled.scheduled',
      'saving --done: saveReminder--> settled.savedForLater',
      'saving --error: saveReminder [hasDueTime]--> settled.scheduled',
      'saving --error: saveReminder [hasReminder]--> settled.savedForLater',
      'saving --error: saveReminder--> settled.none',
    ],
    tests: [
      test('sets a preset: saves remind_at = now + preset, then shows the remaining time'),
      test('sets a chosen date and time exactly, to the millisecond, whenever the clock is read'),
      test('a failed save keeps what the server had and holds the error as data'),
      test('saves for later from nothing'),
      'tests/integration/reminder.test.ts',
    ],
    note: "The fallback is stream-chat's `reminders.upsertReminder`, run by the `saveReminder` actor (`src/lib/actors/reminder-actors.ts`); the integration test proves it against the sandbox.",
  },
  {
    clause: '§9.8a',
    statement: 'Reminder presets 2 min, 30 min, 1 h, 2 h, 8 h, 1 day.',
    machine,
    transitions: ['settled --reminder.set--> saving'],
    tests: [
      test('exports the spec presets with their labels'),
      test('sets a preset: saves remind_at = now + preset, then shows the remaining time'),
    ],
  },
  {
    clause: '§9.8b',
    statement: 'Refresh stops 14 days after.',
    machine,
    transitions: [stopping],
    tests: [test('stops 14 days after the due time')],
  },
];

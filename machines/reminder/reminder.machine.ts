/**
 * One message reminder (spec sections 4 and 9): set with a preset (2 min, 30 min, 1 h, 2 h, 8 h,
 * 1 day), at a chosen date and time, or without a due time ("save for later"), changed, deleted; marked due on `reminder.due`
 * (the chat's `notification.reminder_due`, translated by the real `watchReminder` actor) or once
 * its clock reading reaches the due time. While it has a due time, a display timer refreshes the
 * clock reading every second in the minute around the due time, every minute up to an hour,
 * hourly up to a day, then daily, and stops 14 days after the due time (`nextRefreshMs`).
 */
import { assign, fromCallback, fromPromise, not, setup } from 'xstate';
import type { ReminderContext, ReminderData, ReminderEvent, ReminderInput } from './reminder.types';

export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** The spec's presets, in menu order. */
export const REMINDER_PRESETS_MS = [2 * MINUTE_MS, 30 * MINUTE_MS, HOUR_MS, 2 * HOUR_MS, 8 * HOUR_MS, DAY_MS] as const;

/** The presets with their menu labels (i18next keys under `chat.reminder.presets.`). */
export const REMINDER_PRESETS: readonly { ms: number; labelKey: string }[] = [
  { ms: 2 * MINUTE_MS, labelKey: 'chat.reminder.presets.twoMinutes' },
  { ms: 30 * MINUTE_MS, labelKey: 'chat.reminder.presets.thirtyMinutes' },
  { ms: HOUR_MS, labelKey: 'chat.reminder.presets.oneHour' },
  { ms: 2 * HOUR_MS, labelKey: 'chat.reminder.presets.twoHours' },
  { ms: 8 * HOUR_MS, labelKey: 'chat.reminder.presets.eightHours' },
  { ms: DAY_MS, labelKey: 'chat.reminder.presets.oneDay' },
];

/** The display timer stops this long after the due time. */
export const STOP_REFRESH_AFTER_MS = 14 * DAY_MS;

/** [lower bound of |remindAt - now|, tick length], finest first. */
const BANDS: readonly (readonly [number, number])[] = [
  [0, SECOND_MS],
  [MINUTE_MS, MINUTE_MS],
  [HOUR_MS, HOUR_MS],
  [DAY_MS, DAY_MS],
];

/**
 * How long until the display timer's next tick, or null when it stops (no due time, or 14 days
 * or more past it). Let d = |remindAt − now|: d < 1 min → every second (the "first minute" on
 * either side of the due time); 1 min ≤ d < 1 h → every minute; 1 h ≤ d < 1 day → hourly;
 * d ≥ 1 day → daily. Before the due time a tick never jumps past the start of the next finer band
 * (1 h 30 min before → tick in 30 min, not 1 h; exactly 1 h before → tick in 1 min), nor past the
 * due time itself; after it, never past the stop 14 days later (the last tick lands on it).
 */
export function nextRefreshMs(remindAt: number | null, now: number): number | null {
  if (remindAt === null) return null;
  const stopAt = remindAt + STOP_REFRESH_AFTER_MS;
  if (now >= stopAt) return null;
  const distance = Math.abs(remindAt - now);
  let index = BANDS.length - 1;
  while (index > 0 && distance < BANDS[index]![0]) index--;
  const [lower, tick] = BANDS[index]!;
  if (now < remindAt) {
    if (index === 0) return Math.min(tick, distance);
    const finerTick = BANDS[index - 1]![1];
    return Math.min(tick, Math.max(distance - lower, finerTick));
  }
  return Math.min(tick, stopAt - now);
}

const dueTimeOf = (context: ReminderContext): number | null =>
  context.reminder?.remindAt ? Date.parse(context.reminder.remindAt) : null;

const reminderSetup = setup({
  types: {
    context: {} as ReminderContext,
    input: {} as ReminderInput,
    events: {} as ReminderEvent,
  },
  actors: {
    /** Create or change the reminder (the real one upserts: create ↔ update fallback in the client). */
    saveReminder: fromPromise<ReminderData, { messageId: string; remindAt: string | null }>(() =>
      Promise.reject(new Error('saveReminder not provided')),
    ),
    deleteReminder: fromPromise<void, { messageId: string }>(() =>
      Promise.reject(new Error('deleteReminder not provided')),
    ),
    /** The server's news about this message, as reminder.changed / reminder.removed / reminder.due. */
    watchReminder: fromCallback<ReminderEvent, { messageId: string }>(() => undefined),
  },
  delays: {
    refreshDelay: ({ context }) => nextRefreshMs(dueTimeOf(context), context.readAt) ?? 0,
  },
  guards: {
    /** `reminder` is the one the transition leaves (the event's, or the one held). */
    hasReminder: (_, params: { reminder: ReminderData | null }) => params.reminder !== null,
    hasDueTime: (_, params: { reminder: ReminderData | null }) => Boolean(params.reminder?.remindAt),
    isTicking: ({ context }) => nextRefreshMs(dueTimeOf(context), context.readAt) !== null,
    isPastDue: ({ context }) => {
      const dueTime = dueTimeOf(context);
      return dueTime !== null && dueTime <= context.readAt;
    },
  },
  actions: {
    /** The only place the machine reads the time: from the clock it was given (`input.now`). */
    readClock: assign({ readAt: ({ context }) => context.now() }),
    requestDueTime: assign({
      request: ({ context }, params: { presetMs: number }) => ({
        remindAt: new Date(context.readAt + params.presetMs).toISOString(),
      }),
      error: null,
    }),
    requestTimeAt: assign({
      request: (_, params: { at: number }) => ({ remindAt: new Date(params.at).toISOString() }),
      error: null,
    }),
    requestNoDueTime: assign({ request: { remindAt: null }, error: null }),
    storeReminder: assign({
      reminder: (_, params: { reminder: ReminderData }) => ({ remindAt: params.reminder.remindAt }),
      request: null,
      error: null,
    }),
    forgetReminder: assign({ reminder: null, request: null, error: null }),
    clearError: assign({ error: null }),
    failSave: assign({ request: null, error: { key: 'chat.reminder.saveFailed' as const } }),
    failDelete: assign({ error: { key: 'chat.reminder.deleteFailed' as const } }),
  },
});

/** Guard params: the reminder held now (for a transition that keeps it). */
const held = ({ context }: { context: ReminderContext }) => ({ reminder: context.reminder });

export const reminderMachine = reminderSetup.createMachine({
  id: 'reminder',
  context: ({ input }) => ({
    messageId: input.messageId,
    reminder: input.reminder ?? null,
    request: null,
    now: input.now ?? (() => Date.now()),
    readAt: 0,
    error: null,
  }),
  entry: 'readClock',
  invoke: { src: 'watchReminder', input: ({ context }) => ({ messageId: context.messageId }) },
  initial: 'settled',
  states: {
    settled: {
      initial: 'none',
      on: {
        'reminder.set': {
          target: 'saving',
          actions: ['readClock', { type: 'requestDueTime', params: ({ event }) => event }],
        },
        'reminder.setAt': {
          target: 'saving',
          actions: ['readClock', { type: 'requestTimeAt', params: ({ event }) => event }],
        },
        'reminder.saveForLater': { target: 'saving', actions: 'requestNoDueTime' },
        'reminder.delete': { guard: { type: 'hasReminder', params: held }, target: 'deleting', actions: 'clearError' },
        'reminder.changed': [
          {
            guard: { type: 'hasDueTime', params: ({ event }) => event },
            target: '.scheduled',
            reenter: true,
            actions: ['readClock', { type: 'storeReminder', params: ({ event }) => event }],
          },
          {
            target: '.savedForLater',
            reenter: true,
            actions: ['readClock', { type: 'storeReminder', params: ({ event }) => event }],
          },
        ],
        'reminder.removed': { target: '.none', reenter: true, actions: 'forgetReminder' },
      },
      states: {
        none: {
          // The reminder the actor starts with (its input) is shown at once.
          always: [
            { guard: { type: 'hasDueTime', params: held }, target: 'scheduled' },
            { guard: { type: 'hasReminder', params: held }, target: 'savedForLater' },
          ],
        },
        savedForLater: {},
        scheduled: {
          type: 'parallel',
          states: {
            clock: {
              initial: 'ticking',
              states: {
                // Each tick reads the clock and re-enters, so the next delay is measured from it.
                ticking: {
                  always: { guard: not('isTicking'), target: 'stopped' },
                  after: { refreshDelay: { target: 'ticking', reenter: true, actions: 'readClock' } },
                },
                // Until the reminder changes (which re-enters `scheduled`).
                stopped: {},
              },
            },
            notice: {
              initial: 'upcoming',
              states: {
                upcoming: {
                  always: { guard: 'isPastDue', target: 'due' },
                  on: { 'reminder.due': 'due' },
                },
                due: {},
              },
            },
          },
        },
      },
    },
    saving: {
      invoke: {
        src: 'saveReminder',
        input: ({ context }) => ({ messageId: context.messageId, remindAt: context.request?.remindAt ?? null }),
        onDone: [
          {
            guard: { type: 'hasDueTime', params: ({ event }) => ({ reminder: event.output }) },
            target: 'settled.scheduled',
            actions: ['readClock', { type: 'storeReminder', params: ({ event }) => ({ reminder: event.output }) }],
          },
          {
            target: 'settled.savedForLater',
            actions: ['readClock', { type: 'storeReminder', params: ({ event }) => ({ reminder: event.output }) }],
          },
        ],
        // What the server had stays (none, or the previous time).
        onError: [
          {
            guard: { type: 'hasDueTime', params: held },
            target: 'settled.scheduled',
            actions: ['readClock', 'failSave'],
          },
          {
            guard: { type: 'hasReminder', params: held },
            target: 'settled.savedForLater',
            actions: ['readClock', 'failSave'],
          },
          { target: 'settled.none', actions: ['readClock', 'failSave'] },
        ],
      },
      on: {
        // The server's echo may overtake the HTTP answer; note it and let the save finish.
        'reminder.changed': { actions: { type: 'storeReminder', params: ({ event }) => event } },
        'reminder.removed': { actions: 'forgetReminder' },
      },
    },
    deleting: {
      invoke: {
        src: 'deleteReminder',
        input: ({ context }) => ({ messageId: context.messageId }),
        onDone: { target: 'settled.none', actions: 'forgetReminder' },
        // Deleting holds a reminder (`reminder.delete` needs one): it stays, with or without a time.
        onError: [
          {
            guard: { type: 'hasDueTime', params: held },
            target: 'settled.scheduled',
            actions: ['readClock', 'failDelete'],
          },
          { target: 'settled.savedForLater', actions: ['readClock', 'failDelete'] },
        ],
      },
    },
  },
});

export type ReminderMachine = typeof reminderMachine;

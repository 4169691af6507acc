/**
 * The due-reminder notices (issue #27 item 5): the member's reminders that fell due while the app
 * was open, announced on every signed-in page until the member opens, dismisses or snoozes them —
 * never on a timer. Each reminder and due time is announced once (`dueKey`): a notice the member
 * acted on is remembered (`settled`), so the same due time coming again (the service's event
 * after the clock noticed it, another page, a reload restoring the session) is not shown again; a
 * new due time (snoozed, changed) is a new notice. Several notices fold into one summary
 * ("3 reminders are due") that the member can unfold.
 */
import { assign, not, setup } from 'xstate';
import type { DueNotice, DueRemindersContext, DueRemindersEvent, DueRemindersInput } from './due-reminders.types';

/** "Remind me again": in 30 minutes, one of the spec's reminder presets (section 9). */
export const SNOOZE_MS = 30 * 60 * 1000;

/** How many acted-on keys are remembered (the oldest are forgotten first). */
export const SETTLED_LIMIT = 200;

/** One notice per reminder and due time: the message id and the due time in ms. */
export const dueKey = (messageId: string, remindAt: string): string => `${messageId}@${Date.parse(remindAt)}`;

const remember = (settled: string[], keys: string[]): string[] =>
  [...settled.filter((key) => !keys.includes(key)), ...keys].slice(-SETTLED_LIMIT);

export const dueRemindersMachine = setup({
  types: {
    context: {} as DueRemindersContext,
    input: {} as DueRemindersInput,
    events: {} as DueRemindersEvent,
  },
  guards: {
    /** Not shown now and not acted on before. */
    isNew: ({ context }, params: { notice: DueNotice }) =>
      !context.notices.some((notice) => notice.key === params.notice.key) &&
      !context.settled.includes(params.notice.key),
    hasNotices: ({ context }) => context.notices.length > 0,
  },
  actions: {
    addNotice: assign(({ context }, params: { notice: DueNotice }) => ({
      notices: [...context.notices, params.notice],
      arrival: params.notice,
    })),
    /** The member acted on it: it goes, and is not announced again. */
    settleNotice: assign(({ context }, params: { key: string }) => ({
      notices: context.notices.filter((notice) => notice.key !== params.key),
      settled: remember(context.settled, [params.key]),
      arrival: context.arrival?.key === params.key ? null : context.arrival,
    })),
    settleAll: assign(({ context }) => ({
      notices: [],
      settled: remember(
        context.settled,
        context.notices.map((notice) => notice.key),
      ),
      arrival: null,
    })),
    /** A notice of another due time of the message is withdrawn (not settled: that time is gone). */
    withdrawReplaced: assign(({ context }, params: { messageId: string; remindAt: string | null }) => {
      const keep = (notice: DueNotice) =>
        notice.messageId !== params.messageId ||
        (params.remindAt !== null && notice.key === dueKey(params.messageId, params.remindAt));
      return {
        notices: context.notices.filter(keep),
        arrival: context.arrival && keep(context.arrival) ? context.arrival : null,
      };
    }),
  },
}).createMachine({
  id: 'dueReminders',
  context: ({ input }) => ({ notices: input.notices, settled: input.settled, arrival: null }),
  initial: 'quiet',
  on: {
    'reminder.changed': { actions: { type: 'withdrawReplaced', params: ({ event }) => event } },
  },
  states: {
    quiet: {
      description: 'Nothing to announce.',
      // Notices restored for the session are shown at once.
      always: { guard: 'hasNotices', target: 'announcing' },
      on: {
        'reminder.fellDue': {
          guard: { type: 'isNew', params: ({ event }) => event },
          target: 'announcing',
          actions: { type: 'addNotice', params: ({ event }) => event },
        },
      },
    },
    announcing: {
      description: 'At least one notice is shown, until the member acts on it: it has no time limit.',
      always: { guard: not('hasNotices'), target: 'quiet' },
      initial: 'collapsed',
      on: {
        'reminder.fellDue': {
          guard: { type: 'isNew', params: ({ event }) => event },
          actions: { type: 'addNotice', params: ({ event }) => event },
        },
        'notice.open': { actions: { type: 'settleNotice', params: ({ event }) => event } },
        'notice.dismiss': { actions: { type: 'settleNotice', params: ({ event }) => event } },
        'notice.snooze': { actions: { type: 'settleNotice', params: ({ event }) => event } },
        'notices.dismissAll': { actions: 'settleAll' },
      },
      states: {
        collapsed: {
          description: 'Several notices show as one summary ("3 reminders are due"); one shows in full.',
          on: { 'notices.expand': 'expanded' },
        },
        expanded: {
          description: 'Several notices show one under another, each with its actions.',
          on: { 'notices.collapse': 'collapsed' },
        },
      },
    },
  },
});

export type DueRemindersMachine = typeof dueRemindersMachine;

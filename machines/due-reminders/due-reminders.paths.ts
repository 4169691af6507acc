/** The due-reminder notices' path model: two reminders falling due, and everything the member and the service do to them. */
import type { PathEnd, PathModel } from '../shared/path-coverage';
import { dueKey, dueRemindersMachine } from './due-reminders.machine';
import { selectArrival, selectIsExpanded, selectNotices, selectSettled } from './due-reminders.selectors';
import type { DueNotice, DueRemindersContext, DueRemindersEvent } from './due-reminders.types';

const AT = '2026-03-01T12:00:00.000Z';
const LATER = '2026-03-01T12:30:00.000Z';
const notice = (messageId: string): DueNotice => ({
  key: dueKey(messageId, AT),
  messageId,
  remindAt: AT,
  to: `/chat/team/results?message=${messageId}`,
  channel: 'Results',
  author: 'Jordan Lee',
  text: messageId,
});
const [A, B] = [notice('a'), notice('b')];

type Snapshot = Parameters<typeof selectNotices>[0];
const keys = (s: Snapshot) => selectNotices(s).map((n) => n.key);

/** The notices and acted-on keys the last event leaves, from those before it. */
function expected(before: Snapshot, event: PathEnd['event']): { notices: string[]; settled: string[] } {
  const notices = keys(before);
  const settled = selectSettled(before);
  const e = event as DueRemindersEvent | undefined;
  const settle = (gone: string[]) => ({
    notices: notices.filter((k) => !gone.includes(k)),
    settled: [...settled.filter((k) => !gone.includes(k)), ...gone],
  });
  switch (e?.type) {
    case 'reminder.fellDue':
      return notices.includes(e.notice.key) || settled.includes(e.notice.key)
        ? { notices, settled }
        : { notices: [...notices, e.notice.key], settled };
    case 'reminder.changed':
      return {
        notices: notices.filter(
          (k) => !k.startsWith(`${e.messageId}@`) || (e.remindAt !== null && k === dueKey(e.messageId, e.remindAt)),
        ),
        settled,
      };
    case 'notice.open':
    case 'notice.dismiss':
    case 'notice.snooze':
      // Offered for a notice shown (nothing is shown in `quiet`, which ignores it).
      return notices.includes(e.key) ? settle([e.key]) : { notices, settled };
    case 'notices.dismissAll':
      return settle(notices);
    default:
      return { notices, settled };
  }
}

/**
 * The notices and acted-on keys follow the event; the announcement names a notice that just
 * arrived, keeps naming the last arrival while it is shown, and names nothing once it is gone.
 */
function outcome({ snapshot, before, event }: PathEnd) {
  const [s, b] = [snapshot as Snapshot, before as Snapshot];
  const wanted = expected(b, event);
  const e = event as DueRemindersEvent | undefined;
  const previous = selectArrival(b)?.key ?? null;
  const arrival =
    e?.type === 'reminder.fellDue' && !keys(b).includes(e.notice.key) && wanted.notices.includes(e.notice.key)
      ? e.notice.key
      : previous !== null && wanted.notices.includes(previous)
        ? previous
        : null;
  return {
    actual: { notices: keys(s), settled: selectSettled(s), arrival: selectArrival(s)?.key ?? null },
    expected: { ...wanted, arrival },
  };
}

export const pathModel: PathModel = {
  name: 'due-reminders',
  machine: dueRemindersMachine,
  inputs: [
    { notices: [], settled: [] },
    { notices: [A], settled: [] },
  ],
  events: (snapshot) => {
    const { notices } = snapshot.context as DueRemindersContext;
    const first = notices[0]?.key ?? A.key;
    const events: DueRemindersEvent[] = [
      { type: 'reminder.fellDue', notice: A },
      { type: 'reminder.fellDue', notice: B },
      { type: 'reminder.changed', messageId: 'a', remindAt: LATER },
      { type: 'reminder.changed', messageId: 'b', remindAt: null },
      { type: 'notice.open', key: first },
      { type: 'notice.dismiss', key: first },
      { type: 'notice.snooze', key: first },
      { type: 'notices.dismissAll' },
      { type: 'notices.expand' },
      { type: 'notices.collapse' },
    ];
    return events;
  },
  outcomes: {
    quiet: (end) => {
      const { actual, expected: wanted } = outcome(end);
      return { actual: [actual, keys(end.snapshot as Snapshot).length], expected: [wanted, 0] };
    },
    'announcing.expanded': (end) => {
      const { actual, expected: wanted } = outcome(end);
      return {
        actual: [actual, selectIsExpanded(end.snapshot as Snapshot)],
        expected: [wanted, true],
      };
    },
    announcing: (end) => {
      const { actual, expected: wanted } = outcome(end);
      return { actual: [actual, keys(end.snapshot as Snapshot).length > 0], expected: [wanted, true] };
    },
  },
};

import { describe, expect, it } from 'vitest';
import { machineTest } from '../shared/machine-test';
import { dueKey, dueRemindersMachine, SETTLED_LIMIT, SNOOZE_MS } from './due-reminders.machine';
import {
  selectArrival,
  selectDueCount,
  selectIsExpanded,
  selectNotices,
  selectSettled,
  selectStateName,
} from './due-reminders.selectors';
import type { DueNotice } from './due-reminders.types';

const AT = '2026-03-01T12:00:00.000Z';
const LATER = '2026-03-01T12:30:00.000Z';
const EMPTY = { notices: [], settled: [] };

function notice(messageId: string, remindAt = AT): DueNotice {
  return {
    key: dueKey(messageId, remindAt),
    messageId,
    remindAt,
    to: `/chat/team/results?message=${messageId}`,
    channel: 'Results',
    author: 'Jordan Lee',
    text: `About ${messageId}`,
  };
}

const keys = (run: ReturnType<typeof machineTest<typeof dueRemindersMachine>>) =>
  selectNotices(run.snapshot()).map((n) => n.key);

describe('due reminders', () => {
  it('announces a due reminder and keeps it, however long nobody acts on it', () => {
    const run = machineTest(dueRemindersMachine, { input: EMPTY });
    run.expectPaths('quiet').expectSelected(selectDueCount, 0);
    run.send({ type: 'reminder.fellDue', notice: notice('m1') });
    run.expectPaths('announcing.collapsed').expectSelected(selectDueCount, 1);
    expect(selectArrival(run.snapshot())?.messageId).toBe('m1');
    // Past a success toast's 3 s, an error toast's 8 s, an hour, a day: still there.
    run
      .advance(3001)
      .advance(8001)
      .advance(60 * 60 * 1000)
      .advance(24 * 60 * 60 * 1000);
    run.expectPaths('announcing.collapsed').expectSelected(selectDueCount, 1);
    expect(selectStateName(run.snapshot())).toBe('announcing');
  });

  it('announces each reminder and due time once, also when the event comes after the clock', () => {
    const run = machineTest(dueRemindersMachine, { input: EMPTY });
    run.send({ type: 'reminder.fellDue', notice: notice('m1') });
    // The service's event for the same due time, its time written differently.
    run.send({ type: 'reminder.fellDue', notice: notice('m1', '2026-03-01T12:00:00Z') });
    expect(keys(run)).toEqual([dueKey('m1', AT)]);
    run.send({ type: 'notice.dismiss', key: dueKey('m1', AT) });
    run.expectPaths('quiet');
    // Dismissed: the same due time again (another page, the service again) stays quiet.
    run.send({ type: 'reminder.fellDue', notice: notice('m1') });
    run.expectPaths('quiet').expectSelected(selectDueCount, 0);
    // A new due time (snoozed, or changed) is a new notice.
    run.send({ type: 'reminder.fellDue', notice: notice('m1', LATER) });
    expect(keys(run)).toEqual([dueKey('m1', LATER)]);
  });

  it('opening, dismissing or snoozing removes the one notice and remembers it', () => {
    const run = machineTest(dueRemindersMachine, { input: EMPTY });
    for (const id of ['m1', 'm2', 'm3', 'm4']) run.send({ type: 'reminder.fellDue', notice: notice(id) });
    expect(selectDueCount(run.snapshot())).toBe(4);
    expect(selectArrival(run.snapshot())?.messageId).toBe('m4');
    run.send({ type: 'notice.open', key: dueKey('m4', AT) });
    // The announcement is of the last arrival only: once it is gone, nothing is re-announced.
    expect(selectArrival(run.snapshot())).toBeNull();
    run.send({ type: 'notice.snooze', key: dueKey('m2', AT) });
    run.send({ type: 'notice.dismiss', key: dueKey('m1', AT) });
    expect(keys(run)).toEqual([dueKey('m3', AT)]);
    expect(selectSettled(run.snapshot())).toEqual([dueKey('m4', AT), dueKey('m2', AT), dueKey('m1', AT)]);
    run.send({ type: 'notices.dismissAll' });
    run.expectPaths('quiet');
    expect(selectSettled(run.snapshot())).toHaveLength(4);
  });

  it('folds several notices into a summary the member can unfold', () => {
    const run = machineTest(dueRemindersMachine, { input: EMPTY });
    run.send({ type: 'reminder.fellDue', notice: notice('m1') }, { type: 'reminder.fellDue', notice: notice('m2') });
    run.expectPaths('announcing.collapsed').expectSelected(selectIsExpanded, false);
    run.send({ type: 'notices.expand' }).expectSelected(selectIsExpanded, true);
    // A third arrives while unfolded: it joins the list.
    run.send({ type: 'reminder.fellDue', notice: notice('m3') }).expectPaths('announcing.expanded');
    run.send({ type: 'notices.collapse' }).expectPaths('announcing.collapsed');
    // Once all are gone, the next ones start folded.
    run.send({ type: 'notices.expand' }, { type: 'notices.dismissAll' }).expectPaths('quiet');
    run.send({ type: 'reminder.fellDue', notice: notice('m5') }).expectPaths('announcing.collapsed');
  });

  it('withdraws a notice whose reminder was removed or moved to another time, without settling it', () => {
    const run = machineTest(dueRemindersMachine, { input: EMPTY });
    run.send({ type: 'reminder.fellDue', notice: notice('m1') }, { type: 'reminder.fellDue', notice: notice('m2') });
    // The same time again (our own echo) keeps it.
    run.send({ type: 'reminder.changed', messageId: 'm1', remindAt: AT });
    expect(keys(run)).toEqual([dueKey('m1', AT), dueKey('m2', AT)]);
    run.send({ type: 'reminder.changed', messageId: 'm1', remindAt: LATER });
    run.send({ type: 'reminder.changed', messageId: 'm2', remindAt: null });
    run.expectPaths('quiet');
    expect(selectSettled(run.snapshot())).toEqual([]);
    expect(selectArrival(run.snapshot())).toBeNull();
  });

  it('restores the session: shown notices at once, acted-on ones never again', () => {
    const run = machineTest(dueRemindersMachine, {
      input: { notices: [notice('m1')], settled: [dueKey('m2', AT)] },
    });
    run.expectPaths('announcing.collapsed').expectSelected(selectDueCount, 1);
    // Restored, not arrived: nothing to re-announce to a screen reader.
    expect(selectArrival(run.snapshot())).toBeNull();
    run.send({ type: 'reminder.fellDue', notice: notice('m2') });
    expect(keys(run)).toEqual([dueKey('m1', AT)]);
  });

  it(`remembers the newest ${SETTLED_LIMIT} acted-on keys`, () => {
    const settled = Array.from({ length: SETTLED_LIMIT }, (_, i) => dueKey(`old${i}`, AT));
    const run = machineTest(dueRemindersMachine, { input: { notices: [], settled } });
    run.send({ type: 'reminder.fellDue', notice: notice('m1') }, { type: 'notice.dismiss', key: dueKey('m1', AT) });
    const kept = selectSettled(run.snapshot());
    expect(kept).toHaveLength(SETTLED_LIMIT);
    expect(kept[0]).toBe(dueKey('old1', AT));
    expect(kept.at(-1)).toBe(dueKey('m1', AT));
  });

  it('snoozes by 30 minutes', () => {
    expect(SNOOZE_MS).toBe(30 * 60 * 1000);
  });
});

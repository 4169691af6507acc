import { fromCallback, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { machineTest, simulatedClockAt } from '../shared/machine-test';
import {
  DAY_MS,
  HOUR_MS,
  MINUTE_MS,
  nextRefreshMs,
  REMINDER_PRESETS,
  REMINDER_PRESETS_MS,
  reminderMachine,
  SECOND_MS,
  STOP_REFRESH_AFTER_MS,
} from './reminder.machine';
import {
  selectError,
  selectIsDue,
  selectIsTicking,
  selectRemaining,
  selectRemindAt,
  selectStatus,
  selectTimeLeftMs,
} from './reminder.selectors';
import type { ReminderData, ReminderEvent } from './reminder.types';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

interface Options {
  reminder?: ReminderData | null;
  save?: (input: { messageId: string; remindAt: string | null }) => Promise<ReminderData>;
  remove?: () => Promise<void>;
}

/**
 * A reminder actor in the harness on a simulated clock starting at T0. The machine reads the time
 * from its input's `now` (action `readClock`), here that same clock, so delays and readings move
 * together.
 */
function start({ reminder = null, save, remove }: Options = {}) {
  const clock = simulatedClockAt(T0);
  const calls = { save: [] as { messageId: string; remindAt: string | null }[], remove: 0, watching: [] as string[] };
  let sendBack: ((event: ReminderEvent) => void) | undefined;
  const machine = reminderMachine.provide({
    actors: {
      saveReminder: fromPromise(async ({ input }) => {
        calls.save.push(input);
        return save ? save(input) : { remindAt: input.remindAt };
      }),
      deleteReminder: fromPromise(async () => {
        calls.remove++;
        if (remove) await remove();
      }),
      watchReminder: fromCallback<ReminderEvent, { messageId: string }>(({ input, sendBack: send }) => {
        calls.watching.push(input.messageId);
        sendBack = send;
        return () => calls.watching.push(`stopped:${input.messageId}`);
      }),
    },
  });
  const run = machineTest(machine, { clock, input: { messageId: 'm1', reminder, now: () => clock.now() } });
  return {
    actor: run.actor,
    clock,
    calls,
    settle: () => run.settle(),
    server: (event: ReminderEvent) => sendBack?.(event),
  };
}

describe('nextRefreshMs (the display timer cadence)', () => {
  const before = (ms: number) => nextRefreshMs(T0 + ms, T0);
  const after = (ms: number) => nextRefreshMs(T0 - ms, T0);

  it('does not tick without a due time', () => {
    expect(nextRefreshMs(null, T0)).toBeNull();
  });

  it('ticks every second while less than a minute from the due time, on either side', () => {
    expect(before(59_999)).toBe(SECOND_MS);
    expect(before(1500)).toBe(SECOND_MS);
    expect(before(400)).toBe(400); // lands on the due time
    expect(after(0)).toBe(SECOND_MS);
    expect(after(59_999)).toBe(SECOND_MS);
  });

  it('ticks every minute from one minute up to an hour', () => {
    expect(after(MINUTE_MS)).toBe(MINUTE_MS);
    expect(after(HOUR_MS - 1)).toBe(MINUTE_MS);
    expect(before(HOUR_MS - 1)).toBe(MINUTE_MS);
    expect(before(2 * MINUTE_MS)).toBe(MINUTE_MS);
    // Before the due time a tick never skips the start of the finer band.
    expect(before(90 * SECOND_MS)).toBe(30 * SECOND_MS);
    expect(before(MINUTE_MS)).toBe(SECOND_MS);
  });

  it('ticks hourly from an hour up to a day', () => {
    expect(after(HOUR_MS)).toBe(HOUR_MS);
    expect(after(DAY_MS - 1)).toBe(HOUR_MS);
    expect(before(DAY_MS - 1)).toBe(HOUR_MS);
    expect(before(2 * HOUR_MS)).toBe(HOUR_MS);
    expect(before(90 * MINUTE_MS)).toBe(30 * MINUTE_MS);
    expect(before(HOUR_MS)).toBe(MINUTE_MS);
  });

  it('ticks daily from a day on', () => {
    expect(after(DAY_MS)).toBe(DAY_MS);
    expect(after(5 * DAY_MS)).toBe(DAY_MS);
    expect(before(3 * DAY_MS)).toBe(DAY_MS);
    expect(before(DAY_MS + 5 * HOUR_MS)).toBe(5 * HOUR_MS);
    expect(before(DAY_MS)).toBe(HOUR_MS);
    expect(before(60 * DAY_MS)).toBe(DAY_MS);
  });

  it('stops 14 days after the due time, with the last tick landing on it', () => {
    expect(STOP_REFRESH_AFTER_MS).toBe(14 * DAY_MS);
    expect(after(14 * DAY_MS - HOUR_MS)).toBe(HOUR_MS);
    expect(after(14 * DAY_MS - 10 * HOUR_MS)).toBe(10 * HOUR_MS);
    expect(after(14 * DAY_MS - 1)).toBe(1);
    expect(after(14 * DAY_MS)).toBeNull();
    expect(after(15 * DAY_MS)).toBeNull();
  });
});

describe('reminder machine', () => {
  it('exports the spec presets with their labels', () => {
    expect(REMINDER_PRESETS_MS).toEqual([120_000, 1_800_000, 3_600_000, 7_200_000, 28_800_000, 86_400_000]);
    expect(REMINDER_PRESETS.map((p) => p.ms)).toEqual([...REMINDER_PRESETS_MS]);
    expect(new Set(REMINDER_PRESETS.map((p) => p.labelKey)).size).toBe(6);
  });

  it('starts without a reminder, or with the one the server holds, and watches the server', () => {
    const empty = start();
    expect(selectStatus(empty.actor.getSnapshot())).toBe('none');
    expect(empty.calls.watching).toEqual(['m1']);
    const saved = start({ reminder: { remindAt: null } });
    expect(selectStatus(saved.actor.getSnapshot())).toBe('savedForLater');
    expect(selectRemaining(saved.actor.getSnapshot())).toBeNull();
    saved.actor.stop();
    expect(saved.calls.watching).toEqual(['m1', 'stopped:m1']);
  });

  it('sets a preset: saves remind_at = now + preset, then shows the remaining time', async () => {
    const { actor, calls, clock, settle } = start();
    clock.increment(5000);
    actor.send({ type: 'reminder.set', presetMs: 30 * MINUTE_MS });
    expect(selectStatus(actor.getSnapshot())).toBe('saving');
    await settle();
    expect(calls.save).toEqual([{ messageId: 'm1', remindAt: iso(T0 + 5000 + 30 * MINUTE_MS) }]);
    expect(selectStatus(actor.getSnapshot())).toBe('scheduled');
    expect(selectRemindAt(actor.getSnapshot())).toBe(iso(T0 + 5000 + 30 * MINUTE_MS));
    expect(selectTimeLeftMs(actor.getSnapshot())).toBe(30 * MINUTE_MS);
    expect(selectRemaining(actor.getSnapshot())).toEqual({ kind: 'remaining', ms: 30 * MINUTE_MS });
    expect(selectIsDue(actor.getSnapshot())).toBe(false);
    expect(selectIsTicking(actor.getSnapshot())).toBe(true);
  });

  it('sets a chosen date and time exactly, to the millisecond, whenever the clock is read', async () => {
    const { actor, calls, clock, settle } = start();
    const chosen = T0 + 3 * DAY_MS + 123;
    clock.increment(5000);
    actor.send({ type: 'reminder.setAt', at: chosen });
    expect(selectStatus(actor.getSnapshot())).toBe('saving');
    await settle();
    expect(calls.save).toEqual([{ messageId: 'm1', remindAt: iso(chosen) }]);
    expect(selectRemindAt(actor.getSnapshot())).toBe(iso(chosen));
    expect(selectTimeLeftMs(actor.getSnapshot())).toBe(chosen - T0 - 5000);
  });

  it('changes the time, clears it ("save for later") and deletes', async () => {
    const { actor, calls, settle } = start({ reminder: { remindAt: iso(T0 + HOUR_MS) } });
    actor.send({ type: 'reminder.set', presetMs: DAY_MS });
    await settle();
    expect(selectRemindAt(actor.getSnapshot())).toBe(iso(T0 + DAY_MS));
    actor.send({ type: 'reminder.saveForLater' });
    await settle();
    expect(calls.save.at(-1)).toEqual({ messageId: 'm1', remindAt: null });
    expect(selectStatus(actor.getSnapshot())).toBe('savedForLater');
    expect(selectIsTicking(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'reminder.delete' });
    expect(selectStatus(actor.getSnapshot())).toBe('deleting');
    await settle();
    expect(calls.remove).toBe(1);
    expect(selectStatus(actor.getSnapshot())).toBe('none');
    expect(selectRemindAt(actor.getSnapshot())).toBeNull();
  });

  it('ignores a delete when there is no reminder', () => {
    const { actor, calls } = start();
    actor.send({ type: 'reminder.delete' });
    expect(selectStatus(actor.getSnapshot())).toBe('none');
    expect(calls.remove).toBe(0);
  });

  it('saves for later from nothing', async () => {
    const { actor, calls, settle } = start();
    actor.send({ type: 'reminder.saveForLater' });
    await settle();
    expect(calls.save).toEqual([{ messageId: 'm1', remindAt: null }]);
    expect(selectStatus(actor.getSnapshot())).toBe('savedForLater');
  });

  it('a failed save keeps what the server had and holds the error as data', async () => {
    const failing = () => Promise.reject(new Error('StreamChat error code 17: not allowed'));
    const fresh = start({ save: failing });
    fresh.actor.send({ type: 'reminder.set', presetMs: HOUR_MS });
    await fresh.settle();
    expect(selectStatus(fresh.actor.getSnapshot())).toBe('none');
    expect(selectError(fresh.actor.getSnapshot())).toEqual({ key: 'chat.reminder.saveFailed' });
    const held = start({ reminder: { remindAt: iso(T0 + HOUR_MS) }, save: failing });
    held.actor.send({ type: 'reminder.saveForLater' });
    await held.settle();
    expect(selectStatus(held.actor.getSnapshot())).toBe('scheduled');
    expect(selectRemindAt(held.actor.getSnapshot())).toBe(iso(T0 + HOUR_MS));
    expect(selectError(held.actor.getSnapshot())).toEqual({ key: 'chat.reminder.saveFailed' });
  });

  it('a failed delete keeps the reminder; the next success clears the error', async () => {
    const { actor, settle } = start({
      reminder: { remindAt: null },
      remove: () => Promise.reject(new Error('offline')),
    });
    actor.send({ type: 'reminder.delete' });
    await settle();
    expect(selectStatus(actor.getSnapshot())).toBe('savedForLater');
    expect(selectError(actor.getSnapshot())).toEqual({ key: 'chat.reminder.deleteFailed' });
    actor.send({ type: 'reminder.set', presetMs: 2 * MINUTE_MS });
    await settle();
    expect(selectError(actor.getSnapshot())).toBeNull();
  });

  it('follows the server: created, changed and removed elsewhere; the echo during a save', async () => {
    const { actor, server, settle } = start();
    server({ type: 'reminder.changed', reminder: { remindAt: iso(T0 + HOUR_MS) } });
    expect(selectStatus(actor.getSnapshot())).toBe('scheduled');
    server({ type: 'reminder.changed', reminder: { remindAt: null } });
    expect(selectStatus(actor.getSnapshot())).toBe('savedForLater');
    server({ type: 'reminder.removed' });
    expect(selectStatus(actor.getSnapshot())).toBe('none');
    actor.send({ type: 'reminder.set', presetMs: 2 * MINUTE_MS });
    server({ type: 'reminder.changed', reminder: { remindAt: iso(T0 + 2 * MINUTE_MS) } });
    expect(selectStatus(actor.getSnapshot())).toBe('saving');
    server({ type: 'reminder.removed' });
    expect(selectStatus(actor.getSnapshot())).toBe('saving');
    await settle();
    expect(selectRemindAt(actor.getSnapshot())).toBe(iso(T0 + 2 * MINUTE_MS));
  });

  it('marks it due on notification.reminder_due, or at once when loaded past its time', () => {
    const { actor, server } = start({ reminder: { remindAt: iso(T0 + 2 * MINUTE_MS) } });
    expect(selectIsDue(actor.getSnapshot())).toBe(false);
    server({ type: 'reminder.due' });
    expect(selectIsDue(actor.getSnapshot())).toBe(true);
    const late = start({ reminder: { remindAt: iso(T0 - 5 * MINUTE_MS) } });
    expect(selectIsDue(late.actor.getSnapshot())).toBe(true);
    expect(selectRemaining(late.actor.getSnapshot())).toEqual({ kind: 'overdue', ms: 5 * MINUTE_MS });
  });

  describe('display timer', () => {
    /** Advances the clock by `ms` and returns whether the machine took a new reading exactly then. */
    function tickAfter(run: ReturnType<typeof start>, ms: number) {
      const before = run.actor.getSnapshot().context.readAt;
      run.clock.increment(ms - 1);
      const early = run.actor.getSnapshot().context.readAt !== before;
      run.clock.increment(1);
      return !early && run.actor.getSnapshot().context.readAt === before + ms;
    }

    it('refreshes every minute, then every second around the due time, then every minute again', () => {
      const run = start({ reminder: { remindAt: iso(T0 + 2 * MINUTE_MS + 30 * SECOND_MS) } });
      expect(tickAfter(run, MINUTE_MS)).toBe(true); // 1 min 30 s left
      expect(tickAfter(run, 30 * SECOND_MS)).toBe(true); // exactly 1 min left
      expect(selectTimeLeftMs(run.actor.getSnapshot())).toBe(MINUTE_MS);
      expect(tickAfter(run, SECOND_MS)).toBe(true);
      expect(selectTimeLeftMs(run.actor.getSnapshot())).toBe(59 * SECOND_MS);
      for (let i = 0; i < 58; i++) expect(tickAfter(run, SECOND_MS)).toBe(true);
      expect(selectIsDue(run.actor.getSnapshot())).toBe(false);
      expect(tickAfter(run, SECOND_MS)).toBe(true);
      expect(selectTimeLeftMs(run.actor.getSnapshot())).toBe(0);
      // The tick that lands on the due time makes it due, whether or not the server said so yet.
      expect(selectIsDue(run.actor.getSnapshot())).toBe(true);
      for (let i = 0; i < 60; i++) expect(tickAfter(run, SECOND_MS)).toBe(true);
      expect(selectRemaining(run.actor.getSnapshot())).toEqual({ kind: 'overdue', ms: MINUTE_MS });
      expect(tickAfter(run, MINUTE_MS)).toBe(true);
    });

    it('refreshes hourly under a day, daily beyond, and steps down at the boundaries', () => {
      const run = start({ reminder: { remindAt: iso(T0 + 2 * DAY_MS + 5 * HOUR_MS) } });
      expect(tickAfter(run, DAY_MS)).toBe(true); // 1 day 5 h left
      expect(tickAfter(run, 5 * HOUR_MS)).toBe(true); // exactly 1 day left
      expect(tickAfter(run, HOUR_MS)).toBe(true); // 23 h left
      expect(selectTimeLeftMs(run.actor.getSnapshot())).toBe(23 * HOUR_MS);
    });

    it('stops 14 days after the due time', () => {
      const run = start({ reminder: { remindAt: iso(T0 - 13 * DAY_MS - 12 * HOUR_MS) } });
      expect(selectIsTicking(run.actor.getSnapshot())).toBe(true);
      expect(tickAfter(run, 12 * HOUR_MS)).toBe(true); // the last tick lands on the stop
      expect(selectIsTicking(run.actor.getSnapshot())).toBe(false);
      expect(selectRemaining(run.actor.getSnapshot())).toEqual({ kind: 'overdue', ms: STOP_REFRESH_AFTER_MS });
      const frozen = run.actor.getSnapshot().context.readAt;
      run.clock.increment(30 * DAY_MS);
      expect(run.actor.getSnapshot().context.readAt).toBe(frozen);
    });

    it('does not tick at all for a reminder more than 14 days overdue', () => {
      const run = start({ reminder: { remindAt: iso(T0 - 15 * DAY_MS) } });
      expect(selectStatus(run.actor.getSnapshot())).toBe('scheduled');
      expect(selectIsTicking(run.actor.getSnapshot())).toBe(false);
    });

    it('a new due time restarts the cadence', () => {
      const run = start({ reminder: { remindAt: iso(T0 - 15 * DAY_MS) } });
      run.server({ type: 'reminder.changed', reminder: { remindAt: iso(T0 + 30 * SECOND_MS) } });
      expect(selectIsTicking(run.actor.getSnapshot())).toBe(true);
      expect(selectIsDue(run.actor.getSnapshot())).toBe(false);
      expect(tickAfter(run, SECOND_MS)).toBe(true);
    });
  });
});

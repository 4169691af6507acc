import { createActor, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import { MAX_TOASTS, TOAST_DURATION_MS, toasterMachine } from './toasts.machine';
import { selectToasts } from './toasts.selectors';

function start() {
  const clock = new SimulatedClock();
  const actor = createActor(toasterMachine, { clock }).start();
  const ids = () => selectToasts(actor.getSnapshot()).map((t) => t.id);
  return { actor, clock, ids };
}

describe('toaster', () => {
  it('keeps a success toast 3000 ms and an error toast 8000 ms', () => {
    const { actor, clock, ids } = start();
    actor.send({ type: 'toast.show', toast: { kind: 'success', message: 'Saved' } });
    actor.send({ type: 'toast.show', toast: { kind: 'error', message: 'Failed' } });
    expect(ids()).toEqual(['toast:1', 'toast:2']);
    expect(TOAST_DURATION_MS).toMatchObject({ success: 3000, error: 8000 });
    clock.increment(2999);
    expect(ids()).toEqual(['toast:1', 'toast:2']);
    clock.increment(1);
    expect(ids()).toEqual(['toast:2']);
    clock.increment(8000 - 3000 - 1);
    expect(ids()).toEqual(['toast:2']);
    clock.increment(1);
    expect(ids()).toEqual([]);
  });

  it('an info toast lasts 5000 ms', () => {
    const { actor, clock, ids } = start();
    actor.send({ type: 'toast.show', toast: { kind: 'info', message: 'Heads up' } });
    clock.increment(4999);
    expect(ids()).toHaveLength(1);
    clock.increment(1);
    expect(ids()).toHaveLength(0);
  });

  it('dismisses a toast on request', () => {
    const { actor, ids } = start();
    actor.send({ type: 'toast.show', toast: { kind: 'error', message: 'Failed' } });
    actor.send({ type: 'toast.dismiss', id: 'toast:1' });
    expect(ids()).toEqual([]);
    actor.send({ type: 'toast.dismiss', id: 'toast:unknown' });
    expect(ids()).toEqual([]);
  });

  it('pauses while being read and resumes with a full lifetime', () => {
    const { actor, clock, ids } = start();
    actor.send({ type: 'toast.show', toast: { kind: 'success', message: 'Saved' } });
    const ref = selectToasts(actor.getSnapshot())[0]!.ref;
    clock.increment(2000);
    ref.send({ type: 'toast.pause' });
    expect(ref.getSnapshot().value).toBe('paused');
    clock.increment(60_000);
    expect(ids()).toHaveLength(1);
    ref.send({ type: 'toast.resume' });
    clock.increment(2999);
    expect(ids()).toHaveLength(1);
    clock.increment(1);
    expect(ids()).toHaveLength(0);
  });

  it('a paused toast can still be dismissed', () => {
    const { actor, ids } = start();
    actor.send({ type: 'toast.show', toast: { kind: 'info', message: 'x' } });
    const ref = selectToasts(actor.getSnapshot())[0]!.ref;
    ref.send({ type: 'toast.pause' });
    ref.send({ type: 'toast.dismiss' });
    expect(ids()).toHaveLength(0);
  });

  it(`shows at most ${MAX_TOASTS} at once, dropping the oldest`, () => {
    const { actor, ids } = start();
    for (let i = 0; i < MAX_TOASTS + 1; i++)
      actor.send({ type: 'toast.show', toast: { kind: 'info', message: `m${i}` } });
    expect(ids()).toEqual(['toast:2', 'toast:3', 'toast:4', 'toast:5']);
  });
});

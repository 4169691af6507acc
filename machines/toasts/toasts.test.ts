import { describe, expect, it } from 'vitest';
import { machineTest } from '../shared/machine-test';
import { MAX_TOASTS, TOAST_DURATION_MS, toasterMachine } from './toasts.machine';
import { selectToasts } from './toasts.selectors';

function start() {
  const run = machineTest(toasterMachine);
  const ids = () => selectToasts(run.snapshot()).map((t) => t.id);
  return { run, ids };
}

describe('toaster', () => {
  it('keeps a success toast 3000 ms and an error toast 8000 ms', () => {
    const { run, ids } = start();
    run
      .send({ type: 'toast.show', toast: { kind: 'success', message: 'Saved' } })
      .send({ type: 'toast.show', toast: { kind: 'error', message: 'Failed' } });
    expect(ids()).toEqual(['toast:1', 'toast:2']);
    expect(TOAST_DURATION_MS).toMatchObject({ success: 3000, error: 8000 });
    run.advance(2999);
    expect(ids()).toEqual(['toast:1', 'toast:2']);
    run.advance(1);
    expect(ids()).toEqual(['toast:2']);
    run.advance(8000 - 3000 - 1);
    expect(ids()).toEqual(['toast:2']);
    run.advance(1);
    expect(ids()).toEqual([]);
  });

  it('an info toast lasts 5000 ms', () => {
    const { run, ids } = start();
    run.send({ type: 'toast.show', toast: { kind: 'info', message: 'Heads up' } }).advance(4999);
    expect(ids()).toHaveLength(1);
    run.advance(1);
    expect(ids()).toHaveLength(0);
  });

  it('dismisses a toast on request', () => {
    const { run, ids } = start();
    run
      .send({ type: 'toast.show', toast: { kind: 'error', message: 'Failed' } })
      .send({ type: 'toast.dismiss', id: 'toast:1' });
    expect(ids()).toEqual([]);
    run.send({ type: 'toast.dismiss', id: 'toast:unknown' });
    expect(ids()).toEqual([]);
  });

  it('pauses while being read and resumes with a full lifetime', () => {
    const { run, ids } = start();
    run.send({ type: 'toast.show', toast: { kind: 'success', message: 'Saved' } });
    const ref = selectToasts(run.snapshot())[0]!.ref;
    run.advance(2000);
    ref.send({ type: 'toast.pause' });
    expect(ref.getSnapshot().value).toBe('paused');
    run.advance(60_000);
    expect(ids()).toHaveLength(1);
    ref.send({ type: 'toast.resume' });
    run.advance(2999);
    expect(ids()).toHaveLength(1);
    run.advance(1);
    expect(ids()).toHaveLength(0);
  });

  it('a paused toast can still be dismissed', () => {
    const { run, ids } = start();
    run.send({ type: 'toast.show', toast: { kind: 'info', message: 'x' } });
    const ref = selectToasts(run.snapshot())[0]!.ref;
    ref.send({ type: 'toast.pause' });
    ref.send({ type: 'toast.dismiss' });
    expect(ids()).toHaveLength(0);
  });

  it(`shows at most ${MAX_TOASTS} at once, dropping the oldest`, () => {
    const { run, ids } = start();
    for (let i = 0; i < MAX_TOASTS + 1; i++)
      run.send({ type: 'toast.show', toast: { kind: 'info', message: `m${i}` } });
    expect(ids()).toEqual(['toast:2', 'toast:3', 'toast:4', 'toast:5']);
  });
});

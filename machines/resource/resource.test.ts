import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { failureText, resourceMachine } from './resource.machine';
import { selectData, selectError, selectStatus } from './resource.selectors';

/** A loader whose answers the test gives, one per call, in order. */
function controlledLoader() {
  const calls: { params: unknown; resolve: (v: unknown) => void; reject: (e: unknown) => void }[] = [];
  const load = fromPromise<unknown, { params: unknown }>(
    ({ input }) => new Promise((resolve, reject) => calls.push({ params: input.params, resolve, reject })),
  );
  return { calls, machine: resourceMachine.provide({ actors: { load } }) };
}
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('resource', () => {
  it('loads with its params, then shows the data', async () => {
    const { calls, machine } = controlledLoader();
    const actor = createActor(machine, { input: { params: { week: 9 } } }).start();
    expect(selectStatus(actor.getSnapshot())).toBe('loading');
    expect(calls.map((c) => c.params)).toEqual([{ week: 9 }]);
    calls[0]!.resolve(['fixture']);
    await tick();
    expect(selectStatus(actor.getSnapshot())).toBe('ready');
    expect(selectData(actor.getSnapshot())).toEqual(['fixture']);
  });

  it('keeps the data shown while other params load, and drops an overtaken answer', async () => {
    const { calls, machine } = controlledLoader();
    const actor = createActor(machine, { input: { params: { week: 9 } } }).start();
    calls[0]!.resolve('week 9');
    await tick();
    actor.send({ type: 'resource.set', params: { week: 8 } });
    actor.send({ type: 'resource.set', params: { week: 7 } });
    expect(selectStatus(actor.getSnapshot())).toBe('loading');
    expect(selectData(actor.getSnapshot())).toBe('week 9');
    calls[1]!.resolve('week 8');
    await tick();
    expect(selectData(actor.getSnapshot())).toBe('week 9');
    calls[2]!.resolve('week 7');
    await tick();
    expect(selectStatus(actor.getSnapshot())).toBe('ready');
    expect(selectData(actor.getSnapshot())).toBe('week 7');
    expect(actor.getSnapshot().context.params).toEqual({ week: 7 });
  });

  it('says why a load failed, keeps the old data, and loads again on reload', async () => {
    const { calls, machine } = controlledLoader();
    const actor = createActor(machine, { input: { params: 1 } }).start();
    calls[0]!.resolve('first');
    await tick();
    actor.send({ type: 'resource.reload' });
    calls[1]!.reject(new Error('League 1 does not exist'));
    await tick();
    expect(selectStatus(actor.getSnapshot())).toBe('failed');
    expect(selectError(actor.getSnapshot())).toBe('League 1 does not exist');
    expect(selectData(actor.getSnapshot())).toBe('first');
    actor.send({ type: 'resource.reload' });
    calls[2]!.resolve('second');
    await tick();
    expect(selectStatus(actor.getSnapshot())).toBe('ready');
    expect(selectError(actor.getSnapshot())).toBeNull();
  });

  it('shows a change the member made at once', async () => {
    const { calls, machine } = controlledLoader();
    const actor = createActor(machine, { input: { params: 1 } }).start();
    actor.send({ type: 'resource.replace', data: 'too early' });
    expect(selectData(actor.getSnapshot())).toBeNull();
    calls[0]!.resolve('saved');
    await tick();
    actor.send({ type: 'resource.replace', data: 'optimistic' });
    expect(selectData(actor.getSnapshot())).toBe('optimistic');
  });

  it('turns any failure into a text', () => {
    expect(failureText(new Error('Not found'))).toBe('Not found');
    expect(failureText('offline')).toBe('offline');
    expect(failureText(null)).toBe('Unknown error');
  });
});

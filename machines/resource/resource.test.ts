import { fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { machineTest } from '../shared/machine-test';
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

describe('resource', () => {
  it('loads with its params, then shows the data', async () => {
    const { calls, machine } = controlledLoader();
    const run = machineTest(machine, { input: { params: { week: 9 } } });
    run.expectSelected(selectStatus, 'loading');
    expect(calls.map((c) => c.params)).toEqual([{ week: 9 }]);
    calls[0]!.resolve(['fixture']);
    (await run.settle()).expectSelected(selectStatus, 'ready').expectSelected(selectData, ['fixture']);
  });

  it('keeps the data shown while other params load, and drops an overtaken answer', async () => {
    const { calls, machine } = controlledLoader();
    const run = machineTest(machine, { input: { params: { week: 9 } } });
    calls[0]!.resolve('week 9');
    (await run.settle())
      .send({ type: 'resource.set', params: { week: 8 } })
      .send({ type: 'resource.set', params: { week: 7 } })
      .expectSelected(selectStatus, 'loading')
      .expectSelected(selectData, 'week 9');
    calls[1]!.resolve('week 8');
    (await run.settle()).expectSelected(selectData, 'week 9');
    calls[2]!.resolve('week 7');
    (await run.settle()).expectSelected(selectStatus, 'ready').expectSelected(selectData, 'week 7');
    expect(run.snapshot().context.params).toEqual({ week: 7 });
  });

  it('says why a load failed, keeps the old data, and loads again on reload', async () => {
    const { calls, machine } = controlledLoader();
    const run = machineTest(machine, { input: { params: 1 } });
    calls[0]!.resolve('first');
    (await run.settle()).send({ type: 'resource.reload' });
    calls[1]!.reject(new Error('League 1 does not exist'));
    (await run.settle())
      .expectSelected(selectStatus, 'failed')
      .expectSelected(selectError, 'League 1 does not exist')
      .expectSelected(selectData, 'first')
      .send({ type: 'resource.reload' });
    calls[2]!.resolve('second');
    (await run.settle()).expectSelected(selectStatus, 'ready').expectSelected(selectError, null);
  });

  it('shows a change the member made at once', async () => {
    const { calls, machine } = controlledLoader();
    const run = machineTest(machine, { input: { params: 1 } });
    run.send({ type: 'resource.replace', data: 'too early' }).expectSelected(selectData, null);
    calls[0]!.resolve('saved');
    (await run.settle())
      .send({ type: 'resource.replace', data: 'optimistic' })
      .expectSelected(selectData, 'optimistic');
  });

  it('turns any failure into a text', () => {
    expect(failureText(new Error('Not found'))).toBe('Not found');
    expect(failureText('offline')).toBe('offline');
    expect(failureText(null)).toBe('Unknown error');
  });
});

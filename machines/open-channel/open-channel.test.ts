import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { machineTest } from '../shared/machine-test';
import { openChannelMachine } from './open-channel.machine';
import { selectChannel, selectFailure, selectOpenState } from './open-channel.selectors';
import type { ChannelHandle, OpenChannelInput } from './open-channel.types';

function opener(answers: (() => Promise<ChannelHandle>)[]) {
  const calls: OpenChannelInput[] = [];
  const machine = openChannelMachine.provide({
    actors: {
      watchChannel: fromPromise<ChannelHandle, OpenChannelInput>(({ input }) => {
        calls.push(input);
        return answers.shift()!();
      }),
    },
  });
  return { run: machineTest(machine, { input: { type: 'team', id: 'general' } }), calls };
}

describe('opening a channel', () => {
  it('watches the channel the address names and hands it out once ready', async () => {
    const { run, calls } = opener([() => Promise.resolve({ cid: 'team:general' })]);
    run.expectPaths('watching').expectSelected(selectChannel, null);
    (await run.settle()).expectPaths('ready').expectSelected(selectChannel, { cid: 'team:general' });
    expect(calls).toEqual([{ type: 'team', id: 'general' }]);
  });

  it('is ready from its first snapshot with a channel the client already watches, without a query', () => {
    const calls: OpenChannelInput[] = [];
    const machine = openChannelMachine.provide({
      actors: {
        watchChannel: fromPromise<ChannelHandle, OpenChannelInput>(({ input }) => {
          calls.push(input);
          return Promise.resolve({ cid: 'team:general' });
        }),
      },
    });
    const watched = { cid: 'team:general' };
    // Read before it starts (machineTest starts at once): the first snapshot is already ready.
    const actor = createActor(machine, { input: { type: 'team', id: 'general', watched } });
    expect(selectChannel(actor.getSnapshot())).toBe(watched);
    expect(selectOpenState(actor.start().getSnapshot())).toBe('ready');
    expect(calls).toEqual([]);
  });

  it('says missing for a channel that does not exist, and cannot be retried', async () => {
    const { run } = opener([() => Promise.reject(Object.assign(new Error('not found'), { kind: 'missing' }))]);
    (await run.settle())
      .expectPaths('missing')
      .expectSelected(selectFailure, { kind: 'missing' })
      .send({ type: 'channel.retry' })
      .expectPaths('missing');
  });

  it('keeps the reason of any other failure and watches again on retry', async () => {
    const { run, calls } = opener([
      () => Promise.reject(new Error('error HTTP code: 503')),
      () => Promise.resolve({ cid: 'team:general' }),
    ]);
    (await run.settle())
      .expectPaths('failed')
      .expectSelected(selectFailure, { kind: 'failed', message: 'error HTTP code: 503' })
      .send({ type: 'channel.retry' });
    (await run.settle()).expectPaths('ready').expectSelected(selectFailure, null);
    expect(calls).toHaveLength(2);
  });
});

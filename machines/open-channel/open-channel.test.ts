import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
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
  return { actor: createActor(machine, { input: { type: 'team', id: 'general' } }).start(), calls };
}

describe('opening a channel', () => {
  it('watches the channel the address names and hands it out once ready', async () => {
    const { actor, calls } = opener([() => Promise.resolve({ cid: 'team:general' })]);
    expect(selectOpenState(actor.getSnapshot())).toBe('watching');
    expect(selectChannel(actor.getSnapshot())).toBeNull();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(selectChannel(actor.getSnapshot())).toEqual({ cid: 'team:general' });
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
    const actor = createActor(machine, { input: { type: 'team', id: 'general', watched } });
    expect(selectChannel(actor.getSnapshot())).toBe(watched);
    actor.start();
    expect(selectOpenState(actor.getSnapshot())).toBe('ready');
    expect(calls).toEqual([]);
  });

  it('says missing for a channel that does not exist, and cannot be retried', async () => {
    const { actor } = opener([() => Promise.reject(Object.assign(new Error('not found'), { kind: 'missing' }))]);
    await waitFor(actor, (s) => s.matches('missing'));
    expect(selectFailure(actor.getSnapshot())).toEqual({ kind: 'missing' });
    actor.send({ type: 'channel.retry' });
    expect(selectOpenState(actor.getSnapshot())).toBe('missing');
  });

  it('keeps the reason of any other failure and watches again on retry', async () => {
    const { actor, calls } = opener([
      () => Promise.reject(new Error('error HTTP code: 503')),
      () => Promise.resolve({ cid: 'team:general' }),
    ]);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(selectFailure(actor.getSnapshot())).toEqual({ kind: 'failed', message: 'error HTTP code: 503' });
    actor.send({ type: 'channel.retry' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(selectFailure(actor.getSnapshot())).toBeNull();
    expect(calls).toHaveLength(2);
  });
});

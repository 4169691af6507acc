import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type EventObject } from 'xstate';
import { threadMachine } from './thread.machine';
import {
  selectFailure,
  selectHasOlder,
  selectIsLoadingOlder,
  selectThread,
  selectThreadState,
} from './thread.selectors';
import type { ThreadEmitted, ThreadHandle, ThreadLoaded } from './thread.types';

const handle: ThreadHandle = { id: 'parent-1' };

/** A thread machine whose actors answer from the given queues and record what happened. */
function start(answers: {
  open?: (() => Promise<ThreadLoaded>)[];
  older?: (() => Promise<ThreadLoaded>)[];
  reload?: (() => Promise<ThreadLoaded>)[];
}) {
  const log: string[] = [];
  const machine = threadMachine.provide({
    actors: {
      openThread: fromPromise<ThreadLoaded, { parentId: string }>(({ input }) => {
        log.push(`open ${input.parentId}`);
        return answers.open!.shift()!();
      }),
      loadOlder: fromPromise<ThreadLoaded, { thread: ThreadHandle }>(() => {
        log.push('older');
        return answers.older!.shift()!();
      }),
      reload: fromPromise<ThreadLoaded, { thread: ThreadHandle }>(() => {
        log.push('reload');
        return answers.reload!.shift()!();
      }),
      presence: fromCallback<EventObject, { thread: ThreadHandle }>(({ input }) => {
        log.push(`active ${input.thread.id}`);
        return () => log.push(`inactive ${input.thread.id}`);
      }),
    },
  });
  const actor = createActor(machine, { input: { parentId: 'parent-1' } });
  const emitted: ThreadEmitted[] = [];
  actor.on('thread.failed', (event) => emitted.push(event));
  actor.start();
  return { actor, log, emitted };
}

const loaded = (hasOlder: boolean) => () => Promise.resolve({ thread: handle, hasOlder });

describe('the thread panel', () => {
  it('opens the thread, is active while open and inactive once closed', async () => {
    const { actor, log } = start({ open: [loaded(true)] });
    expect(selectThreadState(actor.getSnapshot())).toBe('opening');
    expect(selectThread(actor.getSnapshot())).toBeNull();
    await waitFor(actor, (s) => s.matches('open'));
    expect(selectThread(actor.getSnapshot())).toBe(handle);
    expect(selectHasOlder(actor.getSnapshot())).toBe(true);
    actor.stop();
    expect(log).toEqual(['open parent-1', 'active parent-1', 'inactive parent-1']);
  });

  it('pages back while older replies exist, one page at a time, and stops at the first reply', async () => {
    let finishPage!: (value: ThreadLoaded) => void;
    const { actor, log } = start({
      open: [loaded(true)],
      older: [() => new Promise<ThreadLoaded>((resolve) => (finishPage = resolve))],
    });
    await waitFor(actor, (s) => s.matches('open'));
    actor.send({ type: 'thread.loadOlder' });
    actor.send({ type: 'thread.loadOlder' });
    expect(selectIsLoadingOlder(actor.getSnapshot())).toBe(true);
    finishPage({ thread: handle, hasOlder: false });
    await waitFor(actor, (s) => s.matches({ open: 'browsing' }));
    actor.send({ type: 'thread.loadOlder' });
    expect(log.filter((entry) => entry === 'older')).toHaveLength(1);
    expect(selectHasOlder(actor.getSnapshot())).toBe(false);
  });

  it('says why a page failed and keeps the replies it has', async () => {
    const { actor, emitted } = start({ open: [loaded(true)], older: [() => Promise.reject(new Error('offline'))] });
    await waitFor(actor, (s) => s.matches('open'));
    actor.send({ type: 'thread.loadOlder' });
    await waitFor(actor, (s) => s.matches({ open: 'browsing' }));
    expect(emitted).toEqual([{ type: 'thread.failed', key: 'chat.thread.olderFailed' }]);
    expect(selectHasOlder(actor.getSnapshot())).toBe(true);
  });

  it('reloads after the connection recovers, staying active throughout', async () => {
    const { actor, log, emitted } = start({
      open: [loaded(false)],
      reload: [loaded(true), () => Promise.reject(new Error('offline'))],
    });
    await waitFor(actor, (s) => s.matches('open'));
    actor.send({ type: 'connection.recovered' });
    await waitFor(actor, (s) => s.matches({ open: 'browsing' }));
    expect(selectHasOlder(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'connection.recovered' });
    await waitFor(actor, (s) => s.matches({ open: 'browsing' }));
    expect(emitted).toEqual([{ type: 'thread.failed', key: 'chat.thread.reloadFailed' }]);
    expect(log).toEqual(['open parent-1', 'active parent-1', 'reload', 'reload']);
  });

  it('says missing for a parent that does not exist, and cannot be retried', async () => {
    const { actor, log } = start({ open: [() => Promise.reject(Object.assign(new Error('x'), { kind: 'missing' }))] });
    await waitFor(actor, (s) => s.matches('missing'));
    expect(selectFailure(actor.getSnapshot())).toEqual({ kind: 'missing' });
    actor.send({ type: 'thread.retry' });
    expect(selectThreadState(actor.getSnapshot())).toBe('missing');
    expect(log).toEqual(['open parent-1']);
  });

  it('keeps the reason of any other failure and opens again on retry', async () => {
    const { actor } = start({ open: [() => Promise.reject(new Error('error HTTP code: 503')), loaded(false)] });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(selectFailure(actor.getSnapshot())).toEqual({ kind: 'failed', message: 'error HTTP code: 503' });
    actor.send({ type: 'thread.retry' });
    await waitFor(actor, (s) => s.matches('open'));
    expect(selectFailure(actor.getSnapshot())).toBeNull();
  });
});

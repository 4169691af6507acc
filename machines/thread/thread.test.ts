import { describe, expect, it } from 'vitest';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { machineTest } from '../shared/machine-test';
import { threadMachine } from './thread.machine';
import { selectFailure, selectHasOlder, selectIsLoadingOlder, selectThread } from './thread.selectors';
import type { ThreadHandle, ThreadLoaded } from './thread.types';

const handle: ThreadHandle = { id: 'parent-1' };

/** A thread machine whose actors answer from the given queues and record what happened. */
function start(answers: {
  open?: (() => Promise<ThreadLoaded>)[];
  older?: (() => Promise<ThreadLoaded>)[];
  reload?: (() => Promise<ThreadLoaded>)[];
}) {
  const log: string[] = [];
  let tell: ((event: EventObject) => void) | undefined;
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
      // Stands in for the client's `connection.recovered`, translated by the real actor.
      watchConnection: fromCallback<EventObject>(({ sendBack }) => void (tell = sendBack)),
      presence: fromCallback<EventObject, { thread: ThreadHandle }>(({ input }) => {
        log.push(`active ${input.thread.id}`);
        return () => log.push(`inactive ${input.thread.id}`);
      }),
    },
  });
  const recover = () => tell?.({ type: 'connection.restored' });
  return { run: machineTest(machine, { input: { parentId: 'parent-1' } }), log, recover };
}

const loaded = (hasOlder: boolean) => () => Promise.resolve({ thread: handle, hasOlder });

describe('the thread panel', () => {
  it('opens the thread, is active while open and inactive once closed', async () => {
    const { run, log } = start({ open: [loaded(true)] });
    run.expectPaths('opening').expectSelected(selectThread, null);
    (await run.settle()).expectPaths('open.browsing').expectSelected(selectThread, handle);
    run.expectSelected(selectHasOlder, true).stop();
    expect(log).toEqual(['open parent-1', 'active parent-1', 'inactive parent-1']);
  });

  it('pages back while older replies exist, one page at a time, and stops at the first reply', async () => {
    let finishPage!: (value: ThreadLoaded) => void;
    const { run, log } = start({
      open: [loaded(true)],
      older: [() => new Promise<ThreadLoaded>((resolve) => (finishPage = resolve))],
    });
    await run.settle();
    run.send({ type: 'thread.loadOlder' }, { type: 'thread.loadOlder' });
    run.expectPaths('open.loadingOlder').expectSelected(selectIsLoadingOlder, true);
    finishPage({ thread: handle, hasOlder: false });
    (await run.settle()).expectPaths('open.browsing').send({ type: 'thread.loadOlder' });
    run.expectPaths('open.browsing').expectSelected(selectHasOlder, false);
    expect(log.filter((entry) => entry === 'older')).toHaveLength(1);
  });

  it('says why a page failed and keeps the replies it has', async () => {
    const { run } = start({ open: [loaded(true)], older: [() => Promise.reject(new Error('offline'))] });
    (await run.settle()).send({ type: 'thread.loadOlder' });
    (await run.settle()).expectPaths('open.browsing').expectSelected(selectHasOlder, true);
    run.expectEmitted('thread.failed', { key: 'chat.thread.olderFailed' });
  });

  it('reloads after the connection recovers, staying active throughout', async () => {
    const { run, log, recover } = start({
      open: [loaded(false)],
      reload: [loaded(true), () => Promise.reject(new Error('offline'))],
    });
    await run.settle();
    recover();
    run.expectPaths('open.reloading');
    (await run.settle()).expectPaths('open.browsing').expectSelected(selectHasOlder, true);
    recover();
    (await run.settle()).expectPaths('open.browsing');
    run.expectEmitted('thread.failed', { key: 'chat.thread.reloadFailed' });
    expect(log).toEqual(['open parent-1', 'active parent-1', 'reload', 'reload']);
  });

  it('says missing for a parent that does not exist, and cannot be retried', async () => {
    const { run, log } = start({ open: [() => Promise.reject(Object.assign(new Error('x'), { kind: 'missing' }))] });
    (await run.settle()).expectPaths('missing').expectSelected(selectFailure, { kind: 'missing' });
    run.send({ type: 'thread.retry' }).expectPaths('missing');
    expect(log).toEqual(['open parent-1']);
  });

  it('keeps the reason of any other failure and opens again on retry', async () => {
    const { run } = start({ open: [() => Promise.reject(new Error('error HTTP code: 503')), loaded(false)] });
    (await run.settle()).expectPaths('failed');
    run.expectSelected(selectFailure, { kind: 'failed', message: 'error HTTP code: 503' });
    (await run.send({ type: 'thread.retry' }).settle())
      .expectPaths('open.browsing')
      .expectSelected(selectFailure, null);
  });
});

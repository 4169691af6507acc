import { fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { machineTest } from '../shared/machine-test';
import { CHAT_SYNC_POLL_MS, chatSyncMachine } from './chat-sync.machine';
import { selectRetrying, selectSyncError, selectSyncState, selectWatching } from './chat-sync.selectors';
import type { ChatSyncState } from './chat-sync.types';

const upToDate: ChatSyncState = {
  pending: 0,
  failing: null,
  next_attempt_at: null,
  confirmed_at: '2026-03-01T12:00:00Z',
};
const waiting: ChatSyncState = { ...upToDate, pending: 2, next_attempt_at: '2026-03-01T12:00:01Z' };
const refused: ChatSyncState = {
  ...waiting,
  failing: { attempts: 3, last_error: 'Service Unavailable (HTTP 503)', next_attempt_at: '2026-03-01T12:05:00Z' },
};

/** Requests whose answers the test gives, one per call, in order. */
function controlled() {
  const loads: { resolve: (v: ChatSyncState) => void; reject: (e: unknown) => void }[] = [];
  const retries: typeof loads = [];
  const request = (calls: typeof loads) =>
    fromPromise<ChatSyncState, { leagueId: number }>(
      () => new Promise((resolve, reject) => calls.push({ resolve, reject })),
    );
  const machine = chatSyncMachine.provide({ actors: { load: request(loads), retry: request(retries) } });
  return { loads, retries, run: machineTest(machine, { input: { leagueId: 7 } }) };
}

describe('chat sync', () => {
  it('reads the state once and stops when the chat is up to date', async () => {
    const { loads, run } = controlled();
    loads[0]!.resolve(upToDate);
    (await run.settle()).expectPaths('shown.settled').expectSelected(selectSyncState, upToDate);
    (await run.advance(CHAT_SYNC_POLL_MS * 10).settle()).expectPaths('shown.settled');
    expect(loads).toHaveLength(1);
  });

  it('reads it again every CHAT_SYNC_POLL_MS while changes are pending, until none is', async () => {
    const { loads, run } = controlled();
    loads[0]!.resolve(refused);
    (await run.settle()).expectPaths('shown.waiting').expectSelected(selectWatching, true);
    (await run.advance(CHAT_SYNC_POLL_MS - 1).settle()).expectPaths('shown.waiting');
    expect(loads).toHaveLength(1);
    (await run.advance(1).settle()).expectPaths('loading').expectSelected(selectSyncState, refused);
    loads[1]!.resolve(waiting);
    (await run.settle()).expectPaths('shown.waiting').expectSelected(selectSyncState, waiting);
    run.advance(CHAT_SYNC_POLL_MS);
    loads[2]!.resolve(upToDate);
    (await run.settle()).expectPaths('shown.settled').expectSelected(selectWatching, false);
  });

  it('"Try now" shows the state the server answers, and keeps reading while it is pending', async () => {
    const { loads, retries, run } = controlled();
    loads[0]!.resolve(refused);
    (await run.settle()).send({ type: 'chatSync.retry' }).expectSelected(selectRetrying, true);
    retries[0]!.resolve(waiting);
    (await run.settle()).expectPaths('shown.waiting').expectSelected(selectSyncState, waiting);
  });

  it('says why a read failed, keeps the last state, and reads again when asked', async () => {
    const { loads, retries, run } = controlled();
    loads[0]!.resolve(waiting);
    (await run.settle()).send({ type: 'chatSync.retry' });
    retries[0]!.reject(new Error('Only the commissioner may bring the chat up to date'));
    (await run.settle())
      .expectPaths('failed')
      .expectSelected(selectSyncError, 'Only the commissioner may bring the chat up to date')
      .expectSelected(selectSyncState, waiting);
    (await run.advance(CHAT_SYNC_POLL_MS * 5).settle()).expectPaths('failed');
    run.send({ type: 'chatSync.reload' });
    loads[1]!.reject('offline');
    (await run.settle()).expectSelected(selectSyncError, 'Unknown error').send({ type: 'chatSync.retry' });
    retries[1]!.resolve(upToDate);
    (await run.settle()).expectPaths('shown.settled').expectSelected(selectSyncError, null);
  });
});

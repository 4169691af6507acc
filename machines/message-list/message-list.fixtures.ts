/**
 * The message list machine's test set-up, shared by its test files: controllable chat calls and
 * `start`, whose list reads the time from the harness's simulated clock.
 */
import { fromCallback, fromPromise, SimulatedClock, type EventObject, type NonReducibleUnknown } from 'xstate';
import { machineTest } from '../shared/machine-test';
import { messageListMachine } from './message-list.machine';
import { SETTLE_MS } from './message-list.rules';
import { selectViewState } from './message-list.selectors';
import type { MessageListInput, Pagination, RefreshResult } from './message-list.types';

export const latest: Pagination = { hasPrev: true, hasNext: false, isLatest: true };

/** A controllable stand-in for one chat call: each call is recorded and settled by the test. */
export function controlled<T, I = NonReducibleUnknown>() {
  const calls: { input: I; resolve: (value: T) => void; reject: (error: unknown) => void }[] = [];
  const actor = fromPromise<T, I>(
    ({ input }) => new Promise<T>((resolve, reject) => calls.push({ input, resolve, reject })),
  );
  return { calls, actor, last: () => calls[calls.length - 1]! };
}

export function start(input: Partial<MessageListInput> = {}) {
  const older = controlled<Pagination>();
  const newer = controlled<Pagination>();
  const around = controlled<Pagination, { messageId: string }>();
  const toLatest = controlled<Pagination>();
  const refresh = controlled<RefreshResult>();
  const markRead = controlled<unknown>();
  let tell: ((event: EventObject) => void) | undefined;
  const machine = messageListMachine.provide({
    actors: {
      loadOlder: older.actor,
      loadNewer: newer.actor,
      loadAround: around.actor,
      loadLatest: toLatest.actor,
      refresh: refresh.actor,
      markRead: markRead.actor,
      // Stands in for the client's `connection.recovered`, translated by the real actor.
      watchConnection: fromCallback<EventObject>(({ sendBack }) => void (tell = sendBack)),
    },
  });
  // One simulated clock runs the delays and is the time the list reads (`now`).
  const clock = new SimulatedClock();
  const run = machineTest(machine, {
    clock,
    input: { pagination: latest, unread: null, targetMessageId: null, now: () => clock.now(), ...input },
  });
  const snap = () => run.snapshot();
  /** Lets a freshly (re)built list settle: react-virtuoso shows its rows and has placed it. */
  const settle = () => run.send({ type: 'list.rendered' }).advance(SETTLE_MS);
  if (selectViewState(snap()) === 'settling') settle();
  return {
    run,
    settle,
    /** The connection came back: what the real `watchConnection` tells the list. */
    recover: () => tell?.({ type: 'connection.restored' }),
    older,
    newer,
    around,
    toLatest,
    refresh,
    markRead,
    snap,
  };
}

/**
 * The live-location manager's registry and watching: the active shares at start, following the
 * chat, expiry, location.stop, and positions sent at most once per throttle window.
 */
import { createActor, fromCallback, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { liveLocationMachine } from './live-location.machine';
import { UPDATE_THROTTLE_MS } from './live-location.rules';
import {
  selectError,
  selectIsLiveShare,
  selectIsWatching,
  selectLiveShares,
  selectPosition,
  selectRegistryState,
} from './live-location.selectors';
import type { LiveShare, ShareLocationInput, SharedLocation, StopLiveLocationInput } from './live-location.types';
import { iso, ownLive, settle, shareLive, start, T0 } from './live-location.fixtures';

describe('live location: registry and watching', () => {
  it('picks up the active shares at start (ended ones left out) and watches only while one exists', async () => {
    const h = start({
      active: [
        { messageId: 'old', channelCid: 'messaging:places', endAt: iso(T0 - 1) },
        { messageId: 'm1', channelCid: 'messaging:places', endAt: iso(T0 + 120_000) },
      ],
    });
    expect(selectRegistryState(h.snap())).toBe('loading');
    expect(h.calls.watchers).toBe(0);
    await settle();
    expect(selectLiveShares(h.snap()).map((s) => s.messageId)).toEqual(['m1']);
    expect(selectIsWatching(h.snap())).toBe(true);
    expect(selectRegistryState(h.snap())).toBe('watching');
    expect(h.calls.watchers).toBe(1);
  });

  it('starts idle without shares: no position watching at all', async () => {
    const h = start();
    await settle();
    expect(selectRegistryState(h.snap())).toBe('empty');
    expect(h.calls.watchers).toBe(0);
  });

  it('watching starts with the first live share and stops when the last one goes', async () => {
    const h = start();
    await settle();
    await shareLive(h, 'm1');
    expect(h.calls.watchers).toBe(1);
    await shareLive(h, 'm2');
    expect(h.calls.watchers).toBe(1);
    expect(selectLiveShares(h.snap()).map((s) => s.messageId)).toEqual(['m1', 'm2']);
    h.actor.send({ type: 'location.stop', messageId: 'm1' });
    expect(h.calls.watchers).toBe(1);
    h.actor.send({ type: 'location.stop', messageId: 'm2' });
    expect(h.calls.watchers).toBe(0);
    expect(selectIsWatching(h.snap())).toBe(false);
  });

  it(`sends positions at most once per ${UPDATE_THROTTLE_MS} ms, the latest one when the window ends`, async () => {
    const h = start();
    await settle();
    await shareLive(h, 'm1');
    h.move(52.1);
    await settle();
    expect(h.calls.updates).toEqual([
      {
        shares: [{ messageId: 'm1', channelCid: 'messaging:places', endAt: iso(T0 + 600_000) }],
        latitude: 52.1,
        longitude: 4.9,
        createdByDeviceId: 'phone',
        at: T0,
      },
    ]);
    h.clock.increment(1000);
    h.move(52.2);
    h.clock.increment(1000);
    h.move(52.3);
    h.clock.increment(999);
    await settle();
    expect(h.calls.updates).toHaveLength(1);
    h.clock.increment(1);
    await settle();
    expect(h.calls.updates.map((u) => [u.latitude, u.at - T0])).toEqual([
      [52.1, 0],
      [52.3, 3000],
    ]);
    expect(selectPosition(h.snap())).toEqual({ latitude: 52.3, longitude: 4.9 });
    // Nothing new in the next window: ready again, and the next position goes out at once.
    h.clock.increment(3000);
    h.clock.increment(500);
    h.move(52.4);
    await settle();
    expect(h.calls.updates.map((u) => [u.latitude, u.at - T0])).toEqual([
      [52.1, 0],
      [52.3, 3000],
      [52.4, 6500],
    ]);
    const gaps = h.calls.updates.slice(1).map((u, i) => u.at - h.calls.updates[i]!.at);
    expect(gaps.every((gap) => gap >= UPDATE_THROTTLE_MS)).toBe(true);
  });

  it('drops a share when it ends (the nearest end first), then stops watching', async () => {
    const h = start();
    await settle();
    await shareLive(h, 'long', 5 * 60_000);
    await shareLive(h, 'short', 60_000);
    h.clock.increment(60_000 - 1);
    expect(selectLiveShares(h.snap()).map((s) => s.messageId)).toEqual(['long', 'short']);
    h.clock.increment(1);
    expect(selectLiveShares(h.snap()).map((s) => s.messageId)).toEqual(['long']);
    expect(selectIsWatching(h.snap())).toBe(true);
    h.clock.increment(4 * 60_000 - 1);
    expect(selectIsLiveShare(h.snap(), 'long')).toBe(true);
    h.clock.increment(1);
    expect(selectLiveShares(h.snap())).toEqual([]);
    expect(selectIsWatching(h.snap())).toBe(false);
    expect(h.calls.watchers).toBe(0);
    // Ended on their own: nothing to stop on the server.
    expect(h.calls.stops).toEqual([]);
  });

  it('re-arms the expiry timer when a share with a nearer end arrives', async () => {
    const h = start();
    await settle();
    await shareLive(h, 'long', 10 * 60_000);
    h.clock.increment(1000);
    h.actor.send({ type: 'message.changed', message: ownLive('other-device', T0 + 1000 + 90_000) });
    expect(selectLiveShares(h.snap())).toHaveLength(2);
    h.clock.increment(90_000);
    expect(selectLiveShares(h.snap()).map((s) => s.messageId)).toEqual(['long']);
  });

  it('follows message.changed: keeps a live share, drops it once no longer live, ignores other users', async () => {
    const h = start();
    await settle();
    await shareLive(h, 'm1');
    h.actor.send({ type: 'message.changed', message: ownLive('bob-1', T0 + 600_000, 'bob') });
    expect(selectLiveShares(h.snap()).map((s) => s.messageId)).toEqual(['m1']);
    // Extended elsewhere: the new end counts.
    h.actor.send({ type: 'message.changed', message: ownLive('m1', T0 + 900_000) });
    expect(selectLiveShares(h.snap())[0]!.endAt).toBe(iso(T0 + 900_000));
    // Stopped elsewhere (end now) → no longer live.
    h.actor.send({ type: 'message.changed', message: ownLive('m1', T0) });
    expect(selectLiveShares(h.snap())).toEqual([]);
    expect(h.calls.watchers).toBe(0);
    await shareLive(h, 'm2');
    h.actor.send({
      type: 'message.changed',
      message: { ...ownLive('m2', 0), shared_location: { channel_cid: 'messaging:places' } },
    });
    expect(selectLiveShares(h.snap())).toEqual([]);
  });

  it('drops a share whose message is deleted (and one updated to deleted)', async () => {
    const h = start();
    await settle();
    await shareLive(h, 'm1');
    await shareLive(h, 'm2');
    h.actor.send({ type: 'message.removed', message: { id: 'm1', type: 'deleted' } });
    h.actor.send({ type: 'message.removed', message: { id: 'unknown' } });
    expect(selectLiveShares(h.snap()).map((s) => s.messageId)).toEqual(['m2']);
    h.actor.send({ type: 'message.changed', message: { ...ownLive('m2', T0 + 600_000), type: 'deleted' } });
    expect(selectLiveShares(h.snap())).toEqual([]);
    expect(h.calls.stops).toEqual([]);
  });

  it('location.stop ends the share on the server too; an unknown id does nothing', async () => {
    const h = start();
    await settle();
    await shareLive(h, 'm1');
    h.actor.send({ type: 'location.stop', messageId: 'nope' });
    h.actor.send({ type: 'location.stop', messageId: 'm1' });
    await settle();
    expect(h.calls.stops).toEqual([{ messageId: 'm1', channelCid: 'messaging:places', createdByDeviceId: 'phone' }]);
    expect(selectLiveShares(h.snap())).toEqual([]);
  });

  it('follows the chat while the active shares are still loading', async () => {
    let release: (shares: LiveShare[]) => void = () => undefined;
    const h = start();
    const machine = liveLocationMachine.provide({
      actors: {
        fetchLiveShares: fromPromise(() => new Promise<LiveShare[]>((resolve) => (release = resolve))),
        shareLocation: fromPromise<SharedLocation, ShareLocationInput>(async ({ input }) => ({
          messageId: input.messageId,
          channelCid: input.channelCid,
          endAt: input.endAt ?? null,
        })),
        stopLiveLocation: fromPromise<void, StopLiveLocationInput>(async ({ input }) => {
          h.calls.stops.push(input);
        }),
        watchPosition: fromCallback(() => undefined),
      },
    });
    const actor = createActor(machine, {
      clock: h.clock,
      input: { userId: 'alice', deviceId: 'phone', now: () => h.clock.now() },
    }).start();
    actor.send({
      type: 'location.share',
      channelCid: 'messaging:places',
      messageId: 'a',
      durationMs: 600_000,
      coords: { latitude: 1, longitude: 1 },
    });
    await settle();
    actor.send({ type: 'message.changed', message: ownLive('b', T0 + 600_000) });
    actor.send({ type: 'message.changed', message: ownLive('c', T0 + 600_000) });
    actor.send({ type: 'message.removed', message: { id: 'c' } });
    actor.send({ type: 'location.stop', messageId: 'b' });
    actor.send({ type: 'message.changed', message: ownLive('a', T0 + 700_000) });
    expect(selectRegistryState(actor.getSnapshot())).toBe('loading');
    release([
      { messageId: 'a', channelCid: 'messaging:places', endAt: iso(T0 + 600_000) },
      { messageId: 'd', channelCid: 'messaging:places', endAt: iso(T0 + 300_000) },
    ]);
    await settle();
    expect(selectRegistryState(actor.getSnapshot())).toBe('watching');
    expect(selectLiveShares(actor.getSnapshot())).toEqual([
      { messageId: 'd', channelCid: 'messaging:places', endAt: iso(T0 + 300_000) },
      { messageId: 'a', channelCid: 'messaging:places', endAt: iso(T0 + 700_000) },
    ]);
    expect(h.calls.stops.map((s) => s.messageId)).toEqual(['b']);
  });

  it("a failed listing still lets the registry run; 'Failed to retrieve location' from the watcher clears with the next position", async () => {
    const h = start();
    const machine = liveLocationMachine.provide({
      actors: { fetchLiveShares: fromPromise(() => Promise.reject(new Error('offline'))) },
    });
    const actor = createActor(machine, { clock: h.clock, input: { userId: 'alice', deviceId: 'phone' } }).start();
    await settle();
    expect(selectRegistryState(actor.getSnapshot())).toBe('empty');
    actor.stop();

    await settle();
    await shareLive(h, 'm1');
    h.fail();
    expect(selectError(h.snap())).toEqual({ key: 'chat.liveLocation.retrieveFailed' });
    h.move(10);
    expect(selectError(h.snap())).toBeNull();
    h.fail();
    h.move(11);
    expect(selectError(h.snap())).toBeNull();
  });
});

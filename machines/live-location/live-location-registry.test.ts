/**
 * The live-location manager's registry and watching: the active shares at start, following the
 * chat, expiry, location.stop, and positions sent at most once per throttle window.
 */
import { fromCallback, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { machineTest } from '../shared/machine-test';
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
import { iso, ownLive, shareIds, shareLive, start, T0 } from './live-location.fixtures';

const watching = (updates: 'ready' | 'throttled') => [
  'sharing.idle',
  'registry.watching.expiry.scheduled',
  `registry.watching.updates.${updates}`,
];

describe('live location: registry and watching', () => {
  it('picks up the active shares at start (ended ones left out) and watches only while one exists', async () => {
    const h = start({
      active: [
        { messageId: 'old', channelCid: 'messaging:places', endAt: iso(T0 - 1) },
        { messageId: 'm1', channelCid: 'messaging:places', endAt: iso(T0 + 120_000) },
      ],
    });
    h.run.expectSelected(selectRegistryState, 'loading');
    expect(h.calls.watchers).toBe(0);
    await h.run.settle();
    h.run
      .expectSelected(shareIds, ['m1'])
      .expectSelected(selectIsWatching, true)
      .expectSelected(selectRegistryState, 'watching')
      .expectPaths(...watching('ready'));
    expect(h.calls.watchers).toBe(1);
  });

  it('starts idle without shares: no position watching at all', async () => {
    const h = start();
    await h.run.settle();
    h.run.expectSelected(selectRegistryState, 'empty');
    expect(h.calls.watchers).toBe(0);
  });

  it('watching starts with the first live share and stops when the last one goes', async () => {
    const h = start();
    await h.run.settle();
    await shareLive(h, 'm1');
    expect(h.calls.watchers).toBe(1);
    await shareLive(h, 'm2');
    expect(h.calls.watchers).toBe(1);
    h.run.expectSelected(shareIds, ['m1', 'm2']).send({ type: 'location.stop', messageId: 'm1' });
    expect(h.calls.watchers).toBe(1);
    h.run.send({ type: 'location.stop', messageId: 'm2' });
    expect(h.calls.watchers).toBe(0);
    h.run.expectSelected(selectIsWatching, false);
  });

  it(`sends positions at most once per ${UPDATE_THROTTLE_MS} ms, the latest one when the window ends`, async () => {
    const h = start();
    await h.run.settle();
    await shareLive(h, 'm1');
    h.move(52.1);
    await h.run.settle();
    expect(h.calls.updates).toEqual([
      {
        shares: [{ messageId: 'm1', channelCid: 'messaging:places', endAt: iso(T0 + 600_000) }],
        latitude: 52.1,
        longitude: 4.9,
        createdByDeviceId: 'phone',
        at: T0,
      },
    ]);
    h.run.expectPaths(...watching('throttled')).advance(1000);
    h.move(52.2);
    h.run.advance(1000);
    h.move(52.3);
    await h.run.advance(999).settle();
    expect(h.calls.updates).toHaveLength(1);
    await h.run.advance(1).settle();
    expect(h.calls.updates.map((u) => [u.latitude, u.at - T0])).toEqual([
      [52.1, 0],
      [52.3, 3000],
    ]);
    h.run.expectSelected(selectPosition, { latitude: 52.3, longitude: 4.9 });
    // Nothing new in the next window: ready again, and the next position goes out at once.
    h.run
      .advance(3000)
      .expectPaths(...watching('ready'))
      .advance(500);
    h.move(52.4);
    await h.run.settle();
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
    await h.run.settle();
    await shareLive(h, 'long', 5 * 60_000);
    await shareLive(h, 'short', 60_000);
    h.run
      .advance(60_000 - 1)
      .expectSelected(shareIds, ['long', 'short'])
      .advance(1)
      .expectSelected(shareIds, ['long'])
      .expectSelected(selectIsWatching, true)
      .advance(4 * 60_000 - 1)
      .expectSelected((snapshot) => selectIsLiveShare(snapshot, 'long'), true)
      .advance(1)
      .expectSelected(selectLiveShares, [])
      .expectSelected(selectIsWatching, false);
    expect(h.calls.watchers).toBe(0);
    // Ended on their own: nothing to stop on the server.
    expect(h.calls.stops).toEqual([]);
  });

  it('re-arms the expiry timer when a share with a nearer end arrives', async () => {
    const h = start();
    await h.run.settle();
    await shareLive(h, 'long', 10 * 60_000);
    h.run
      .advance(1000)
      .send({ type: 'message.changed', message: ownLive('other-device', T0 + 1000 + 90_000) })
      .expectSelected((snapshot) => selectLiveShares(snapshot).length, 2)
      .advance(90_000)
      .expectSelected(shareIds, ['long']);
  });

  it('follows message.changed: keeps a live share, drops it once no longer live, ignores other users', async () => {
    const h = start();
    await h.run.settle();
    await shareLive(h, 'm1');
    h.run
      .send({ type: 'message.changed', message: ownLive('bob-1', T0 + 600_000, 'bob') })
      .expectSelected(shareIds, ['m1'])
      // Extended elsewhere: the new end counts.
      .send({ type: 'message.changed', message: ownLive('m1', T0 + 900_000) })
      .expectSelected((snapshot) => selectLiveShares(snapshot)[0]?.endAt, iso(T0 + 900_000))
      // Stopped elsewhere (end now) → no longer live.
      .send({ type: 'message.changed', message: ownLive('m1', T0) })
      .expectSelected(selectLiveShares, []);
    expect(h.calls.watchers).toBe(0);
    await shareLive(h, 'm2');
    h.run
      .send({
        type: 'message.changed',
        message: { ...ownLive('m2', 0), shared_location: { channel_cid: 'messaging:places' } },
      })
      .expectSelected(selectLiveShares, []);
  });

  it('drops a share whose message is deleted (and one updated to deleted)', async () => {
    const h = start();
    await h.run.settle();
    await shareLive(h, 'm1');
    await shareLive(h, 'm2');
    h.run
      .send({ type: 'message.removed', message: { id: 'm1', type: 'deleted' } })
      .send({ type: 'message.removed', message: { id: 'unknown' } })
      .expectSelected(shareIds, ['m2'])
      .send({ type: 'message.changed', message: { ...ownLive('m2', T0 + 600_000), type: 'deleted' } })
      .expectSelected(selectLiveShares, []);
    expect(h.calls.stops).toEqual([]);
  });

  it('location.stop ends the share on the server too; an unknown id does nothing', async () => {
    const h = start();
    await h.run.settle();
    await shareLive(h, 'm1');
    await h.run.send({ type: 'location.stop', messageId: 'nope' }, { type: 'location.stop', messageId: 'm1' }).settle();
    expect(h.calls.stops).toEqual([{ messageId: 'm1', channelCid: 'messaging:places', createdByDeviceId: 'phone' }]);
    h.run.expectSelected(selectLiveShares, []);
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
    const run = machineTest(machine, {
      clock: h.clock,
      input: { userId: 'alice', deviceId: 'phone', now: () => h.clock.now() },
    });
    await run
      .send({
        type: 'location.share',
        channelCid: 'messaging:places',
        messageId: 'a',
        durationMs: 600_000,
        coords: { latitude: 1, longitude: 1 },
      })
      .settle();
    run
      .send(
        { type: 'message.changed', message: ownLive('b', T0 + 600_000) },
        { type: 'message.changed', message: ownLive('c', T0 + 600_000) },
        { type: 'message.removed', message: { id: 'c' } },
        { type: 'location.stop', messageId: 'b' },
        { type: 'message.changed', message: ownLive('a', T0 + 700_000) },
      )
      .expectSelected(selectRegistryState, 'loading');
    release([
      { messageId: 'a', channelCid: 'messaging:places', endAt: iso(T0 + 600_000) },
      { messageId: 'd', channelCid: 'messaging:places', endAt: iso(T0 + 300_000) },
    ]);
    (await run.settle()).expectSelected(selectRegistryState, 'watching').expectSelected(selectLiveShares, [
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
    const offline = machineTest(machine, { clock: h.clock, input: { userId: 'alice', deviceId: 'phone' } });
    (await offline.settle()).expectSelected(selectRegistryState, 'empty').stop();

    await h.run.settle();
    await shareLive(h, 'm1');
    h.fail();
    h.run.expectSelected(selectError, { key: 'chat.liveLocation.retrieveFailed' });
    h.move(10);
    h.run.expectSelected(selectError, null);
    h.fail();
    h.move(11);
    h.run.expectSelected(selectError, null);
  });
});

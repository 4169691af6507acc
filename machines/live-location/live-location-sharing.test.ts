/** The live-location manager's sharing: static and live shares, locating first, and the errors. */
import { describe, expect, it } from 'vitest';
import { MIN_LIVE_LOCATION_MS } from './live-location.rules';
import {
  selectError,
  selectIsLocating,
  selectIsSharing,
  selectIsUnavailable,
  selectIsWatching,
  selectLiveShares,
} from './live-location.selectors';
import { iso, ownLive, shareLive, start, T0 } from './live-location.fixtures';

describe('live location: sharing', () => {
  it('a static share sends a location message without an end and registers nothing', async () => {
    const h = start();
    await h.run.settle();
    h.run
      .send({
        type: 'location.share',
        channelCid: 'messaging:places',
        messageId: 'm1',
        coords: { latitude: 48.85, longitude: 2.35 },
      })
      .expectSelected(selectIsSharing, true);
    await h.run.settle();
    expect(h.calls.shares).toEqual([
      { channelCid: 'messaging:places', messageId: 'm1', latitude: 48.85, longitude: 2.35, createdByDeviceId: 'phone' },
    ]);
    h.run
      .expectSelected(selectIsSharing, false)
      .expectSelected(selectLiveShares, [])
      .expectSelected(selectIsWatching, false)
      .expectPaths('sharing.idle', 'registry.empty');
    expect(h.calls.watchers).toBe(0);
  });

  it('locates the device first when no position is given', async () => {
    const h = start({ here: { latitude: 40.41, longitude: -3.7 } });
    h.run
      .send({ type: 'location.share', channelCid: 'messaging:places', messageId: 'm1' })
      .expectSelected(selectIsLocating, true);
    await h.run.settle();
    expect(h.calls.located).toBe(1);
    expect(h.calls.shares[0]).toMatchObject({ latitude: 40.41, longitude: -3.7 });
  });

  it("'Failed to retrieve location' when the device cannot be located; nothing is sent", async () => {
    const h = start({ here: new Error('User denied Geolocation') });
    h.run.send({ type: 'location.share', channelCid: 'messaging:places', messageId: 'm1', durationMs: 60_000 });
    await h.run.settle();
    h.run
      .expectSelected(selectError, { key: 'chat.liveLocation.retrieveFailed' })
      .expectSelected(selectIsSharing, false);
    expect(h.calls.shares).toEqual([]);
    h.run.send({ type: 'location.dismissError' }).expectSelected(selectError, null);
  });

  it("'Failed to share the location' (api:location:create:failed) with the reason", async () => {
    const h = start({ share: () => Promise.reject(new Error('latitude must be between -90 and 90')) });
    await shareLive(h, 'm1');
    h.run
      .expectSelected(selectError, {
        key: 'chat.liveLocation.shareFailed',
        values: { reason: 'latitude must be between -90 and 90' },
        type: 'api:location:create:failed',
      })
      .expectSelected(selectLiveShares, [])
      .expectSelected(selectIsWatching, false);

    const quiet = start({ share: () => Promise.reject(new Error('')) });
    await shareLive(quiet, 'm2');
    quiet.run.expectSelected(selectError, {
      key: 'chat.liveLocation.shareFailed',
      type: 'api:location:create:failed',
    });
  });

  it(`refuses a live share shorter than ${MIN_LIVE_LOCATION_MS} ms without asking the server`, async () => {
    const h = start();
    await h.run.settle();
    await shareLive(h, 'm1', MIN_LIVE_LOCATION_MS - 1);
    expect(h.calls.shares).toEqual([]);
    h.run.expectSelected(selectError, { key: 'chat.liveLocation.tooShort', values: { seconds: 60 } });
    await shareLive(h, 'm1', MIN_LIVE_LOCATION_MS);
    h.run.expectSelected(selectError, null);
    expect(h.calls.shares[0]!.endAt).toBe(iso(T0 + MIN_LIVE_LOCATION_MS));
    h.run.expectSelected(selectLiveShares, [
      { messageId: 'm1', channelCid: 'messaging:places', endAt: iso(T0 + MIN_LIVE_LOCATION_MS) },
    ]);
  });

  it("live sharing needs a client user id: 'Live-location sharing is reserved for client-side use only'", async () => {
    const h = start({ userId: null });
    await h.run.settle();
    h.run
      .expectPaths('sharing.idle', 'registry.unavailable')
      .expectSelected(selectIsUnavailable, true)
      .expectSelected(selectError, { key: 'chat.liveLocation.clientSideOnly' })
      .send({ type: 'location.dismissError' });
    await shareLive(h, 'm1');
    expect(h.calls.shares).toEqual([]);
    h.run.expectSelected(selectError, { key: 'chat.liveLocation.clientSideOnly' });
    // A static share is still a plain message.
    h.run.send({
      type: 'location.share',
      channelCid: 'messaging:places',
      messageId: 'm2',
      coords: { latitude: 1, longitude: 2 },
    });
    await h.run.settle();
    expect(h.calls.shares).toHaveLength(1);
    h.run.send({ type: 'message.changed', message: ownLive('m3', T0 + 600_000) }).expectSelected(selectLiveShares, []);
    expect(h.calls.watchers).toBe(0);
  });

  it('ignores a second share while one is being made', async () => {
    const h = start();
    h.run
      .send({ type: 'location.share', channelCid: 'messaging:places', messageId: 'm1' })
      .send({ type: 'location.share', channelCid: 'messaging:places', messageId: 'm2' });
    await h.run.settle();
    expect(h.calls.shares.map((s) => s.messageId)).toEqual(['m1']);
  });
});

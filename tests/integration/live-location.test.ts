/**
 * The live-location manager with its real actors (a connected stream-chat client) against the
 * chat sandbox. The device position comes from a fake geolocation the test moves; the manager's
 * timers (throttle, expiry) run on a SimulatedClock set to the real time at start, so the test
 * moves time on explicitly instead of waiting.
 */
import { randomUUID } from 'node:crypto';
import type { Channel, Event, StreamChat } from 'stream-chat';
import { createActor, SimulatedClock, waitFor } from 'xstate';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { liveLocationMachine } from '../../machines/live-location/live-location.machine';
import {
  selectError,
  selectIsLiveShare,
  selectIsSharing,
  selectIsUnavailable,
  selectIsWatching,
  selectLiveShares,
} from '../../machines/live-location/live-location.selectors';
import type { Coords } from '../../machines/live-location/live-location.types';
import { createLiveLocationActors } from '../../src/lib/actors/live-location-actors';
import {
  connectClient,
  nextEvent,
  recordEvents,
  serverClient,
  settle,
  startChatServer,
  type ChatServer,
} from '../support/chat.js';
import { FakeGeolocation } from '../support/fake-geolocation';

const CID = 'messaging:live-places';

describe('live-location manager against the chat sandbox', () => {
  let server: ChatServer;
  let alice: StreamChat;
  let bob: StreamChat;
  let bobRoom: Channel;
  const running: { stop(): void }[] = [];
  const sandbox = () => server.app.chatSandbox!;

  beforeAll(async () => {
    server = await startChatServer();
    alice = await connectClient(server, 'alice', 'Alice Adams');
    bob = await connectClient(server, 'bob', 'Bob Brown');
    await alice.channel('messaging', 'live-places', { members: ['alice', 'bob'] }).watch();
    bobRoom = bob.channel('messaging', 'live-places');
    await bobRoom.watch();
  });
  afterEach(async () => {
    running.splice(0).forEach((actor) => actor.stop());
    // Each test starts with no live share left on the service (one dropped by time here is still live there).
    const { active_live_locations } = await alice.getSharedLocations();
    for (const location of active_live_locations)
      await alice.updateLocation({ message_id: location.message_id, end_at: new Date().toISOString() });
  });
  afterAll(() => server.close());

  /** A manager for `client`; `behindMs` sets its clock that far behind the real time. */
  async function startManager(client: StreamChat = alice, behindMs = 0) {
    const geolocation = new FakeGeolocation();
    const clock = new SimulatedClock();
    clock.set(Date.now() - behindMs);
    const machine = liveLocationMachine.provide({ actors: createLiveLocationActors({ client, geolocation }) });
    const actor = createActor(machine, {
      clock,
      input: { userId: client.userID, deviceId: 'alice-phone', now: () => clock.now() },
    }).start();
    running.push(actor);
    await waitFor(actor, (s) => !s.matches({ registry: 'loading' }), { timeout: 5000 });
    const share = async (durationMs?: number, coords?: Coords) => {
      const messageId = randomUUID();
      actor.send({ type: 'location.share', channelCid: CID, messageId, durationMs, coords });
      await waitFor(actor, (s) => !selectIsSharing(s), { timeout: 5000 });
      return messageId;
    };
    return { actor, clock, geolocation, share };
  }

  it('a static share sends a location message (no end) that Bob receives; nothing is registered or watched', async () => {
    const { actor, geolocation, share } = await startManager();
    const bobSees = nextEvent(bob, 'message.new', 3000, (e) => Boolean(e.message?.shared_location));
    const messageId = await share(undefined, { latitude: 48.8566, longitude: 2.3522 });
    expect(selectError(actor.getSnapshot())).toBeNull();
    const event = await bobSees;
    expect(event.message?.id).toBe(messageId);
    expect(event.message?.shared_location).toMatchObject({
      message_id: messageId,
      latitude: 48.8566,
      longitude: 2.3522,
      user_id: 'alice',
      created_by_device_id: 'alice-phone',
    });
    expect(event.message?.shared_location?.end_at).toBeUndefined();
    expect(selectLiveShares(actor.getSnapshot())).toEqual([]);
    expect(selectIsWatching(actor.getSnapshot())).toBe(false);
    expect(geolocation.watchers.size).toBe(0);
  });

  it('a live share registers and watches; positions reach Bob as message.updated at most once per 3 s; stop ends it', async () => {
    const { actor, clock, geolocation, share } = await startManager();
    // No position given: the manager locates the device first.
    const messageId = await share(10 * 60_000);
    expect(selectError(actor.getSnapshot())).toBeNull();
    await waitFor(actor, (s) => selectIsLiveShare(s, messageId), { timeout: 5000 });
    expect(selectIsWatching(actor.getSnapshot())).toBe(true);
    expect(geolocation.watchers.size).toBe(1);
    const stored = sandbox().store.messages.get(messageId)!.shared_location!;
    expect(stored).toMatchObject({ latitude: 52.3676, longitude: 4.9041, created_by_device_id: 'alice-phone' });
    expect(Date.parse(String(stored.end_at))).toBe(clock.now() + 10 * 60_000);

    const updates = recordEvents(bob, 'message.updated');
    const latitudes = () =>
      updates.filter((e) => e.message?.id === messageId).map((e: Event) => e.message?.shared_location?.latitude);
    const first = nextEvent(bob, 'message.updated', 3000, (e) => e.message?.shared_location?.latitude === 52.37);
    geolocation.move(52.37, 4.9);
    await first;
    // Within the throttle window: held back, and only the latest goes out when it ends.
    geolocation.move(52.38, 4.9);
    geolocation.move(52.39, 4.91);
    await settle(300);
    expect(latitudes()).toEqual([52.37]);
    const third = nextEvent(bob, 'message.updated', 3000, (e) => e.message?.shared_location?.latitude === 52.39);
    clock.increment(3000);
    expect((await third).message?.shared_location).toMatchObject({ latitude: 52.39, longitude: 4.91 });
    expect(latitudes()).toEqual([52.37, 52.39]);
    expect(sandbox().store.messages.get(messageId)!.shared_location).toMatchObject({ latitude: 52.39 });

    // Stop: ended on the server (end now), dropped here, watching ends.
    const stopped = nextEvent(
      bob,
      'message.updated',
      3000,
      (e) => e.message?.id === messageId && e.message.shared_location?.latitude === 52.39,
    );
    actor.send({ type: 'location.stop', messageId });
    expect(selectLiveShares(actor.getSnapshot())).toEqual([]);
    expect(selectIsWatching(actor.getSnapshot())).toBe(false);
    expect(geolocation.watchers.size).toBe(0);
    expect(Date.parse((await stopped).message!.shared_location!.end_at!)).toBeLessThanOrEqual(Date.now());
    expect((await alice.getSharedLocations()).active_live_locations).toEqual([]);
  });

  it('a live share is dropped when it ends, without a server call', async () => {
    const { actor, clock, geolocation, share } = await startManager();
    const messageId = await share(60_000, { latitude: 40.4168, longitude: -3.7038 });
    await waitFor(actor, (s) => selectIsLiveShare(s, messageId), { timeout: 5000 });
    clock.increment(59_999);
    expect(selectIsLiveShare(actor.getSnapshot(), messageId)).toBe(true);
    clock.increment(1);
    expect(selectLiveShares(actor.getSnapshot())).toEqual([]);
    expect(geolocation.watchers.size).toBe(0);
    // Ended here by time alone: the service still holds its own end.
    expect(sandbox().store.messages.get(messageId)!.shared_location!.end_at).toBeDefined();
  });

  it('a live share is dropped when its message is deleted (message.deleted from the chat)', async () => {
    const { actor, geolocation, share } = await startManager();
    const messageId = await share(5 * 60_000, { latitude: 1, longitude: 1 });
    await waitFor(actor, (s) => selectIsLiveShare(s, messageId), { timeout: 5000 });
    await alice.deleteMessage(messageId);
    await waitFor(actor, (s) => !selectIsLiveShare(s, messageId), { timeout: 5000 });
    expect(geolocation.watchers.size).toBe(0);
  });

  it('picks up a live share made elsewhere: from GET /users/live_locations at start, and from message.updated', async () => {
    const elsewhere = await startManager();
    const early = await elsewhere.share(5 * 60_000, { latitude: 2, longitude: 2 });
    elsewhere.actor.stop();

    const { actor, clock } = await startManager();
    expect(selectLiveShares(actor.getSnapshot()).map((s) => s.messageId)).toEqual([early]);
    expect(selectIsWatching(actor.getSnapshot())).toBe(true);
    // Stopped from another device: the service's message.updated carries the end (the service's
    // now); the manager's clock stands still here, so the share ends once that clock passes it.
    await alice.channel('messaging', 'live-places').stopLiveLocationSharing({ message_id: early });
    const ended = await waitFor(actor, (s) => Date.parse(selectLiveShares(s)[0]!.endAt) <= Date.now(), {
      timeout: 5000,
    });
    expect(Date.parse(selectLiveShares(ended)[0]!.endAt) - clock.now()).toBeLessThan(5000);
    clock.increment(5000);
    expect(selectLiveShares(actor.getSnapshot())).toEqual([]);
    expect(selectIsWatching(actor.getSnapshot())).toBe(false);

    // A live share of Alice's made on another device shows up through message.updated too.
    const other = randomUUID();
    await alice.channel('messaging', 'live-places').sendSharedLocation({
      message_id: other,
      latitude: 3,
      longitude: 3,
      created_by_device_id: 'alice-tablet',
      end_at: new Date(Date.now() + 5 * 60_000).toISOString(),
    });
    expect(selectIsLiveShare(actor.getSnapshot(), other)).toBe(false);
    await alice.updateLocation({ message_id: other, latitude: 3.1, longitude: 3 });
    await waitFor(actor, (s) => selectIsLiveShare(s, other), { timeout: 5000 });
  });

  it('refuses a live share shorter than 60 s without asking the service', async () => {
    const { actor, share } = await startManager();
    const before = sandbox().store.messages.size;
    const messageId = await share(59_000, { latitude: 1, longitude: 1 });
    expect(selectError(actor.getSnapshot())).toEqual({ key: 'chat.liveLocation.tooShort', values: { seconds: 60 } });
    expect(sandbox().store.messages.has(messageId)).toBe(false);
    expect(sandbox().store.messages.size).toBe(before);
  });

  it("'Failed to share the location' when the service refuses (a device clock 30 s behind makes 60 s too short)", async () => {
    const { actor, share } = await startManager(alice, 30_000);
    const messageId = await share(60_000, { latitude: 1, longitude: 1 });
    const error = selectError(actor.getSnapshot());
    expect(error).toMatchObject({ key: 'chat.liveLocation.shareFailed', type: 'api:location:create:failed' });
    expect(error?.values?.reason).toContain('at least 60 seconds');
    expect(sandbox().store.messages.has(messageId)).toBe(false);
    expect(selectLiveShares(actor.getSnapshot())).toEqual([]);
  });

  it("without a connected user (server-side client): 'Live-location sharing is reserved for client-side use only'", async () => {
    const { actor, share } = await startManager(serverClient(server));
    expect(selectIsUnavailable(actor.getSnapshot())).toBe(true);
    expect(selectError(actor.getSnapshot())).toEqual({ key: 'chat.liveLocation.clientSideOnly' });
    actor.send({ type: 'location.dismissError' });
    const messageId = await share(10 * 60_000, { latitude: 1, longitude: 1 });
    expect(selectError(actor.getSnapshot())).toEqual({ key: 'chat.liveLocation.clientSideOnly' });
    expect(sandbox().store.messages.has(messageId)).toBe(false);
  });
});

import { randomUUID } from 'node:crypto';
import { LiveLocationManager, type Channel, type StreamChat, type WatchLocationHandler } from 'stream-chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../support/engines.js';
import {
  connectClient,
  nextEvent,
  rawChat,
  recordEvents,
  settle,
  startChatServer,
  type ChatServer,
} from '../support/chat.js';

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

describe.each(ENGINES)('chat shared and live locations on $name', (engine) => {
  let server: ChatServer;
  let alice: StreamChat;
  let bob: StreamChat;
  let aliceRoom: Channel;
  let bobRoom: Channel;

  const sandbox = () => server.app.chatSandbox!;
  const stateOf = (channel: Channel, id: string) => channel.state.messages.find((m) => m.id === id);
  const shareLive = async (minutes = 10, device = 'alice-phone') => {
    const id = randomUUID();
    const { message } = await aliceRoom.sendSharedLocation({
      message_id: id,
      latitude: 52.3676,
      longitude: 4.9041,
      created_by_device_id: device,
      end_at: inMinutes(minutes),
    });
    return message;
  };

  beforeAll(async () => {
    server = await startChatServer(engine);
    alice = await connectClient(server, 'alice', 'Alice Adams');
    bob = await connectClient(server, 'bob', 'Bob Brown');
    aliceRoom = alice.channel('messaging', 'places', { members: ['alice', 'bob'] });
    await aliceRoom.watch();
    bobRoom = bob.channel('messaging', 'places');
    await bobRoom.watch();
  });
  afterAll(() => server.close());

  it('shares a static location: stored as a SharedLocationResponse and delivered with message.new', async () => {
    const id = randomUUID();
    const bobSees = nextEvent(bob, 'message.new', 3000, (e) => e.message?.id === id);
    const { message } = await aliceRoom.sendSharedLocation({
      message_id: id,
      latitude: 48.8566,
      longitude: 2.3522,
      created_by_device_id: 'alice-laptop',
    });
    expect(message.id).toBe(id);
    expect(message.shared_location).toEqual({
      channel_cid: 'messaging:places',
      message_id: id,
      user_id: 'alice',
      latitude: 48.8566,
      longitude: 2.3522,
      created_by_device_id: 'alice-laptop',
      created_at: message.created_at,
      updated_at: message.created_at,
    });
    const event = await bobSees;
    expect(event).toMatchObject({ cid: 'messaging:places', channel_id: 'places', channel_type: 'messaging' });
    expect(event.message?.shared_location).toMatchObject({ latitude: 48.8566, longitude: 2.3522, user_id: 'alice' });
    expect(stateOf(bobRoom, id)?.shared_location).toMatchObject({ latitude: 48.8566 });
    // A static share is never "active".
    const listed = await alice.getSharedLocations();
    expect(listed.active_live_locations.map((l) => l.message_id)).not.toContain(id);
    expect(sandbox().store.messages.get(id)?.shared_location).toMatchObject({ latitude: 48.8566 });
  });

  it('shares a live location, lists it, shows it in channel state, and follows every update', async () => {
    const started = nextEvent(alice, 'live_location_sharing.started');
    const message = await shareLive();
    expect((await started).message?.id).toBe(message.id);
    const live = message.shared_location!;
    expect(live).toMatchObject({ user_id: 'alice', created_by_device_id: 'alice-phone', end_at: expect.any(String) });
    expect(Date.parse(live.end_at!)).toBeGreaterThan(Date.now() + 9 * 60_000);

    const mine = await alice.getSharedLocations();
    expect(mine.active_live_locations).toEqual([live]);
    expect((await bob.getSharedLocations()).active_live_locations).toEqual([]);

    const state = await bob.channel('messaging', 'places').query({ messages: { limit: 5 } });
    expect(state.active_live_locations).toEqual([live]);

    const updates = recordEvents(bob, 'message.updated');
    const first = nextEvent(bob, 'message.updated', 3000, (e) => e.message?.shared_location?.latitude === 52.37);
    const moved = await alice.updateLocation({ message_id: message.id, latitude: 52.37, longitude: 4.9 });
    expect(moved).toMatchObject({
      message_id: message.id,
      channel_cid: 'messaging:places',
      user_id: 'alice',
      latitude: 52.37,
      longitude: 4.9,
      end_at: live.end_at,
      created_at: live.created_at,
      created_by_device_id: 'alice-phone',
    });
    expect(moved.updated_at > live.updated_at).toBe(true);
    const event = await first;
    expect(event).toMatchObject({ cid: 'messaging:places', channel_id: 'places', channel_type: 'messaging' });
    expect(event.message?.id).toBe(message.id);
    expect(event.user?.id).toBe('alice');

    const second = nextEvent(bob, 'message.updated', 3000, (e) => e.message?.shared_location?.latitude === 52.38);
    await alice.updateLocation({ message_id: message.id, latitude: 52.38 });
    expect((await second).message?.shared_location).toMatchObject({ latitude: 52.38, longitude: 4.9 });
    expect(updates.map((e) => e.message?.shared_location?.latitude)).toEqual([52.37, 52.38]);
    expect(stateOf(bobRoom, message.id)?.shared_location).toMatchObject({ latitude: 52.38, longitude: 4.9 });

    // Stopping ends the share now.
    const stopped = nextEvent(bob, 'message.updated', 3000, (e) => e.message?.id === message.id);
    const aliceStopped = nextEvent(alice, 'live_location_sharing.stopped');
    await aliceRoom.stopLiveLocationSharing({ message_id: message.id });
    expect((await aliceStopped).live_location?.message_id).toBe(message.id);
    const end = Date.parse((await stopped).message!.shared_location!.end_at!);
    expect(end).toBeLessThanOrEqual(Date.now());
    expect((await alice.getSharedLocations()).active_live_locations).toEqual([]);
    const after = await bob.channel('messaging', 'places').query({ messages: { limit: 5 } });
    expect(after.active_live_locations).toEqual([]);

    expect(sandbox().store.messages.get(message.id)?.shared_location).toMatchObject({ latitude: 52.38 });
  });

  it("drives the client's LiveLocationManager: registers the share, sends position updates, drops it on stop", async () => {
    let onPosition: WatchLocationHandler | null = null;
    const manager = new LiveLocationManager({
      client: alice,
      getDeviceId: () => 'alice-tablet',
      watchLocation: (handler) => {
        onPosition = handler;
        return () => {
          onPosition = null;
        };
      },
    });
    await manager.init();
    expect(manager.stateIsReady).toBe(true);
    expect(manager.messages.size).toBe(0);

    const message = await shareLive(5, 'alice-tablet');
    await settle();
    expect([...manager.messages.keys()]).toEqual([message.id]);
    expect(onPosition).not.toBeNull();

    const bobSees = nextEvent(bob, 'message.updated', 3000, (e) => e.message?.shared_location?.latitude === 40.4168);
    onPosition!({ latitude: 40.4168, longitude: -3.7038 });
    expect((await bobSees).message?.shared_location).toMatchObject({
      latitude: 40.4168,
      longitude: -3.7038,
      created_by_device_id: 'alice-tablet',
    });

    await aliceRoom.stopLiveLocationSharing({ message_id: message.id });
    await settle();
    expect(manager.messages.size).toBe(0);
    expect(onPosition).toBeNull();
    manager.unregisterSubscriptions();
  });

  it('a fresh LiveLocationManager picks up active shares from GET /users/live_locations', async () => {
    const message = await shareLive(3);
    const manager = new LiveLocationManager({
      client: alice,
      getDeviceId: () => 'alice-phone',
      watchLocation: () => () => undefined,
    });
    await manager.init();
    expect([...manager.messages.keys()]).toEqual([message.id]);
    expect(manager.messages.get(message.id)).toMatchObject({ latitude: 52.3676, user_id: 'alice' });
    await aliceRoom.stopLiveLocationSharing({ message_id: message.id });
    await settle();
    expect(manager.messages.size).toBe(0);
    manager.unregisterSubscriptions();
  });

  describe('bad inputs change nothing', () => {
    const post = (sharedLocation: Record<string, unknown>, user = 'alice', channel = 'places') => {
      const id = randomUUID();
      return {
        id,
        answer: rawChat(server, 'POST', `/channels/messaging/${channel}/message`, user, {
          message: { id, shared_location: { message_id: id, created_by_device_id: 'd1', ...sharedLocation } },
        }),
      };
    };

    it.each([
      ['missing coordinates', {}, 'latitude and longitude are required'],
      ['a missing longitude', { latitude: 10 }, 'latitude and longitude are required'],
      ['text coordinates', { latitude: '10', longitude: '20' }, 'latitude and longitude are required'],
      ['a latitude out of range', { latitude: 91, longitude: 0 }, 'latitude must be between -90 and 90'],
      ['a longitude out of range', { latitude: 0, longitude: -180.5 }, 'longitude must be between -180 and 180'],
      [
        'a live share under 60 s',
        { latitude: 1, longitude: 1, end_at: new Date(Date.now() + 30_000).toISOString() },
        'at least 60 seconds',
      ],
      ['an unreadable end_at', { latitude: 1, longitude: 1, end_at: 'tomorrow' }, 'end_at must be'],
    ])('rejects %s with code 4', async (_name, input, text) => {
      const { id, answer } = post(input);
      const { status, body } = await answer;
      expect(status).toBe(400);
      expect(body).toMatchObject({ code: 4, StatusCode: 400 });
      expect(body.message).toContain(text);
      expect(sandbox().store.messages.has(id)).toBe(false);
    });

    it('rejects through the client too (StreamChat error code 4)', async () => {
      const id = randomUUID();
      await expect(
        aliceRoom.sendSharedLocation({
          message_id: id,
          latitude: 1,
          longitude: 1,
          created_by_device_id: 'd1',
          end_at: new Date(Date.now() + 10_000).toISOString(),
        }),
      ).rejects.toMatchObject({ code: 4 });
      expect(sandbox().store.messages.has(id)).toBe(false);
    });

    it('rejects a share where the channel config disables shared_locations (code 19)', async () => {
      await rawChat(server, 'POST', '/channels/messaging/no-places/query', 'alice', {
        data: { members: ['alice', 'bob'], config_overrides: { shared_locations: false } },
      });
      const room = alice.channel('messaging', 'no-places');
      await room.watch();
      expect(room.getConfig()?.shared_locations).toBe(false);
      expect(room.data?.own_capabilities).not.toContain('share-location');
      const { id, answer } = post({ latitude: 1, longitude: 1 }, 'alice', 'no-places');
      const { status, body } = await answer;
      expect(status).toBe(400);
      expect(body.code).toBe(19);
      expect(sandbox().store.messages.has(id)).toBe(false);
    });

    it("rejects updating someone else's share (17), a static share, an ended share and an unknown message", async () => {
      const message = await shareLive();
      const before = structuredClone(sandbox().store.messages.get(message.id)!.shared_location);
      const bobSees = recordEvents(bob, 'message.updated');

      const foreign = await rawChat(server, 'PUT', '/users/live_locations', 'bob', {
        message_id: message.id,
        latitude: 1,
        longitude: 1,
      });
      expect(foreign.status).toBe(403);
      expect(foreign.body.code).toBe(17);

      const outOfRange = await rawChat(server, 'PUT', '/users/live_locations', 'alice', {
        message_id: message.id,
        latitude: 100,
      });
      expect(outOfRange.status).toBe(400);
      expect(outOfRange.body).toMatchObject({ code: 4, message: 'latitude must be between -90 and 90' });

      const missingId = await rawChat(server, 'PUT', '/users/live_locations', 'alice', { latitude: 1 });
      expect(missingId.body).toMatchObject({ code: 4, message: 'message_id is required' });

      const unknown = await rawChat(server, 'PUT', '/users/live_locations', 'alice', { message_id: 'nope' });
      expect(unknown.status).toBe(404);
      expect(unknown.body.code).toBe(16);

      const plain = (await aliceRoom.sendMessage({ text: 'no location here' })).message;
      const notShared = await rawChat(server, 'PUT', '/users/live_locations', 'alice', { message_id: plain.id });
      expect(notShared.body.code).toBe(4);

      const staticId = randomUUID();
      await aliceRoom.sendSharedLocation({
        message_id: staticId,
        latitude: 1,
        longitude: 2,
        created_by_device_id: 'd1',
      });
      const staticUpdate = await rawChat(server, 'PUT', '/users/live_locations', 'alice', {
        message_id: staticId,
        latitude: 3,
      });
      expect(staticUpdate.body.code).toBe(4);
      expect(staticUpdate.body.message).toContain('static');

      await settle();
      expect(sandbox().store.messages.get(message.id)!.shared_location).toEqual(before);
      expect(bobSees).toEqual([]);

      await aliceRoom.stopLiveLocationSharing({ message_id: message.id });
      const ended = await rawChat(server, 'PUT', '/users/live_locations', 'alice', {
        message_id: message.id,
        latitude: 5,
      });
      expect(ended.status).toBe(400);
      expect(ended.body).toMatchObject({ code: 4 });
      expect(ended.body.message).toContain('has ended');
      expect(sandbox().store.messages.get(message.id)!.shared_location).toMatchObject({ latitude: before!.latitude });
      await expect(alice.updateLocation({ message_id: message.id, latitude: 6 })).rejects.toMatchObject({ code: 4 });
    });

    it.each([
      ['text coordinates', { latitude: '10', longitude: '20' }, 'latitude'],
      ['a longitude that is null', { longitude: null }, 'longitude'],
      ['a numeric device id', { created_by_device_id: 5 }, 'created_by_device_id'],
      ['an end that is a number', { end_at: 1_900_000_000_000 }, 'end_at'],
      ['a message id that is a list', { message_id: ['x'] }, 'message_id'],
    ])('refuses an update with %s with code 4 naming the field, and changes nothing', async (_label, input, field) => {
      const message = await shareLive();
      const before = structuredClone(sandbox().store.messages.get(message.id)!.shared_location);
      const answer = await rawChat(server, 'PUT', '/users/live_locations', 'alice', {
        message_id: message.id,
        ...input,
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 4, exception_fields: { [field]: expect.any(String) } });
      expect(String(answer.body.message)).toContain(`field "${field}"`);
      expect(sandbox().store.messages.get(message.id)!.shared_location).toEqual(before);
      await aliceRoom.stopLiveLocationSharing({ message_id: message.id });
    });
  });

  it('keeps shares across a restart', async () => {
    const message = await shareLive(20);
    // The clients leave first: one still connected while the server closes reconnects into its 503.
    await Promise.all([alice.disconnectUser(), bob.disconnectUser()]);
    server = (await server.restart()) as ChatServer;
    const listed = await rawChat(server, 'GET', '/users/live_locations', 'alice');
    expect(listed.status).toBe(200);
    expect((listed.body.active_live_locations as { message_id: string }[]).map((l) => l.message_id)).toEqual([
      message.id,
    ]);
  });
});

import type { StreamChat } from 'stream-chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../support/engines.js';
import {
  connectClient,
  nextEvent,
  rawChat,
  serverClient,
  settle,
  startChatServer,
  type ChatServer,
} from '../support/chat.js';

describe.each(ENGINES)('chat channels on $name', (engine) => {
  let server: ChatServer;
  let alice: StreamChat;
  let bob: StreamChat;
  beforeAll(async () => {
    server = await startChatServer(engine);
    alice = await connectClient(server, 'alice', 'Alice Adams');
    bob = await connectClient(server, 'bob', 'Bob Brown');
  });
  afterAll(() => server.close());

  it('creates a channel by id with members, with config and per-user capabilities', async () => {
    const added = nextEvent(bob, 'notification.added_to_channel');
    const channel = alice.channel('messaging', 'general', { name: 'General', members: ['alice', 'bob'] });
    const state = await channel.watch();
    expect(state.channel).toMatchObject({ cid: 'messaging:general', name: 'General', member_count: 2 });
    expect(state.channel.config).toMatchObject({ typing_events: true, read_events: true, max_message_length: 5000 });
    expect(state.channel.own_capabilities).toEqual(
      expect.arrayContaining(['send-message', 'read-events', 'upload-file']),
    );
    expect(state.members.map((m) => m.user?.id).sort()).toEqual(['alice', 'bob']);
    expect(alice.configs['messaging:general']).toBeDefined();
    expect((await added).channel?.cid).toBe('messaging:general');
  });

  it('creates a distinct channel from members and finds the same one again', async () => {
    const first = alice.channel('messaging', { members: ['alice', 'bob'] });
    await first.create();
    expect(first.id).toMatch(/^!members-/);
    const again = bob.channel('messaging', { members: ['bob', 'alice'] });
    await again.watch();
    expect(again.cid).toBe(first.cid);
  });

  it('queries channels by members, sorted by last message, with paging', async () => {
    for (const id of ['q1', 'q2', 'q3']) await alice.channel('messaging', id, { members: ['alice', 'bob'] }).create();
    await alice.channel('messaging', 'q2').sendMessage({ text: 'bump q2' });
    const page = await bob.queryChannels(
      { members: { $in: ['bob'] }, id: { $in: ['q1', 'q2', 'q3'] } },
      { last_message_at: -1 },
      { limit: 2 },
    );
    expect(page.map((c) => c.id)).toEqual(['q2', expect.any(String)]);
    const next = await bob.queryChannels(
      { members: { $in: ['bob'] }, id: { $in: ['q1', 'q2', 'q3'] } },
      { last_message_at: -1 },
      { limit: 2, offset: 2 },
    );
    expect(next).toHaveLength(1);
    const byCid = await bob.queryChannels({ cid: { $in: ['messaging:q1', 'messaging:q3'] } });
    expect(byCid.map((c) => c.cid).sort()).toEqual(['messaging:q1', 'messaging:q3']);
    const byName = await bob.queryChannels({ name: { $autocomplete: 'gen' }, members: { $in: ['bob'] } });
    expect(byName.map((c) => c.id)).toEqual(['general']);
  });

  it('updates a channel and tells the watchers', async () => {
    const channel = alice.channel('messaging', 'general');
    const bobChannel = bob.channel('messaging', 'general');
    await bobChannel.watch();
    const updated = nextEvent(bob, 'channel.updated');
    await channel.update({ name: 'General chat', image: 'https://league.example/crest.png' });
    expect((await updated).channel).toMatchObject({ name: 'General chat', image: 'https://league.example/crest.png' });
    await channel.updatePartial({ set: { topic: 'Fixtures' } });
    await settle();
    expect(bobChannel.data).toMatchObject({ topic: 'Fixtures' });
  });

  it('adds and removes members with events to watchers and to the affected user', async () => {
    const carol = await connectClient(server, 'carol', 'Carol');
    const channel = alice.channel('messaging', 'general');
    await bob.channel('messaging', 'general').watch();
    const memberAdded = nextEvent(bob, 'member.added');
    const notified = nextEvent(carol, 'notification.added_to_channel');
    await channel.addMembers(['carol']);
    expect((await memberAdded).member?.user?.id).toBe('carol');
    expect((await notified).channel?.cid).toBe('messaging:general');
    const removed = nextEvent(carol, 'notification.removed_from_channel');
    await channel.removeMembers(['carol']);
    expect((await removed).cid).toBe('messaging:general');
    await expect(carol.channel('messaging', 'general').watch()).rejects.toThrow(/code 17/);
  });

  it('archives and pins on both member update paths', async () => {
    const channel = bob.channel('messaging', 'general');
    await channel.watch();
    const updated = nextEvent(bob, 'member.updated');
    await channel.archive();
    expect((await updated).member?.archived_at).toBeTruthy();
    expect(channel.state.membership.archived_at).toBeTruthy();
    await channel.pin();
    await settle();
    expect(channel.state.membership.pinned_at).toBeTruthy();
    const pinned = await bob.queryChannels({ members: { $in: ['bob'] }, pinned: true });
    expect(pinned.map((c) => c.id)).toEqual(['general']);
    const archived = await bob.queryChannels({ members: { $in: ['bob'] }, archived: true });
    expect(archived.map((c) => c.id)).toEqual(['general']);
    const partial = await channel.updateMemberPartial({ set: { archived: false, pinned: false } });
    expect(partial.channel_member).toMatchObject({ archived_at: null, pinned_at: null });
  });

  it('hides and shows a channel; a new message brings it back', async () => {
    const channel = bob.channel('messaging', 'q3');
    await channel.watch();
    const hidden = nextEvent(bob, 'channel.hidden');
    await channel.hide(null, true);
    expect((await hidden).clear_history).toBe(true);
    expect((await bob.queryChannels({ id: 'q3' })).length).toBe(0);
    expect((await bob.queryChannels({ id: 'q3', hidden: true })).length).toBe(1);
    const visible = nextEvent(bob, 'channel.visible');
    await alice.channel('messaging', 'q3').sendMessage({ text: 'are you there?' });
    await visible;
    const state = await bob.channel('messaging', 'q3').query({ messages: { limit: 10 } });
    expect(state.messages.map((m) => m.text)).toEqual(['are you there?']);
    await channel.hide();
    const shown = nextEvent(bob, 'channel.visible');
    await channel.show();
    await shown;
  });

  it('truncates and deletes channels', async () => {
    const channel = alice.channel('messaging', 'q1');
    await channel.sendMessage({ text: 'old news' });
    const bobChannel = bob.channel('messaging', 'q1');
    await bobChannel.watch();
    const truncated = nextEvent(bob, 'channel.truncated');
    await channel.truncate();
    expect((await truncated).channel?.truncated_at).toBeTruthy();
    expect((await bobChannel.query({ messages: { limit: 10 } })).messages).toEqual([]);
    const deleted = nextEvent(bob, 'channel.deleted');
    await channel.delete();
    await deleted;
    expect((await bob.queryChannels({ cid: 'messaging:q1' })).length).toBe(0);
  });

  it('keeps frozen channels read-only for members and slows them down with cooldown', async () => {
    const admin = serverClient(server);
    const channel = admin.channel('messaging', 'frozen-room', { members: ['alice', 'bob'], created_by_id: 'alice' });
    await channel.create();
    await channel.updatePartial({ set: { frozen: true } });
    await expect(bob.channel('messaging', 'frozen-room').sendMessage({ text: 'hi' })).rejects.toThrow(/code 17/);
    await channel.updatePartial({ set: { frozen: false } });
    await channel.enableSlowMode(30);
    const bobChannel = bob.channel('messaging', 'frozen-room');
    await bobChannel.sendMessage({ text: 'first' });
    await expect(bobChannel.sendMessage({ text: 'second' })).rejects.toMatchObject({ code: 60 });
  });

  it('lists members with filters and answers watchers stop', async () => {
    const members = await alice.channel('messaging', 'general').queryMembers({ name: { $autocomplete: 'bo' } });
    expect(members.members.map((m) => m.user_id)).toEqual(['bob']);
    const channel = bob.channel('messaging', 'general');
    await alice.channel('messaging', 'general').watch();
    const stopped = nextEvent(alice, 'user.watching.stop', 3000, (e) => e.user?.id === 'bob');
    await channel.stopWatching();
    expect((await stopped).user?.id).toBe('bob');
  });

  it.each([
    [
      'a bad channel type',
      '/channels/mess.aging/x/query',
      {},
      400,
      4,
      /Invalid chat type mess\.aging, letters, numbers and "_-" are allowed/,
    ],
    ['an unknown channel type', '/channels/unknown_type/x/query', {}, 400, 4, /does not exist/],
    [
      'a bad channel id',
      '/channels/messaging/bad%20id/query',
      {},
      400,
      4,
      /Invalid chat id bad id, letters, numbers and "!-_" are allowed/,
    ],
    [
      'a distinct channel without members',
      '/channels/messaging/query',
      { data: { members: [] } },
      400,
      4,
      /at least one member/,
    ],
    ['members that are not ids', '/channels/messaging/x/query', { data: { members: [42] } }, 400, 4, /members/],
  ])('refuses %s with the error envelope', async (_label, path, body, status, code, message) => {
    const answer = await rawChat(server, 'POST', path, 'alice', body);
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ code, StatusCode: status });
    expect(String(answer.body.message)).toMatch(message);
    expect(await serverClient(server).queryChannels({ cid: { $in: ['messaging:x', 'mess.aging:x'] } })).toEqual([]);
  });

  it("refuses to open other members' channels (code 17)", async () => {
    await serverClient(server)
      .channel('messaging', 'private-room', { members: ['bob'], created_by_id: 'bob' })
      .create();
    await expect(alice.channel('messaging', 'private-room').watch()).rejects.toMatchObject({ code: 17 });
    const answer = await rawChat(server, 'POST', '/channels/messaging/private-room/message', 'alice', {
      message: { text: 'hi' },
    });
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe(17);
  });
});

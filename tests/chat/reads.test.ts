import type { StreamChat } from 'stream-chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../support/engines.js';
import {
  connectClient,
  nextEvent,
  rawChat,
  recordEvents,
  serverClient,
  settle,
  startChatServer,
  type ChatServer,
} from '../support/chat.js';

describe.each(ENGINES)('chat reads, unread and typing on $name', (engine) => {
  let server: ChatServer;
  let alice: StreamChat;
  let bob: StreamChat;
  beforeAll(async () => {
    server = await startChatServer(engine);
    alice = await connectClient(server, 'alice');
    bob = await connectClient(server, 'bob');
    await alice.channel('messaging', 'reads', { members: ['alice', 'bob'] }).create();
    await alice.channel('messaging', 'other', { members: ['alice', 'bob'] }).create();
  });
  afterAll(() => server.close());

  it('counts unread per recipient and clears it with mark read', async () => {
    const channel = bob.channel('messaging', 'reads');
    await channel.watch();
    for (const text of ['a', 'b', 'c']) await alice.channel('messaging', 'reads').sendMessage({ text });
    await settle();
    expect(channel.countUnread()).toBe(3);
    const aliceSees = nextEvent(alice, 'message.read', 3000, (e) => e.user?.id === 'bob');
    await alice.channel('messaging', 'reads').watch();
    const markRead = nextEvent(bob, 'notification.mark_read');
    const answer = await channel.markRead();
    expect(answer?.event.last_read_message_id).toBe(channel.state.messages.at(-1)?.id);
    expect((await markRead).total_unread_count).toBe(0);
    expect((await aliceSees).user?.id).toBe('bob');
    expect(channel.countUnread()).toBe(0);
  });

  it('does not count own, thread-only, silent or muted-user messages', async () => {
    const channel = bob.channel('messaging', 'reads');
    await channel.markRead();
    const aliceRoom = alice.channel('messaging', 'reads');
    const { message: parent } = await aliceRoom.sendMessage({ text: 'parent' });
    await channel.markRead();
    await channel.sendMessage({ text: 'own' });
    await aliceRoom.sendMessage({ text: 'thread only', parent_id: parent.id });
    await aliceRoom.sendMessage({ text: 'quiet', silent: true });
    const unread = await rawChat(server, 'GET', '/unread', 'bob');
    expect(unread.body.total_unread_count).toBe(0);
    await aliceRoom.sendMessage({ text: 'counted' });
    expect((await rawChat(server, 'GET', '/unread', 'bob')).body.total_unread_count).toBe(1);
  });

  it('marks unread from a message within the newest 100, with the event', async () => {
    const channel = bob.channel('messaging', 'reads');
    await channel.watch();
    await channel.markRead();
    const sent = [];
    for (const text of ['x', 'y', 'z'])
      sent.push((await alice.channel('messaging', 'reads').sendMessage({ text })).message);
    await channel.markRead();
    const event = nextEvent(bob, 'notification.mark_unread');
    await channel.markUnread({ message_id: sent[1]!.id });
    const unread = await event;
    expect(unread).toMatchObject({
      first_unread_message_id: sent[1]!.id,
      last_read_message_id: sent[0]!.id,
      unread_messages: 2,
    });
    await settle();
    expect(channel.countUnread()).toBe(2);
  });

  it('refuses to mark unread beyond the newest 100 messages', async () => {
    const admin = serverClient(server);
    const channel = admin.channel('messaging', 'busy', { members: ['alice', 'bob'], created_by_id: 'alice' });
    await channel.create();
    const first = await channel.sendMessage({ text: 'm0', user_id: 'alice' });
    for (let i = 1; i <= 100; i++) await channel.sendMessage({ text: `m${i}`, user_id: 'alice' });
    const answer = await rawChat(server, 'POST', '/channels/messaging/busy/unread', 'bob', {
      message_id: first.message.id,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(4);
    expect(String(answer.body.message)).toMatch(/older than the newest 100 channel messages/);
  });

  it('marks every channel read at once', async () => {
    await alice.channel('messaging', 'other').sendMessage({ text: 'elsewhere' });
    const event = nextEvent(bob, 'notification.mark_read', 3000, (e) => e.unread_channels === 0);
    await bob.markAllRead();
    expect((await event).total_unread_count).toBe(0);
    expect((await rawChat(server, 'GET', '/unread', 'bob')).body.total_unread_count).toBe(0);
  });

  it.each([
    ['/channels/messaging/reads/read', 'a numeric message_id', { message_id: 5 }, 'message_id'],
    ['/channels/messaging/reads/read', 'a user that is text', { user: 'bob' }, 'user'],
    ['/channels/messaging/reads/unread', 'a numeric message_timestamp', { message_timestamp: 5 }, 'message_timestamp'],
    ['/channels/messaging/reads/unread', 'a message_id that is a list', { message_id: ['x'] }, 'message_id'],
    ['/channels/read', 'read_by_channel that is text', { read_by_channel: 'messaging:reads' }, 'read_by_channel'],
    [
      '/channels/read',
      'a numeric message id per channel',
      { read_by_channel: { 'messaging:reads': 5 } },
      'read_by_channel.messaging:reads',
    ],
  ])('refuses POST %s with %s: code 4 naming the field, nothing stored', async (path, _label, body, field) => {
    const member = () => JSON.stringify(server.app.chatSandbox!.store.member('messaging:reads', 'bob'));
    const before = member();
    const answer = await rawChat(server, 'POST', path, 'bob', body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 4, exception_fields: { [field]: expect.any(String) } });
    expect(String(answer.body.message)).toContain(`field "${field}"`);
    expect(member()).toBe(before);
  });

  it('refuses events of the wrong shape with code 4 naming the field', async () => {
    for (const [body, field] of [
      [{ event: 'typing.start' }, 'event'],
      [{ event: { type: 5 } }, 'event.type'],
      [{ event: { type: 'typing.start', parent_id: 5 } }, 'event.parent_id'],
      [{}, 'event'],
    ] as const) {
      const answer = await rawChat(server, 'POST', '/channels/messaging/reads/event', 'alice', body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 4, exception_fields: { [field]: expect.any(String) } });
    }
  });

  it('relays typing to the other watchers', async () => {
    const bobChannel = bob.channel('messaging', 'reads');
    await bobChannel.watch();
    await alice.channel('messaging', 'reads').watch();
    const typing = nextEvent(bob, 'typing.start', 3000, (e) => e.user?.id === 'alice');
    await alice.channel('messaging', 'reads').keystroke();
    expect((await typing).cid).toBe('messaging:reads');
    expect(Object.keys(bobChannel.state.typing)).toContain('alice');
    const stopped = nextEvent(bob, 'typing.stop', 3000, (e) => e.user?.id === 'alice');
    await alice.channel('messaging', 'reads').stopTyping();
    await stopped;
    expect(Object.keys(bobChannel.state.typing)).not.toContain('alice');
  });

  it('relays custom events and refuses reserved types', async () => {
    const custom = nextEvent(bob, 'match.reminder');
    await alice.channel('messaging', 'reads').sendEvent({ type: 'match.reminder' as never, kickoff: '19:00' } as never);
    expect((await custom) as unknown).toMatchObject({ kickoff: '19:00', user: { id: 'alice' } });
    const reserved = await rawChat(server, 'POST', '/channels/messaging/reads/event', 'alice', {
      event: { type: 'message.new' },
    });
    expect(reserved.status).toBe(400);
    expect(reserved.body.code).toBe(18);
    const missing = await rawChat(server, 'POST', '/channels/messaging/reads/event', 'alice', { event: {} });
    expect(missing.body.code).toBe(4);
  });

  it('sends notification.message_new to members who are not watching', async () => {
    const carol = await connectClient(server, 'carol');
    await alice.channel('messaging', 'notify', { members: ['alice', 'carol'] }).create();
    const seen = recordEvents(carol, 'message.new');
    const note = nextEvent(carol, 'notification.message_new');
    await alice.channel('messaging', 'notify').sendMessage({ text: 'are you coming?' });
    const event = await note;
    expect(event.channel?.config).toBeDefined();
    expect(event).toMatchObject({ unread_count: 1, total_unread_count: 1, unread_channels: 1 });
    expect(seen).toHaveLength(0);
  });
});

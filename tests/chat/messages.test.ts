import { randomUUID } from 'node:crypto';
import type { StreamChat } from 'stream-chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../support/engines.js';
import { connectClient, nextEvent, rawChat, settle, startChatServer, type ChatServer } from '../support/chat.js';

describe.each(ENGINES)('chat messages on $name', (engine) => {
  let server: ChatServer;
  let alice: StreamChat;
  let bob: StreamChat;
  beforeAll(async () => {
    server = await startChatServer(engine);
    alice = await connectClient(server, 'alice', 'Alice Adams');
    bob = await connectClient(server, 'bob', 'Bob Brown');
    await alice.channel('messaging', 'room', { members: ['alice', 'bob'] }).create();
  });
  afterAll(() => server.close());

  const room = (client: StreamChat) => client.channel('messaging', 'room');

  it('sends with a client id; the other member receives message.new with their unread count', async () => {
    const bobRoom = room(bob);
    await bobRoom.watch();
    await room(alice).watch();
    const received = nextEvent(bob, 'message.new');
    const id = randomUUID();
    const { message } = await room(alice).sendMessage({ id, text: 'Kick-off at **7**, see https://league.example/x' });
    expect(message).toMatchObject({ id, type: 'regular', user: { id: 'alice' } });
    expect(message.html).toContain('<a href="https://league.example/x"');
    const event = await received;
    expect(event).toMatchObject({
      cid: 'messaging:room',
      channel_id: 'room',
      channel_type: 'messaging',
      message_id: id,
      unread_count: 1,
    });
    expect(bobRoom.state.messages.at(-1)?.id).toBe(id);
    expect(bobRoom.countUnread()).toBe(1);
  });

  it('refuses a duplicate id with code 4 "already exists"', async () => {
    const id = randomUUID();
    await room(alice).sendMessage({ id, text: 'once' });
    await expect(room(alice).sendMessage({ id, text: 'twice' })).rejects.toMatchObject({
      code: 4,
      message: expect.stringContaining('already exists'),
    });
  });

  it('resolves mentions and quotes', async () => {
    const quoted = await room(bob).sendMessage({ text: 'Who brings the ball?' });
    const { message } = await room(alice).sendMessage({
      text: '@bob you do',
      mentioned_users: ['bob', 'nobody'],
      quoted_message_id: quoted.message.id,
    });
    expect(message.mentioned_users?.map((u) => u.id)).toEqual(['bob']);
    expect(message.quoted_message).toMatchObject({ id: quoted.message.id, text: 'Who brings the ball?' });
  });

  it('gets one message and several by id', async () => {
    const a = await room(alice).sendMessage({ text: 'one' });
    const b = await room(alice).sendMessage({ text: 'two' });
    expect((await bob.getMessage(a.message.id)).message.text).toBe('one');
    const many = await room(bob).getMessagesById([a.message.id, b.message.id]);
    expect(many.messages.map((m) => m.text)).toEqual(['one', 'two']);
  });

  it('edits, pins and unpins with message.updated to watchers', async () => {
    const { message } = await room(alice).sendMessage({ text: 'typo' });
    const updated = nextEvent(bob, 'message.updated', 3000, (e) => e.message?.id === message.id);
    await alice.updateMessage({ id: message.id, text: 'fixed' });
    expect((await updated).message?.text).toBe('fixed');
    const pinned = await alice.pinMessage(message.id);
    expect(pinned.message).toMatchObject({ pinned: true, pinned_by: { id: 'alice' } });
    expect(pinned.message.pinned_at).toBeTruthy();
    const list = await room(bob).getPinnedMessages({ limit: 5 });
    expect(list.messages.map((m) => m.id)).toContain(message.id);
    const state = await room(bob).query({ messages: { limit: 1 } });
    expect(state.pinned_messages?.map((m) => m.id)).toContain(message.id);
    const unpinned = await alice.unpinMessage(message.id);
    expect(unpinned.message).toMatchObject({ pinned: false, pinned_at: null });
    await alice.partialUpdateMessage(message.id, { set: { mood: 'happy' } as never });
    expect((await bob.getMessage(message.id)).message).toMatchObject({ mood: 'happy', text: 'fixed' });
  });

  it('soft deletes, undeletes and hard deletes', async () => {
    const { message } = await room(alice).sendMessage({ text: 'oops' });
    const deleted = nextEvent(bob, 'message.deleted', 3000, (e) => e.message?.id === message.id);
    const soft = await alice.deleteMessage(message.id);
    expect(soft.message).toMatchObject({ type: 'deleted' });
    expect(soft.message.deleted_at).toBeTruthy();
    expect((await deleted).hard_delete).toBe(false);
    const admin = (await import('../support/chat.js')).serverClient(server);
    const restored = await admin.undeleteMessage(message.id, 'alice');
    expect(restored.message).toMatchObject({ type: 'regular', text: 'oops' });
    const hard = nextEvent(bob, 'message.deleted', 3000, (e) => e.message?.id === message.id);
    await alice.deleteMessage(message.id, true);
    expect((await hard).hard_delete).toBe(true);
    await expect(bob.getMessage(message.id)).rejects.toMatchObject({ code: 16 });
  });

  it('keeps replies in threads, pages them, and counts them on the parent', async () => {
    const { message: parent } = await room(alice).sendMessage({ text: 'Thread about Saturday' });
    const parentUpdated = nextEvent(
      bob,
      'message.updated',
      3000,
      (e) => e.message?.id === parent.id && e.message?.reply_count === 1,
    );
    const replies: string[] = [];
    for (let i = 0; i < 5; i++)
      replies.push((await room(bob).sendMessage({ text: `reply ${i}`, parent_id: parent.id })).message.id);
    expect((await parentUpdated).message?.thread_participants?.map((u) => u.id).sort()).toEqual(['alice', 'bob']);
    const page = await room(alice).getReplies(parent.id, { limit: 2 });
    expect(page.messages.map((m) => m.text)).toEqual(['reply 3', 'reply 4']);
    const older = await room(alice).getReplies(parent.id, { limit: 2, id_lt: page.messages[0]!.id });
    expect(older.messages.map((m) => m.text)).toEqual(['reply 1', 'reply 2']);
    const newer = await room(alice).getReplies(parent.id, { limit: 10, id_gt: replies[2] });
    expect(newer.messages.map((m) => m.text)).toEqual(['reply 3', 'reply 4']);
    const around = await room(alice).getReplies(parent.id, { limit: 3, id_around: replies[2] });
    expect(around.messages.map((m) => m.text)).toEqual(['reply 1', 'reply 2', 'reply 3']);
    const state = await room(alice).query({ messages: { limit: 50 } });
    expect(state.messages.some((m) => m.parent_id === parent.id)).toBe(false);
    expect(state.messages.find((m) => m.id === parent.id)?.reply_count).toBe(5);
    const shown = await room(bob).sendMessage({ text: 'also in channel', parent_id: parent.id, show_in_channel: true });
    const after = await room(alice).query({ messages: { limit: 1 } });
    expect(after.messages[0]!.id).toBe(shown.message.id);
  });

  it('pages channel messages with id_lt, id_gt and id_around', async () => {
    await alice.channel('messaging', 'paging', { members: ['alice'] }).create();
    const ids: string[] = [];
    for (let i = 0; i < 8; i++)
      ids.push((await alice.channel('messaging', 'paging').sendMessage({ text: `m${i}` })).message.id);
    const channel = alice.channel('messaging', 'paging');
    const latest = await channel.query({ messages: { limit: 3 } });
    expect(latest.messages.map((m) => m.text)).toEqual(['m5', 'm6', 'm7']);
    const older = await channel.query({ messages: { limit: 3, id_lt: ids[5] } });
    expect(older.messages.map((m) => m.text)).toEqual(['m2', 'm3', 'm4']);
    const newer = await channel.query({ messages: { limit: 2, id_gt: ids[1] } });
    expect(newer.messages.map((m) => m.text)).toEqual(['m2', 'm3']);
    const around = await channel.query({ messages: { limit: 3, id_around: ids[4] } });
    expect(around.messages.map((m) => m.text)).toEqual(['m3', 'm4', 'm5']);
  });

  it.each([
    ['an over-long message', { message: { text: 'x'.repeat(5001) } }, 400, 20, /too long/],
    ['a reply to a reply', null, 400, 21, /one level/],
    ['an unknown parent', { message: { text: 'x', parent_id: 'nope' } }, 404, 16, /does not exist/],
    ['no message', {}, 400, 4, /field "message" is required/],
    ['an empty message', { message: { text: '   ' } }, 400, 4, /text, attachments/],
    ['text that is not a string', { message: { text: 42 } }, 400, 4, /string/],
  ])('refuses %s', async (_label, body, status, code, message) => {
    let payload = body;
    if (payload === null) {
      const { message: parent } = await room(alice).sendMessage({ text: 'parent' });
      const { message: reply } = await room(alice).sendMessage({ text: 'reply', parent_id: parent.id });
      payload = { message: { text: 'nested', parent_id: reply.id } };
    }
    const answer = await rawChat(server, 'POST', '/channels/messaging/room/message', 'alice', payload);
    expect(answer.status).toBe(status);
    expect(answer.body.code).toBe(code);
    expect(String(answer.body.message)).toMatch(message);
  });

  it.each([
    ['a pin time that is not a time', { set: { pinned: true, pinned_at: 5 } }, 'set.pinned_at'],
    ['a pin flag that is an object', { set: { pinned: { user: 'x' } } }, 'set.pinned'],
    ['attachments that are not a list', { set: { attachments: 'x' } }, 'set.attachments'],
    ['unset that is not a list', { unset: 'custom' }, 'unset'],
  ])('refuses a partial update with %s, naming the field, and stores nothing', async (_label, body, field) => {
    const { message } = await room(alice).sendMessage({ text: 'as it was' });
    const answer = await rawChat(server, 'PUT', `/messages/${message.id}`, 'alice', body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 4, exception_fields: { [field]: expect.any(String) } });
    expect(String(answer.body.message)).toContain(`"${field}"`);
    const stored = await rawChat(server, 'GET', `/messages/${message.id}`, 'bob');
    expect(stored.status).toBe(200);
    expect(stored.body.message).toMatchObject({ text: 'as it was', pinned: false });
  });

  it('answers unknown messages with 16 and others\u2019 edits with 17', async () => {
    expect((await rawChat(server, 'GET', '/messages/nope', 'alice')).body.code).toBe(16);
    const { message } = await room(alice).sendMessage({ text: 'mine' });
    const edit = await rawChat(server, 'POST', `/messages/${message.id}`, 'bob', { message: { text: 'hijacked' } });
    expect(edit.status).toBe(403);
    expect(edit.body.code).toBe(17);
    await settle(50);
    expect((await alice.getMessage(message.id)).message.text).toBe('mine');
  });

  it('keeps a shadow-banned member posting, but only they see their messages', async () => {
    const admin = (await import('../support/chat.js')).serverClient(server);
    await admin.channel('messaging', 'shadow', { members: ['alice', 'bob'], created_by_id: 'alice' }).create();
    await admin.shadowBan('bob', { type: 'messaging', id: 'shadow', banned_by_id: 'alice' });
    const aliceSide = alice.channel('messaging', 'shadow');
    await aliceSide.watch();
    const seen: string[] = [];
    aliceSide.on('message.new', (event) => seen.push(String(event.message?.text)));
    const { message } = await bob.channel('messaging', 'shadow').sendMessage({ text: 'nobody hears this' });
    expect(message.shadowed).toBe(true);
    await settle(200);
    expect(seen).toEqual([]);
    const bobView = await bob.channel('messaging', 'shadow').query({ messages: { limit: 10 } });
    expect(bobView.messages.map((m) => m.text)).toContain('nobody hears this');
    const aliceView = await aliceSide.query({ messages: { limit: 10 } });
    expect(aliceView.messages.map((m) => m.text)).not.toContain('nobody hears this');
  });
});

import type { OwnUserResponse, StreamChat, Thread } from 'stream-chat';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

const RESERVED = [
  'created_at',
  'id',
  'last_message_at',
  'type',
  'updated_at',
  'user',
  'reply_count',
  'participants',
  'channel',
  'custom',
];

describe.each(ENGINES)('chat threads on $name', (engine) => {
  let server: ChatServer;
  let alice: StreamChat;
  let bob: StreamChat;
  const sandbox = () => server.app.chatSandbox!;

  beforeAll(async () => {
    server = await startChatServer(engine);
    alice = await connectClient(server, 'alice', 'Alice');
    bob = await connectClient(server, 'bob', 'Bob');
    await connectClient(server, 'dave', 'Dave');
    for (const id of ['trip', 'paging', 'watch', 'update', 'reads', 'notify'])
      await alice.channel('messaging', id, { members: ['alice', 'bob'] }).create();
    alice.threads.registerSubscriptions();
  });
  afterAll(() => server.close());

  it('creates a thread with the first reply and reflects it in queryThreads, getThread and the ThreadManager', async () => {
    const room = alice.channel('messaging', 'trip');
    const bobRoom = bob.channel('messaging', 'trip');
    const { message: parent } = await room.sendMessage({ text: 'Plan   the\ntrip' });
    expect(sandbox().store.threads.has(parent.id)).toBe(false);
    const { message: first } = await bobRoom.sendMessage({ text: 'Mountains?', parent_id: parent.id });
    await bobRoom.sendMessage({ text: 'Or the sea', parent_id: parent.id, show_in_channel: true });

    const rec = sandbox().store.threads.get(parent.id)!;
    expect(rec).toMatchObject({ title: 'Plan the trip', cid: 'messaging:trip', created_at: first.created_at });

    const { threads } = await alice.queryThreads({ filter: { channel_cid: 'messaging:trip' } });
    expect(threads.map((t) => t.id)).toEqual([parent.id]);
    const listed = threads[0]!.state.getLatestValue();
    expect(listed.title).toBe('Plan the trip');
    expect(listed.replyCount).toBe(2);
    expect(listed.replies.map((r) => r.text)).toEqual(['Mountains?', 'Or the sea']);
    expect(listed.participants?.map((p) => p.user_id)).toEqual(['alice', 'bob']);
    expect(listed.parentMessage.id).toBe(parent.id);
    expect(listed.channel.cid).toBe('messaging:trip');
    expect(listed.read.alice?.unreadMessageCount).toBe(2);
    expect(listed.read.bob?.unreadMessageCount).toBe(0);

    const thread = await bob.getThread(parent.id, { reply_limit: 1, participant_limit: 1 });
    const state = thread.state.getLatestValue();
    expect(state.replies.map((r) => r.text)).toEqual(['Or the sea']);
    expect(state.participants).toHaveLength(1);
    // Only the latest reply came: the thread can page back from it.
    expect(state.pagination.prevCursor).toBe(state.replies[0]!.id);

    const raw = await rawChat(server, 'GET', `/threads/${parent.id}`, 'bob');
    expect(raw.status).toBe(200);
    expect(raw.body.thread).toMatchObject({
      parent_message_id: parent.id,
      channel_cid: 'messaging:trip',
      created_by_user_id: 'alice',
      reply_count: 2,
      participant_count: 2,
      active_participant_count: 2,
      title: 'Plan the trip',
    });

    alice.threads.activate();
    await vi.waitFor(() => expect(alice.threads.state.getLatestValue().ready).toBe(true));
    expect(alice.threads.threadsById[parent.id]?.state.getLatestValue().replyCount).toBe(2);
    alice.threads.deactivate();
  });

  it('refuses unknown threads (16), outsiders (17) and bad query input (4)', async () => {
    const { message: parent } = await alice.channel('messaging', 'trip').sendMessage({ text: 'no replies yet' });
    expect((await rawChat(server, 'GET', '/threads/nope', 'alice')).body.code).toBe(16);
    const notThread = await rawChat(server, 'GET', `/threads/${parent.id}`, 'alice');
    expect([notThread.status, notThread.body.code]).toEqual([404, 16]);
    const [someThread] = [...sandbox().store.threads.keys()];
    const outsider = await rawChat(server, 'GET', `/threads/${someThread}`, 'dave');
    expect([outsider.status, outsider.body.code]).toEqual([403, 17]);
    expect((await rawChat(server, 'PATCH', `/threads/${someThread}`, 'dave', { set: { title: 'x' } })).body.code).toBe(
      17,
    );
    // dave is in no channel: no threads.
    expect((await rawChat(server, 'POST', '/threads', 'dave', {})).body.threads).toEqual([]);

    for (const [body, text] of [
      [{ sort: [{ field: 'title', direction: 1 }] }, 'cannot sort threads by title'],
      [{ filter: { text: 'x' } }, 'cannot filter threads by text'],
      [{ next: 'garbage' }, 'next is not a valid cursor'],
      [{ limit: 0 }, 'field "limit" must be >= 1'],
      [{ reply_limit: 'many' }, 'field "reply_limit" must be integer'],
      [{ filter: 'x' }, 'field "filter" must be object'],
    ] as const) {
      const answer = await rawChat(server, 'POST', '/threads', 'alice', body);
      expect([answer.status, answer.body.code]).toEqual([400, 4]);
      expect(answer.body.message).toContain(text);
    }
    const bad = await rawChat(server, 'GET', `/threads/${someThread}?participant_limit=-1`, 'alice');
    expect([bad.status, bad.body.code]).toEqual([400, 4]);
    const badReplies = await rawChat(server, 'GET', `/threads/${someThread}?reply_limit=many`, 'alice');
    expect(badReplies.body).toMatchObject({ code: 4, exception_fields: { reply_limit: 'must be integer' } });
    for (const [body, field] of [
      [{ watch: 'yes' }, 'watch'],
      [{ sort: [null] }, 'sort.0'],
      [{ next: 5 }, 'next'],
      [{ filter: { channel_cid: { $in: [{ a: 1 }] } } }, 'filter.channel_cid'],
    ] as const) {
      const answer = await rawChat(server, 'POST', '/threads', 'alice', body);
      expect(answer.body).toMatchObject({ code: 4, exception_fields: { [field]: expect.any(String) } });
    }
  });

  it('filters, sorts and pages threads with the next cursor', async () => {
    const room = alice.channel('messaging', 'paging');
    const bobRoom = bob.channel('messaging', 'paging');
    const parents = [];
    for (let i = 0; i < 5; i++) {
      const { message } = await room.sendMessage({ text: `topic ${i}` });
      for (let r = 0; r <= i; r++) await bobRoom.sendMessage({ text: `re ${i}.${r}`, parent_id: message.id });
      parents.push(message.id);
    }
    const filter = { channel_cid: { $eq: 'messaging:paging' } };
    // Default: the latest reply first.
    const all = await alice.queryThreads({ filter, limit: 10 });
    expect(all.threads.map((t) => t.id)).toEqual([...parents].reverse());
    expect(all.next).toBeUndefined();

    const seen: string[] = [];
    let next: string | undefined;
    let pages = 0;
    do {
      const page = await alice.queryThreads({ filter, limit: 2, next, sort: { reply_count: 1 } });
      seen.push(...page.threads.map((t) => t.id));
      next = page.next;
      pages++;
    } while (next);
    expect(pages).toBe(3);
    expect(seen).toEqual(parents);

    const byMine = await bob.queryThreads({ filter: { ...filter, created_by_user_id: 'bob' } });
    expect(byMine.threads).toEqual([]);
    const some = await alice.queryThreads({
      filter: { channel_cid: { $in: ['messaging:paging'] }, parent_message_id: { $in: parents.slice(0, 2) } },
    });
    expect(some.threads.map((t) => t.id).sort()).toEqual(parents.slice(0, 2).sort());
    const third = await alice.getThread(parents[2]!);
    const lastAt = third.state.getLatestValue().replies.at(-1)!.created_at.toISOString();
    const later = await alice.queryThreads({ filter: { ...filter, last_message_at: { $gt: lastAt } } });
    expect(later.threads.map((t) => t.id)).toEqual([parents[4], parents[3]]);
  });

  it('watch: true subscribes the connection to the threads’ channels, delivering new replies', async () => {
    const { message: parent } = await alice.channel('messaging', 'watch').sendMessage({ text: 'watch me' });
    await alice.channel('messaging', 'watch').sendMessage({ text: 'first', parent_id: parent.id });
    const second = await connectClient(server, 'bob', 'Bob');
    const notWatching = await second.queryThreads({ filter: { channel_cid: 'messaging:watch' }, watch: false });
    const connection = sandbox().gateway.get(second.wsConnection!.connectionID);
    expect(connection?.watching.has('messaging:watch')).toBe(false);

    const { threads } = await second.queryThreads({ filter: { channel_cid: 'messaging:watch' } });
    expect(notWatching.threads).toHaveLength(1);
    expect(connection?.watching.has('messaging:watch')).toBe(true);
    const thread: Thread = threads[0]!;
    thread.registerSubscriptions();
    const arrived = nextEvent(second, 'message.new', 3000, (e) => e.message?.parent_id === parent.id);
    await alice.channel('messaging', 'watch').sendMessage({ text: 'second', parent_id: parent.id });
    expect((await arrived).message?.text).toBe('second');
    expect(thread.state.getLatestValue().replies.map((r) => r.text)).toEqual(['first', 'second']);
    // bob is not a participant (alice answered herself): only alice's read state is tracked.
    expect(Object.keys(thread.state.getLatestValue().read)).toEqual(['alice']);
    thread.unregisterSubscriptions();

    const single = await connectClient(server, 'bob', 'Bob');
    await single.getThread(parent.id);
    expect(sandbox().gateway.get(single.wsConnection!.connectionID)?.watching.has('messaging:watch')).toBe(true);
    await second.disconnectUser();
    await single.disconnectUser();
  });

  it('updates title and custom fields, announcing thread.updated; refuses reserved fields', async () => {
    const { message: parent } = await alice.channel('messaging', 'update').sendMessage({ text: 'Budget' });
    await bob.channel('messaging', 'update').sendMessage({ text: 'ok', parent_id: parent.id });
    const { threads } = await bob.queryThreads({ filter: { channel_cid: 'messaging:update' } });
    const thread = threads[0]!;
    thread.registerSubscriptions();

    const updated = nextEvent(bob, 'thread.updated');
    const answer = await alice.partialUpdateThread(parent.id, { set: { title: 'Budget 2027', priority: 'high' } });
    expect(answer.thread).toMatchObject({ title: 'Budget 2027', priority: 'high', parent_message_id: parent.id });
    const event = await updated;
    expect(event).toMatchObject({
      cid: 'messaging:update',
      channel_id: 'update',
      channel_type: 'messaging',
      thread: { parent_message_id: parent.id, title: 'Budget 2027', priority: 'high' },
    });
    await vi.waitFor(() => expect(thread.state.getLatestValue().title).toBe('Budget 2027'));
    expect(thread.state.getLatestValue().custom).toMatchObject({ priority: 'high' });

    const unset = nextEvent(bob, 'thread.updated');
    await alice.partialUpdateThread(parent.id, { unset: ['priority'] });
    expect((await unset).thread).not.toHaveProperty('priority');
    expect(thread.state.getLatestValue().custom).not.toHaveProperty('priority');
    thread.unregisterSubscriptions();

    const before = JSON.stringify(sandbox().store.threads.get(parent.id));
    const events = recordEvents(bob, 'thread.updated');
    for (const field of RESERVED) {
      const refused = await rawChat(server, 'PATCH', `/threads/${parent.id}`, 'alice', { set: { [field]: 1 } });
      expect([refused.status, refused.body.code]).toEqual([400, 4]);
      expect(refused.body.message).toContain(field);
      const unsetRefused = await rawChat(server, 'PATCH', `/threads/${parent.id}`, 'alice', { unset: [field] });
      expect(unsetRefused.body.code).toBe(4);
    }
    for (const body of [{ set: { title: 5 } }, { set: [] }, { unset: 'title' }, {}, { set: { a: 1 }, unset: ['a'] }]) {
      const refused = await rawChat(server, 'PATCH', `/threads/${parent.id}`, 'alice', body);
      expect([refused.status, refused.body.code]).toEqual([400, 4]);
    }
    for (const [body, field] of [
      [{ set: { title: 5 } }, 'set.title'],
      [{ set: 'title' }, 'set'],
      [{ unset: [1] }, 'unset.0'],
      [{ set: { title: 'x' }, user_id: 5 }, 'user_id'],
    ] as const) {
      const refused = await rawChat(server, 'PATCH', `/threads/${parent.id}`, 'alice', body);
      expect(refused.body).toMatchObject({ code: 4, exception_fields: { [field]: expect.any(String) } });
      expect(String(refused.body.message)).toContain(`field "${field}"`);
    }
    await expect(alice.partialUpdateThread(parent.id, { set: { reply_count: 3 } })).rejects.toThrow(/reply_count/);
    expect((await rawChat(server, 'PATCH', '/threads/missing', 'alice', { set: { title: 'x' } })).body.code).toBe(16);
    await settle();
    expect(events).toHaveLength(0);
    expect(JSON.stringify(sandbox().store.threads.get(parent.id))).toBe(before);
  });

  it('sends notification.thread_message_new to the other participants', async () => {
    const { message: parent } = await alice.channel('messaging', 'notify').sendMessage({ text: 'ping' });
    const bobSees = recordEvents(bob, 'notification.thread_message_new');
    const notified = nextEvent(alice, 'notification.thread_message_new');
    const { message: reply } = await bob.channel('messaging', 'notify').sendMessage({
      text: 'pong',
      parent_id: parent.id,
    });
    const event = await notified;
    expect(event).toMatchObject({
      cid: 'messaging:notify',
      thread_id: parent.id,
      message_id: reply.id,
      message: { id: reply.id, parent_id: parent.id },
      channel: { cid: 'messaging:notify' },
    });
    expect(typeof event.unread_threads).toBe('number');
    expect(typeof event.unread_thread_messages).toBe('number');
    expect(typeof event.watcher_count).toBe('number');
    expect(alice.threads.state.getLatestValue().unreadThreadCount).toBe(event.unread_threads);
    await settle();
    expect(bobSees).toHaveLength(0);
    // Read it, so that the next test starts from a clean count.
    await rawChat(server, 'POST', '/channels/messaging/notify/read', 'alice', { thread_id: parent.id });
  });

  it('marks a thread read and unread, changing unread_threads for the user', async () => {
    // Start clean: alice has read every thread she takes part in.
    for (const id of sandbox().store.threads.keys()) {
      const cid = sandbox().store.threads.get(id)!.cid;
      await rawChat(server, 'POST', `/channels/${cid.replace(':', '/')}/read`, 'alice', { thread_id: id });
    }
    const room = alice.channel('messaging', 'reads');
    await room.watch();
    const bobRoom = bob.channel('messaging', 'reads');
    await bobRoom.watch();
    const { message: parent } = await room.sendMessage({ text: 'read me' });
    const { message: r1 } = await bobRoom.sendMessage({ text: 'one', parent_id: parent.id });
    const counted = nextEvent(alice, 'notification.thread_message_new');
    await bobRoom.sendMessage({ text: 'two', parent_id: parent.id });
    expect(await counted).toMatchObject({ unread_threads: 1, unread_thread_messages: 2 });
    expect(alice.threads.state.getLatestValue().unreadThreadCount).toBe(1);

    const fresh = await connectClient(server, 'alice', 'Alice');
    expect((fresh.user as OwnUserResponse | undefined)?.unread_threads).toBe(1);
    await fresh.disconnectUser();

    const { threads } = await bob.queryThreads({ filter: { parent_message_id: parent.id } });
    const bobThread = threads[0]!;
    bobThread.registerSubscriptions();
    expect(bobThread.state.getLatestValue().read.alice?.unreadMessageCount).toBe(2);
    const readSeen = nextEvent(bob, 'message.read', 3000, (e) => Boolean(e.thread));
    const markRead = nextEvent(alice, 'notification.mark_read');
    const answer = await room.markRead({ thread_id: parent.id });
    expect(answer?.event).toMatchObject({ thread: { parent_message_id: parent.id } });
    expect(await markRead).toMatchObject({ thread_id: parent.id, unread_threads: 0, unread_thread_messages: 0 });
    expect(alice.threads.state.getLatestValue().unreadThreadCount).toBe(0);
    expect((await readSeen).user?.id).toBe('alice');
    expect(bobThread.state.getLatestValue().read.alice?.unreadMessageCount).toBe(0);
    bobThread.unregisterSubscriptions();

    const { threads: mine } = await alice.queryThreads({ filter: { parent_message_id: parent.id }, watch: false });
    const aliceThread = mine[0]!;
    aliceThread.registerSubscriptions();
    const markUnread = nextEvent(alice, 'notification.mark_unread');
    await room.markUnread({ thread_id: parent.id, message_id: r1.id });
    expect(await markUnread).toMatchObject({
      thread_id: parent.id,
      first_unread_message_id: r1.id,
      unread_messages: 2,
      unread_threads: 1,
      unread_thread_messages: 2,
    });
    expect(alice.threads.state.getLatestValue().unreadThreadCount).toBe(1);
    expect(aliceThread.state.getLatestValue().read.alice?.unreadMessageCount).toBe(2);
    aliceThread.unregisterSubscriptions();
    const unread = (await rawChat(server, 'GET', '/unread', 'alice')).body;
    expect(unread.total_unread_threads_count).toBe(1);
    // Each thread with unread replies, as the hosted service lists them.
    expect(unread.threads).toEqual([
      expect.objectContaining({ parent_message_id: parent.id, unread_count: 2, last_read: expect.any(String) }),
    ]);

    const before = JSON.stringify(sandbox().store.threads.get(parent.id));
    for (const [path, body, code] of [
      ['read', { thread_id: 'missing' }, 16],
      ['read', { thread_id: 7 }, 4],
      ['unread', { thread_id: parent.id, message_id: parent.id }, 4],
      ['unread', { thread_id: parent.id, message_id: 'missing' }, 16],
      ['unread', { thread_id: 'missing' }, 16],
    ] as const) {
      const refused = await rawChat(server, 'POST', `/channels/messaging/reads/${path}`, 'alice', body);
      expect(refused.body.code).toBe(code);
    }
    expect(JSON.stringify(sandbox().store.threads.get(parent.id))).toBe(before);
  });

  it('keeps thread titles, custom fields and reads across a restart', async () => {
    const { message: parent } = await alice.channel('messaging', 'trip').sendMessage({ text: 'Restart' });
    await bob.channel('messaging', 'trip').sendMessage({ text: 'sure', parent_id: parent.id });
    await alice.partialUpdateThread(parent.id, { set: { title: 'Kept', color: 'blue' } });
    await rawChat(server, 'POST', '/channels/messaging/trip/read', 'alice', { thread_id: parent.id });
    const reads = sandbox().store.threads.get(parent.id)!.reads;
    const restarted = await server.restart();
    server = { ...restarted, clients: server.clients, chatUrl: `${restarted.url}/chat` };
    expect(sandbox().store.threads.get(parent.id)).toMatchObject({ title: 'Kept', custom: { color: 'blue' }, reads });
    const fresh = await connectClient(server, 'alice', 'Alice');
    const thread = await fresh.getThread(parent.id);
    expect(thread.state.getLatestValue()).toMatchObject({ title: 'Kept', custom: { color: 'blue' } });
    expect(thread.state.getLatestValue().read.alice?.unreadMessageCount).toBe(0);
    expect((fresh.user as OwnUserResponse | undefined)?.unread_threads).toBe(1);
  }, 20_000);
});

import { StreamChat, type Event } from 'stream-chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reminderKey } from '../../server/chat-sandbox/store/chat-store.js';
import { ENGINES } from '../support/engines.js';
import {
  connectClient,
  nextEvent,
  rawChat,
  recordEvents,
  serverClient,
  settle,
  startChatServer,
  userToken,
  type ChatServer,
} from '../support/chat.js';

const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

describe.each(ENGINES)('chat reminders on $name', (engine) => {
  let server: ChatServer;
  let alice: StreamChat;
  /** Alice's second tab: the same user on another connection. */
  let aliceTab: StreamChat;
  let bob: StreamChat;
  const ids: string[] = [];
  let secretId: string;
  beforeAll(async () => {
    server = await startChatServer(engine);
    alice = await connectClient(server, 'alice', 'Alice Adams');
    aliceTab = await connectClient(server, 'alice', 'Alice Adams');
    bob = await connectClient(server, 'bob', 'Bob Brown');
    alice.reminders.registerSubscriptions();
    aliceTab.reminders.registerSubscriptions();
    await serverClient(server).upsertUser({ id: 'carol' });
    await alice.channel('messaging', 'saved', { members: ['alice', 'bob', 'carol'] }).create();
    for (const text of ['one', 'two', 'three', 'four', 'five', 'six']) {
      ids.push((await bob.channel('messaging', 'saved').sendMessage({ text })).message.id);
    }
    await bob.channel('messaging', 'secret', { members: ['bob'] }).create();
    secretId = (await bob.channel('messaging', 'secret').sendMessage({ text: 'hush' })).message.id;
  });
  afterAll(() => server.close());

  const stored = (messageId: string, userId = 'alice') =>
    server.app.chatSandbox!.store.reminders.get(reminderKey(messageId, userId));

  it('creates a reminder; the user’s other tab gets reminder.created, other users nothing', async () => {
    const bobSees = recordEvents(bob, 'reminder.created', 'reminder.updated', 'reminder.deleted');
    const inTab = nextEvent(aliceTab, 'reminder.created');
    const remindAt = inMs(3_600_000);
    await alice.reminders.createReminder({ messageId: ids[0]!, remind_at: remindAt });
    const event = await inTab;
    expect(event).toMatchObject({
      cid: 'messaging:saved',
      channel_id: 'saved',
      channel_type: 'messaging',
      message_id: ids[0],
      user_id: 'alice',
      reminder: {
        channel_cid: 'messaging:saved',
        message_id: ids[0],
        user_id: 'alice',
        remind_at: remindAt,
        user: { id: 'alice' },
        message: { id: ids[0], text: 'one' },
        channel: { cid: 'messaging:saved' },
      },
    });
    expect(alice.reminders.getFromState(ids[0]!)?.remindAt?.toISOString()).toBe(remindAt);
    expect(aliceTab.reminders.getFromState(ids[0]!)?.state.getLatestValue().message?.text).toBe('one');
    await settle();
    expect(bobSees).toHaveLength(0);
  });

  it('updates a reminder with reminder.updated; the tab’s ReminderManager follows', async () => {
    const updated = nextEvent(aliceTab, 'reminder.updated');
    const later = inMs(7_200_000);
    const { reminder } = await alice.updateReminder({ messageId: ids[0]!, remind_at: later });
    expect(reminder).toMatchObject({ message_id: ids[0], remind_at: later });
    expect((await updated).reminder?.remind_at).toBe(later);
    expect(aliceTab.reminders.getFromState(ids[0]!)?.remindAt?.toISOString()).toBe(later);
    // Clearing the time keeps the reminder as "saved for later".
    const cleared = nextEvent(aliceTab, 'reminder.updated');
    await alice.updateReminder({ messageId: ids[0]!, remind_at: null });
    expect((await cleared).reminder?.remind_at).toBeUndefined();
    expect(aliceTab.reminders.getFromState(ids[0]!)?.remindAt).toBeNull();
  });

  it('refuses to create twice and to update a missing one; upsertReminder falls back on those errors', async () => {
    await expect(alice.createReminder({ messageId: ids[0]! })).rejects.toMatchObject({
      code: 4,
      message: expect.stringContaining('already has reminder created for this message_id'),
    });
    await expect(alice.updateReminder({ messageId: ids[1]!, remind_at: inMs(60_000) })).rejects.toMatchObject({
      code: 16,
      message: expect.stringContaining('reminder does not exist'),
    });
    // The tab does not know about ids[0]'s reminder: create fails, it falls back to update.
    aliceTab.reminders.removeFromState(ids[0]!);
    const asUpdate = nextEvent(alice, 'reminder.updated', 3000, (e) => e.message_id === ids[0]);
    const soon = inMs(1_800_000);
    await aliceTab.reminders.upsertReminder({ messageId: ids[0]!, remind_at: soon });
    expect((await asUpdate).reminder?.remind_at).toBe(soon);
    expect(aliceTab.reminders.getFromState(ids[0]!)?.remindAt?.toISOString()).toBe(soon);
    // The tab believes ids[1] has a reminder: update fails, it falls back to create.
    aliceTab.reminders.upsertToState({
      data: {
        channel_cid: 'messaging:saved',
        message_id: ids[1]!,
        user_id: 'alice',
        created_at: soon,
        updated_at: soon,
      },
    });
    const asCreate = nextEvent(alice, 'reminder.created', 3000, (e) => e.message_id === ids[1]);
    await aliceTab.reminders.upsertReminder({ messageId: ids[1]! });
    expect((await asCreate).reminder?.remind_at).toBeUndefined();
    expect(alice.reminders.getFromState(ids[1]!)).toBeDefined();
  });

  it('puts the viewer’s reminder on messages; the client hydrates its store from them', async () => {
    alice.reminders.removeFromState(ids[0]!);
    const state = await alice.channel('messaging', 'saved').query({ messages: { limit: 100 } });
    const message = state.messages.find((m) => m.id === ids[0]);
    expect(message?.reminder).toMatchObject({ channel_cid: 'messaging:saved', message_id: ids[0], user_id: 'alice' });
    expect(alice.reminders.getFromState(ids[0]!)).toBeDefined();
    const bobState = await bob.channel('messaging', 'saved').query({ messages: { limit: 100 } });
    expect(bobState.messages.find((m) => m.id === ids[0])?.reminder).toBeUndefined();
    const single = await rawChat(server, 'GET', `/messages/${ids[0]}`, 'alice');
    expect((single.body.message as { reminder?: unknown }).reminder).toMatchObject({ message_id: ids[0] });
  });

  it('deletes a reminder with reminder.deleted (still carrying the reminder); a second delete is code 16', async () => {
    const deleted = nextEvent(aliceTab, 'reminder.deleted');
    await alice.reminders.deleteReminder(ids[1]!);
    const event = await deleted;
    expect(event).toMatchObject({ message_id: ids[1], user_id: 'alice', reminder: { message_id: ids[1] } });
    expect(aliceTab.reminders.getFromState(ids[1]!)).toBeUndefined();
    expect(alice.reminders.getFromState(ids[1]!)).toBeUndefined();
    await expect(alice.deleteReminder(ids[1]!)).rejects.toMatchObject({
      code: 16,
      message: expect.stringContaining('reminder does not exist'),
    });
  });

  it('queries reminders with filters, sort and next/prev paging', async () => {
    await alice.createReminder({ messageId: ids[2]!, remind_at: inMs(3_000_000) });
    await alice.createReminder({ messageId: ids[3]! });
    await alice.createReminder({ messageId: ids[4]!, remind_at: inMs(1_000_000) });
    await bob.createReminder({ messageId: ids[5]! });
    const all = await alice.queryReminders({ sort: { created_at: 1 } });
    expect(all.reminders.map((r) => r.message_id)).toEqual([ids[0], ids[2], ids[3], ids[4]]);
    expect(all.reminders[0]).toMatchObject({
      user: { id: 'alice' },
      message: { id: ids[0] },
      channel: { cid: 'messaging:saved' },
    });
    const first = await alice.queryReminders({ sort: { created_at: 1 }, limit: 3 });
    expect(first.reminders.map((r) => r.message_id)).toEqual([ids[0], ids[2], ids[3]]);
    expect(first.next).toEqual(expect.any(String));
    const second = await alice.queryReminders({ sort: { created_at: 1 }, limit: 3, next: first.next });
    expect(second.reminders.map((r) => r.message_id)).toEqual([ids[4]]);
    expect(second.next).toBeUndefined();
    const back = await alice.queryReminders({ sort: { created_at: 1 }, limit: 3, prev: second.prev });
    expect(back.reminders.map((r) => r.message_id)).toEqual([ids[0], ids[2], ids[3]]);
    const scheduled = await alice.queryReminders({ filter: { remind_at: { $exists: true } }, sort: { remind_at: 1 } });
    expect(scheduled.reminders.map((r) => r.message_id)).toEqual([ids[4], ids[0], ids[2]]);
    const byMessage = await alice.queryReminders({ filter: { message_id: { $in: [ids[3]!, ids[5]!] } } });
    expect(byMessage.reminders.map((r) => r.message_id)).toEqual([ids[3]]);
    // The client's paginator fills the ReminderManager.
    const fresh = await connectClient(server, 'alice');
    fresh.reminders.registerSubscriptions();
    fresh.reminders.paginator.sort = { created_at: 1 };
    await fresh.reminders.queryNextReminders();
    expect([...fresh.reminders.reminders.keys()].sort()).toEqual([ids[0], ids[2], ids[3], ids[4]].sort());
    await fresh.disconnectUser();
  });

  it('sends notification.reminder_due at remind_at, once, to the user’s connections', async () => {
    const bobSees = recordEvents(bob, 'notification.reminder_due');
    const aliceSees = recordEvents(alice, 'notification.reminder_due');
    const due = nextEvent(aliceTab, 'notification.reminder_due', 5000);
    const remindAt = inMs(1000);
    await alice.updateReminder({ messageId: ids[3]!, remind_at: remindAt });
    const event = await due;
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(remindAt));
    expect(event).toMatchObject({
      cid: 'messaging:saved',
      channel_id: 'saved',
      channel_type: 'messaging',
      message_id: ids[3],
      user_id: 'alice',
      reminder: { message_id: ids[3], remind_at: remindAt, message: { text: 'four' } },
    });
    expect(stored(ids[3]!)?.notified_at).toEqual(expect.any(String));
    await settle(500);
    expect(aliceSees).toHaveLength(1);
    expect(bobSees).toHaveLength(0);
  });

  describe('bad input', () => {
    it('refuses an unknown message (16) and one in a channel the user cannot read (17)', async () => {
      await expect(alice.createReminder({ messageId: 'no-such-message' })).rejects.toMatchObject({
        code: 16,
        status: 404,
      });
      await expect(alice.createReminder({ messageId: secretId })).rejects.toMatchObject({ code: 17, status: 403 });
      expect(stored(secretId)).toBeUndefined();
    });

    it('refuses a malformed remind_at with code 4 and changes nothing', async () => {
      for (const remind_at of ['tomorrow', '2030-13-45T00:00:00Z', 12345]) {
        const created = await rawChat(server, 'POST', `/messages/${ids[5]}/reminders`, 'alice', { remind_at });
        expect(created).toMatchObject({
          status: 400,
          body: { code: 4, message: expect.stringContaining('remind_at') },
        });
      }
      expect(stored(ids[5]!)).toBeUndefined();
      const before = { ...stored(ids[0]!) };
      const updated = await rawChat(server, 'PATCH', `/messages/${ids[0]}/reminders`, 'alice', { remind_at: 'soon' });
      expect(updated.body).toMatchObject({ code: 4 });
      expect(stored(ids[0]!)).toEqual(before);
    });

    it.each([
      ['POST', 'a numeric remind_at', { remind_at: 12345 }, 'remind_at'],
      ['POST', 'a remind_at that is a list', { remind_at: ['2030-01-31T09:00:00Z'] }, 'remind_at'],
      ['POST', 'a numeric user_id', { user_id: 7 }, 'user_id'],
      ['PATCH', 'a remind_at that is an object', { remind_at: { at: 'soon' } }, 'remind_at'],
    ] as const)('refuses %s with %s: code 4 naming the field, nothing stored', async (method, _label, body, field) => {
      const before = stored(ids[0]!) ? { ...stored(ids[0]!) } : undefined;
      const target = method === 'POST' ? ids[5]! : ids[0]!;
      const answer = await rawChat(server, method, `/messages/${target}/reminders`, 'alice', body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 4, exception_fields: { [field]: expect.any(String) } });
      expect(String(answer.body.message)).toContain(`field "${field}"`);
      expect(stored(ids[5]!)).toBeUndefined();
      expect(stored(ids[0]!)).toEqual(before);
    });

    it.each([
      ['a limit that is text', { limit: 'ten' }, 'limit'],
      ['a filter that is a list', { filter: [] }, 'filter'],
      ['a sort with a null item', { sort: [null] }, 'sort.0'],
      ['a numeric next cursor', { next: 5 }, 'next'],
    ])('refuses a reminder query with %s: code 4 naming the field', async (_label, body, field) => {
      const answer = await rawChat(server, 'POST', '/reminders/query', 'alice', body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 4, exception_fields: { [field]: expect.any(String) } });
    });

    it('refuses reminders where the channel config disables them with code 19', async () => {
      await rawChat(server, 'POST', '/channels/messaging/noreminders/query', 'bob', {
        data: { members: ['alice', 'bob'], config_overrides: { user_message_reminders: false } },
      });
      const { message } = await bob.channel('messaging', 'noreminders').sendMessage({ text: 'not this one' });
      await expect(alice.createReminder({ messageId: message.id })).rejects.toMatchObject({ code: 19, status: 400 });
      expect(stored(message.id)).toBeUndefined();
    });

    it('refuses unknown query filters and sorts with code 4', async () => {
      const filter = await rawChat(server, 'POST', '/reminders/query', 'alice', { filter: { text: 'x' } });
      expect(filter.body).toMatchObject({
        code: 4,
        message: expect.stringContaining('cannot filter reminders by text'),
      });
      const sort = await rawChat(server, 'POST', '/reminders/query', 'alice', {
        sort: [{ field: 'text', direction: 1 }],
      });
      expect(sort.body).toMatchObject({ code: 4, message: 'cannot sort reminders by text' });
    });
  });

  it('delivers a reminder that fell due while the server was down when the user reconnects, once', async () => {
    // Alice stays connected (her clients reconnect on their own); carol is offline meanwhile.
    const carol = await connectClient(server, 'carol');
    await carol.createReminder({ messageId: ids[5]!, remind_at: inMs(800) });
    await carol.disconnectUser();
    // Whichever of alice's tabs is connected first when it is due gets it.
    const aliceDue = Promise.any(
      [alice, aliceTab].map((client) =>
        nextEvent(client, 'notification.reminder_due', 20_000, (e) => e.message_id === ids[4]),
      ),
    );
    await alice.updateReminder({ messageId: ids[4]!, remind_at: inMs(800) });
    const restarted = await server.restart();
    server = { ...restarted, clients: server.clients, chatUrl: restarted.url + '/chat' };
    expect((await aliceDue).reminder?.message_id).toBe(ids[4]);
    await settle(1000);
    expect(stored(ids[5]!, 'carol')?.notified_at).toBeUndefined();
    const connectWith = async (events: Event[]) => {
      const client = new StreamChat(server.config.chatApiKey, {
        baseURL: server.chatUrl,
        allowServerSideConnect: true,
      });
      server.clients.push(client);
      client.on('notification.reminder_due', (event) => events.push(event));
      await client.connectUser({ id: 'carol' }, userToken(server, 'carol'));
      await settle(300);
      return client;
    };
    const seen: Event[] = [];
    await (await connectWith(seen)).disconnectUser();
    expect(seen.map((e) => e.message_id)).toEqual([ids[5]]);
    expect(seen[0]).toMatchObject({ user_id: 'carol', reminder: { message_id: ids[5], user: { id: 'carol' } } });
    // Stored as sent: another restart does not send it again.
    const again = await server.restart();
    server = { ...again, clients: server.clients, chatUrl: again.url + '/chat' };
    expect(stored(ids[5]!, 'carol')?.notified_at).toEqual(expect.any(String));
    const later: Event[] = [];
    await connectWith(later);
    expect(later).toEqual([]);
  }, 40_000);
});

/**
 * The reminder machine with its real actors (src/lib/actors/reminder-actors.ts) and real
 * `stream-chat` clients against the chat sandbox: set a preset, change it, save for later, delete,
 * follow another tab, the client's create → update fallback, and notification.reminder_due.
 */
import type { StreamChat } from 'stream-chat';
import { createActor, waitFor, type Actor } from 'xstate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR_MS, MINUTE_MS, reminderMachine } from '../../machines/reminder/reminder.machine';
import { selectError, selectIsDue, selectRemindAt, selectStatus } from '../../machines/reminder/reminder.selectors';
import type { ReminderData } from '../../machines/reminder/reminder.types';
import { createReminderActors } from '../../src/lib/actors/reminder-actors';
import { connectClient, startChatServer, type ChatServer } from '../support/chat.js';

type ReminderActor = Actor<typeof reminderMachine>;

describe('reminders against the chat sandbox', () => {
  let server: ChatServer;
  let alice: StreamChat;
  /** Alice's second tab: the same user on another connection. */
  let aliceTab: StreamChat;
  const ids: string[] = [];
  const actors: ReminderActor[] = [];

  beforeAll(async () => {
    server = await startChatServer();
    alice = await connectClient(server, 'alice', 'Alice Adams');
    aliceTab = await connectClient(server, 'alice', 'Alice Adams');
    const bob = await connectClient(server, 'bob', 'Bob Brown');
    await bob.channel('messaging', 'club', { members: ['alice', 'bob'] }).create();
    for (const text of ['one', 'two', 'three', 'four'])
      ids.push((await bob.channel('messaging', 'club').sendMessage({ text })).message.id);
  });
  afterAll(async () => {
    actors.forEach((a) => a.stop());
    await server.close();
  });

  function startReminder(messageId: string, reminder: ReminderData | null = null): ReminderActor {
    const machine = reminderMachine.provide({ actors: createReminderActors(alice) });
    const actor = createActor(machine, { input: { messageId, reminder } }).start();
    actors.push(actor);
    return actor;
  }

  /** The reminder the server holds for alice on this message (read through the other tab). */
  async function onServer(messageId: string) {
    const { reminders } = await aliceTab.queryReminders({ filter: { message_id: messageId } });
    return reminders[0];
  }

  const settled = (actor: ReminderActor) =>
    waitFor(actor, (s) => !s.matches('saving') && !s.matches('deleting'), { timeout: 5000 });

  it('sets a preset (server has remind_at), changes it, saves it for later and deletes it', async () => {
    const actor = startReminder(ids[0]!);
    const before = Date.now();
    actor.send({ type: 'reminder.set', presetMs: HOUR_MS });
    await settled(actor);
    expect(selectStatus(actor.getSnapshot())).toBe('scheduled');
    const remindAt = selectRemindAt(actor.getSnapshot())!;
    expect(Date.parse(remindAt) - before).toBeGreaterThanOrEqual(HOUR_MS);
    expect(Date.parse(remindAt) - Date.now()).toBeLessThanOrEqual(HOUR_MS);
    const stored = await onServer(ids[0]!);
    expect(stored).toMatchObject({ message_id: ids[0], user_id: 'alice' });
    expect(Date.parse(stored!.remind_at!)).toBe(Date.parse(remindAt));

    actor.send({ type: 'reminder.set', presetMs: 2 * MINUTE_MS });
    await settled(actor);
    const changed = selectRemindAt(actor.getSnapshot())!;
    expect(Date.parse(changed)).toBeLessThan(Date.parse(remindAt));
    expect(Date.parse((await onServer(ids[0]!))!.remind_at!)).toBe(Date.parse(changed));

    actor.send({ type: 'reminder.saveForLater' });
    await settled(actor);
    expect(selectStatus(actor.getSnapshot())).toBe('savedForLater');
    const saved = await onServer(ids[0]!);
    expect(saved).toMatchObject({ message_id: ids[0] });
    expect(saved?.remind_at).toBeUndefined();

    actor.send({ type: 'reminder.delete' });
    await settled(actor);
    expect(selectStatus(actor.getSnapshot())).toBe('none');
    expect(await onServer(ids[0]!)).toBeUndefined();
    expect(selectError(actor.getSnapshot())).toBeNull();
  });

  it('follows another tab: created, changed and deleted there', async () => {
    const actor = startReminder(ids[1]!);
    const later = new Date(Date.now() + 8 * HOUR_MS).toISOString();
    await aliceTab.createReminder({ messageId: ids[1]!, remind_at: later });
    await waitFor(actor, (s) => selectStatus(s) === 'scheduled', { timeout: 5000 });
    expect(Date.parse(selectRemindAt(actor.getSnapshot())!)).toBe(Date.parse(later));
    await aliceTab.updateReminder({ messageId: ids[1]!, remind_at: null });
    await waitFor(actor, (s) => selectStatus(s) === 'savedForLater', { timeout: 5000 });
    await aliceTab.deleteReminder(ids[1]!);
    await waitFor(actor, (s) => selectStatus(s) === 'none', { timeout: 5000 });
  });

  it('setting one the server already has (unknown to this client) goes through the client’s create → update fallback', async () => {
    await aliceTab.createReminder({ messageId: ids[2]! });
    expect(alice.reminders.getFromState(ids[2]!)).toBeUndefined();
    const actor = startReminder(ids[2]!);
    actor.send({ type: 'reminder.set', presetMs: 30 * MINUTE_MS });
    await settled(actor);
    expect(selectError(actor.getSnapshot())).toBeNull();
    expect(selectStatus(actor.getSnapshot())).toBe('scheduled');
    expect(Date.parse((await onServer(ids[2]!))!.remind_at!)).toBe(Date.parse(selectRemindAt(actor.getSnapshot())!));
  });

  it('deleting one that is already gone (code 16) ends without a reminder, no error', async () => {
    const actor = startReminder(ids[3]!, { remindAt: null });
    expect(selectStatus(actor.getSnapshot())).toBe('savedForLater');
    actor.send({ type: 'reminder.delete' });
    await settled(actor);
    expect(selectStatus(actor.getSnapshot())).toBe('none');
    expect(selectError(actor.getSnapshot())).toBeNull();
  });

  it('notification.reminder_due marks it due', async () => {
    const actor = startReminder(ids[2]!, { remindAt: new Date(Date.now() + 30 * MINUTE_MS).toISOString() });
    expect(selectIsDue(actor.getSnapshot())).toBe(false);
    // Moved to "in a moment" from the other tab; the server sends notification.reminder_due then.
    const soon = new Date(Date.now() + 800).toISOString();
    await aliceTab.updateReminder({ messageId: ids[2]!, remind_at: soon });
    // The change arrives before the due time: upcoming first, so "due" below comes from the notification.
    await waitFor(actor, (s) => selectRemindAt(s) === soon, { timeout: 5000 });
    expect(selectIsDue(actor.getSnapshot())).toBe(false);
    await waitFor(actor, (s) => selectIsDue(s), { timeout: 10_000 });
    expect(selectStatus(actor.getSnapshot())).toBe('scheduled');
  });
});

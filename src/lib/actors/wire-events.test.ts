/**
 * The real actors that listen to the stream-chat client translate its wire events into the
 * machines' own event names (machines/CONVENTION.md): the reminder and live-location machines,
 * run with those actors over a stand-in client, follow the wire events they are told of.
 */
import type { Event, StreamChat } from 'stream-chat';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { liveLocationMachine } from '../../../machines/live-location/live-location.machine';
import { selectIsLiveShare } from '../../../machines/live-location/live-location.selectors';
import type { LiveShare } from '../../../machines/live-location/live-location.types';
import { reminderMachine } from '../../../machines/reminder/reminder.machine';
import { selectIsDue, selectRemindAt, selectStatus } from '../../../machines/reminder/reminder.selectors';
import { createLiveLocationActors, type GeolocationLike } from './live-location-actors';
import { createReminderActors, reminderEventFor } from './reminder-actors';

/** A client that only takes listeners (`on`) and lets the test deliver wire events to them. */
function standInClient() {
  const listeners = new Map<string, Set<(event: Event) => void>>();
  const client = {
    on(type: string, listener: (event: Event) => void) {
      if (!listeners.has(type)) listeners.set(type, new Set());
      listeners.get(type)!.add(listener);
      return { unsubscribe: () => listeners.get(type)!.delete(listener) };
    },
  } as unknown as StreamChat;
  const deliver = (event: Event) => listeners.get(event.type)?.forEach((listener) => listener(event));
  return { client, deliver };
}

const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

describe('wire events into the machines’ own names', () => {
  it('reminder: reminder.created / updated → reminder.changed, reminder.deleted / message.deleted → reminder.removed, notification.reminder_due → reminder.due', () => {
    const { client, deliver } = standInClient();
    const { watchReminder } = createReminderActors(client);
    const machine = reminderMachine.provide({ actors: { watchReminder } });
    const actor = createActor(machine, { input: { messageId: 'm1', now: () => NOW } }).start();
    const reminder = (remindAt: string | null, messageId = 'm1') => ({ message_id: messageId, remind_at: remindAt });

    deliver({ type: 'reminder.created', message_id: 'm1', reminder: reminder(iso(NOW + 60_000)) } as never);
    expect(selectRemindAt(actor.getSnapshot())).toBe(iso(NOW + 60_000));
    deliver({ type: 'reminder.updated', message_id: 'other', reminder: reminder(null, 'other') } as never);
    expect(selectStatus(actor.getSnapshot())).toBe('scheduled');
    deliver({ type: 'notification.reminder_due', message_id: 'm1' } as never);
    expect(selectIsDue(actor.getSnapshot())).toBe(true);
    deliver({ type: 'reminder.updated', message_id: 'm1', reminder: reminder(null) } as never);
    expect(selectStatus(actor.getSnapshot())).toBe('savedForLater');
    deliver({ type: 'reminder.deleted', message_id: 'm1', reminder: reminder(null) } as never);
    expect(selectStatus(actor.getSnapshot())).toBe('none');
    deliver({ type: 'reminder.created', message_id: 'm1', reminder: reminder(null) } as never);
    expect(selectStatus(actor.getSnapshot())).toBe('savedForLater');
    deliver({ type: 'message.deleted', message: { id: 'm1' } } as never);
    expect(selectStatus(actor.getSnapshot())).toBe('none');
    expect(reminderEventFor('m1', { type: 'message.deleted', message: { id: 'm1' } } as Event)).toEqual({
      type: 'reminder.removed',
    });
    actor.stop();
  });

  it('live location: message.updated → message.changed, message.deleted → message.removed', () => {
    const { client, deliver } = standInClient();
    const geolocation = { watchPosition: () => 1, clearWatch: () => undefined } as unknown as GeolocationLike;
    const { followMessages } = createLiveLocationActors({ client, geolocation });
    const machine = liveLocationMachine.provide({
      actors: {
        followMessages,
        // The listing never answers: the registry follows the chat while it loads.
        fetchLiveShares: fromPromise<LiveShare[]>(() => new Promise(() => {})),
        watchPosition: fromCallback(() => undefined),
      },
    });
    const actor = createActor(machine, { input: { userId: 'alice', deviceId: 'phone', now: () => NOW } }).start();
    const live = (id: string) => ({
      id,
      type: 'regular',
      user: { id: 'alice' },
      shared_location: { channel_cid: 'messaging:places', end_at: iso(NOW + 600_000) },
    });

    deliver({ type: 'message.updated', message: live('m1') } as never);
    deliver({ type: 'message.updated', message: live('m2') } as never);
    expect([selectIsLiveShare(actor.getSnapshot(), 'm1'), selectIsLiveShare(actor.getSnapshot(), 'm2')]).toEqual([
      true,
      true,
    ]);
    deliver({ type: 'message.deleted', message: { ...live('m1'), type: 'deleted' } } as never);
    expect([selectIsLiveShare(actor.getSnapshot(), 'm1'), selectIsLiveShare(actor.getSnapshot(), 'm2')]).toEqual([
      false,
      true,
    ]);
    actor.stop();
  });
});

/**
 * Reminders (chat-protocol.md §3.9 ReminderResponse, §4.10): a user's "save for later" mark on a
 * message, with an optional time to be reminded. Messages carry the viewer's reminder (base
 * fields); the full response adds the user, the message and the channel. Reminder events go to
 * all of the user's connections.
 */
import type { ChatEvent } from './gateway.js';
import type { Sandbox } from './sandbox.js';
import type { ReminderRec } from './store/model.js';
import { nextTimestamp } from './clock.js';

/** ReminderResponseBase: what a message carries for its viewer. */
export function reminderBase(reminder: ReminderRec): Record<string, unknown> {
  return {
    channel_cid: reminder.cid,
    message_id: reminder.message_id,
    user_id: reminder.user_id,
    remind_at: reminder.remind_at,
    created_at: reminder.created_at,
    updated_at: reminder.updated_at,
  };
}

/** ReminderResponse: the base with the user, the message (as the user sees it) and the channel. */
export function reminderResponse(sandbox: Sandbox, reminder: ReminderRec): Record<string, unknown> {
  const { store, serialize } = sandbox;
  const message = store.messages.get(reminder.message_id);
  const channel = store.channels.get(reminder.cid);
  return {
    ...reminderBase(reminder),
    user: serialize.user(reminder.user_id),
    message: message ? serialize.message(message, reminder.user_id) : undefined,
    channel: channel ? serialize.channel(channel, { userId: reminder.user_id, server: false }) : undefined,
  };
}

/** `reminder.created|updated|deleted` and `notification.reminder_due`, for the reminder's user. */
export function reminderEvent(sandbox: Sandbox, type: string, reminder: ReminderRec): ChatEvent {
  const channel = sandbox.store.channels.get(reminder.cid);
  const parentId = sandbox.store.messages.get(reminder.message_id)?.parent_id;
  return {
    type,
    cid: reminder.cid,
    channel_id: channel?.id ?? reminder.cid.slice(reminder.cid.indexOf(':') + 1),
    channel_type: channel?.type ?? reminder.cid.slice(0, reminder.cid.indexOf(':')),
    message_id: reminder.message_id,
    user_id: reminder.user_id,
    ...(parentId ? { parent_id: parentId } : {}),
    reminder: reminderResponse(sandbox, reminder),
    created_at: nextTimestamp(),
  };
}

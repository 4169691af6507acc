/**
 * Changing reminders (chat-protocol.md §4.10): create, update and delete a user's reminder on a
 * message. Each change goes as `reminder.*` to all of the user's connections and re-arms the
 * scheduler (reminder-scheduler.ts), which sends `notification.reminder_due`.
 */
import { channelConfig } from '../channel-types.js';
import { nextTimestamp } from '../clock.js';
import { ChatError, inputError, notFound } from '../errors.js';
import { ReminderScheduler } from '../reminder-scheduler.js';
import { reminderEvent } from '../reminders.js';
import type { Sandbox } from '../sandbox.js';
import { reminderKey } from '../store/chat-store.js';
import type { MessageRec, ReminderRec } from '../store/model.js';
import { loadMessage, requireRead } from './common.js';

/** Starts the scheduler of due reminders; when a user connects, what fell due meanwhile is delivered. */
export function startReminderScheduler(sandbox: Sandbox): ReminderScheduler {
  const { gateway } = sandbox;
  const scheduler = new ReminderScheduler(sandbox);
  const previousPresence = gateway.onPresence;
  gateway.onPresence = (userId, online) => {
    previousPresence(userId, online);
    if (online) scheduler.userConnected(userId);
  };
  scheduler.start();
  return scheduler;
}

/** `remind_at`: absent or null for "save for later" without a time, else an RFC 3339 date-time. */
function remindAt(value: string | null | undefined): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(Date.parse(value))) {
    throw inputError('remind_at must be an RFC 3339 date-time (e.g. 2030-01-31T09:00:00Z) or null');
  }
  return new Date(Date.parse(value)).toISOString();
}

/** The message `userId` may set a reminder on: 16 when gone or hidden, then the read check, then 19 when disabled. */
function reminderMessage(sandbox: Sandbox, userId: string, messageId: string, resource: string): MessageRec {
  const message = loadMessage(sandbox, messageId);
  const channel = sandbox.store.channels.get(message.cid);
  const hidden = message.shadowed && message.user_id !== userId;
  if (!channel || channel.deleted_at || message.deleted_at || hidden)
    throw notFound(`Message "${message.id}" does not exist`);
  requireRead(sandbox, channel, { userId, server: false });
  if (!channelConfig(channel).user_message_reminders) {
    throw new ChatError(
      19,
      `${resource} failed with error: "reminders are disabled for channel type ${channel.type}"`,
      400,
    );
  }
  return message;
}

/** Sends the reminder's event to its user and re-arms the scheduler; answers the event. */
function announce(sandbox: Sandbox, scheduler: ReminderScheduler, type: string, reminder: ReminderRec) {
  const event = reminderEvent(sandbox, type, reminder);
  sandbox.gateway.toUser(reminder.user_id, event);
  scheduler.changed();
  return event;
}

/** Creates `userId`'s reminder on the message (4 when one exists); saves it, sends `reminder.created`, answers the response. */
export function createReminder(
  sandbox: Sandbox,
  scheduler: ReminderScheduler,
  userId: string,
  messageId: string,
  at: string | null | undefined,
): unknown {
  const message = reminderMessage(sandbox, userId, messageId, 'CreateReminder');
  const remind = remindAt(at);
  if (sandbox.store.reminders.has(reminderKey(message.id, userId))) {
    throw inputError(
      `CreateReminder failed with error: "user ${userId} already has reminder created for this message_id"`,
    );
  }
  const now = nextTimestamp();
  const reminder: ReminderRec = {
    message_id: message.id,
    user_id: userId,
    cid: message.cid,
    ...(remind ? { remind_at: remind } : {}),
    created_at: now,
    updated_at: now,
  };
  sandbox.store.saveReminder(reminder);
  return announce(sandbox, scheduler, 'reminder.created', reminder).reminder;
}

/**
 * Sets or clears the time of `userId`'s reminder on the message (16 when missing); a new time is
 * due again. Saves it, sends `reminder.updated`, answers the response.
 */
export function updateReminder(
  sandbox: Sandbox,
  scheduler: ReminderScheduler,
  userId: string,
  messageId: string,
  at: string | null | undefined,
): unknown {
  const message = reminderMessage(sandbox, userId, messageId, 'UpdateReminder');
  const remind = remindAt(at);
  const reminder = sandbox.store.reminders.get(reminderKey(message.id, userId));
  if (!reminder) throw notFound('UpdateReminder failed with error: "reminder does not exist"');
  if (reminder.remind_at !== remind) delete reminder.notified_at;
  if (remind) reminder.remind_at = remind;
  else delete reminder.remind_at;
  reminder.updated_at = nextTimestamp();
  sandbox.store.saveReminder(reminder);
  return announce(sandbox, scheduler, 'reminder.updated', reminder).reminder;
}

/** Deletes `userId`'s reminder on the message (16 when missing) and sends `reminder.deleted`. */
export function deleteReminder(sandbox: Sandbox, scheduler: ReminderScheduler, userId: string, messageId: string) {
  const message = reminderMessage(sandbox, userId, messageId, 'DeleteReminder');
  const reminder = sandbox.store.reminders.get(reminderKey(message.id, userId));
  if (!reminder) throw notFound('DeleteReminder failed with error: "reminder does not exist"');
  sandbox.store.deleteReminder(message.id, userId);
  announce(sandbox, scheduler, 'reminder.deleted', reminder);
}

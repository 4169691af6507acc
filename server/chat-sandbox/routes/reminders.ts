/**
 * Reminders (chat-protocol.md §4.10): create, update and delete the acting user's reminder on a
 * message, and query their reminders. As on the hosted service, creating a reminder that exists
 * fails ("already has reminder created for this message_id") and updating or deleting a missing
 * one fails ("reminder does not exist"): the client's ReminderManager.upsertReminder falls back
 * between create and update on exactly those texts. Events go to all of the user's connections;
 * the scheduler (reminder-scheduler.ts) sends `notification.reminder_due`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { channelConfig } from '../channel-types.js';
import { nextTimestamp } from '../clock.js';
import { ChatError, inputError, notFound } from '../errors.js';
import { checkFilterFields, matches, type Filter } from '../query/filter.js';
import { cursorPage, readCursorQuery } from '../query/offset-page.js';
import { sortBy } from '../query/sort.js';
import { ReminderScheduler } from '../reminder-scheduler.js';
import { reminderBase, reminderEvent, reminderResponse } from '../reminders.js';
import { ok, type Sandbox } from '../sandbox.js';
import * as schemas from '../schema/reminders.js';
import { reminderKey } from '../store/chat-store.js';
import type { ReminderRec } from '../store/model.js';
import { actorUserId, canRead, loadMessage, requireRead } from '../services/common.js';

/** The request shapes below are guaranteed by the route schemas (schema/reminders.ts). */
interface ReminderBody {
  remind_at?: string | null;
  user_id?: string | null;
}

interface QueryBody {
  filter?: Filter | null;
  sort?: { field: string; direction?: number }[] | null;
  limit?: number | null;
  next?: string | null;
  prev?: string | null;
  user_id?: string | null;
}

const FILTER_FIELDS = new Set(['remind_at', 'channel_cid', 'message_id', 'created_at', 'user_id']);
const SORT_FIELDS = new Set(['channel_cid', 'created_at', 'remind_at', 'updated_at']);

/** `remind_at`: absent or null for "save for later" without a time, else an RFC 3339 date-time. */
function remindAt(value: string | null | undefined): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(Date.parse(value))) {
    throw inputError('remind_at must be an RFC 3339 date-time (e.g. 2030-01-31T09:00:00Z) or null');
  }
  return new Date(Date.parse(value)).toISOString();
}

export async function reminderRoutes(app: FastifyInstance, sandbox: Sandbox): Promise<void> {
  const { store, gateway } = sandbox;
  const scheduler = new ReminderScheduler(sandbox);
  const previousPresence = gateway.onPresence;
  gateway.onPresence = (userId, online) => {
    previousPresence(userId, online);
    if (online) scheduler.userConnected(userId);
  };
  scheduler.start();
  app.addHook('preClose', async () => scheduler.stop());

  /** The message, its channel and the acting user, after the read and feature checks. */
  function open(request: FastifyRequest<{ Params: { mid: string } }>, namedUser: unknown, resource: string) {
    const userId = actorUserId(request, { user_id: namedUser });
    const message = loadMessage(sandbox, request.params.mid);
    const channel = store.channels.get(message.cid);
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
    return { userId, message, channel };
  }

  function announce(type: string, reminder: ReminderRec): Record<string, unknown> {
    const event = reminderEvent(sandbox, type, reminder);
    gateway.toUser(reminder.user_id, event);
    return event;
  }

  app.post<{ Params: { mid: string }; Body: ReminderBody }>(
    '/messages/:mid/reminders',
    { schema: schemas.CREATE_REMINDER },
    async (request) => {
      const body = request.body ?? {};
      const { userId, message } = open(request, body.user_id, 'CreateReminder');
      const at = remindAt(body.remind_at);
      if (store.reminders.has(reminderKey(message.id, userId))) {
        throw inputError(
          `CreateReminder failed with error: "user ${userId} already has reminder created for this message_id"`,
        );
      }
      const now = nextTimestamp();
      const reminder: ReminderRec = {
        message_id: message.id,
        user_id: userId,
        cid: message.cid,
        ...(at ? { remind_at: at } : {}),
        created_at: now,
        updated_at: now,
      };
      store.saveReminder(reminder);
      const event = announce('reminder.created', reminder);
      scheduler.changed();
      return ok({ reminder: event.reminder });
    },
  );

  app.patch<{ Params: { mid: string }; Body: ReminderBody }>(
    '/messages/:mid/reminders',
    { schema: schemas.UPDATE_REMINDER },
    async (request) => {
      const body = request.body ?? {};
      const { userId, message } = open(request, body.user_id, 'UpdateReminder');
      const at = remindAt(body.remind_at);
      const reminder = store.reminders.get(reminderKey(message.id, userId));
      if (!reminder) throw notFound('UpdateReminder failed with error: "reminder does not exist"');
      if (reminder.remind_at !== at) delete reminder.notified_at;
      if (at) reminder.remind_at = at;
      else delete reminder.remind_at;
      reminder.updated_at = nextTimestamp();
      store.saveReminder(reminder);
      const event = announce('reminder.updated', reminder);
      scheduler.changed();
      return ok({ reminder: event.reminder });
    },
  );

  app.delete<{ Params: { mid: string }; Querystring: { user_id?: string } }>(
    '/messages/:mid/reminders',
    { schema: schemas.DELETE_REMINDER },
    async (request) => {
      const { userId, message } = open(request, request.query.user_id, 'DeleteReminder');
      const reminder = store.reminders.get(reminderKey(message.id, userId));
      if (!reminder) throw notFound('DeleteReminder failed with error: "reminder does not exist"');
      store.deleteReminder(message.id, userId);
      announce('reminder.deleted', reminder);
      scheduler.changed();
      return ok({});
    },
  );

  app.post<{ Body: QueryBody }>('/reminders/query', { schema: schemas.QUERY_REMINDERS }, async (request) => {
    const body = request.body ?? {};
    const userId = actorUserId(request, { user_id: body.user_id });
    const filter = checkFilterFields(body.filter, 'reminders', FILTER_FIELDS);
    const { specs, limit, offset } = readCursorQuery(body, 'reminders', SORT_FIELDS);
    const reader = { userId, server: false };
    const mine = [...store.reminders.values()].filter((reminder) => {
      if (reminder.user_id !== userId) return false;
      const message = store.messages.get(reminder.message_id);
      const channel = store.channels.get(reminder.cid);
      return (
        message !== undefined &&
        !message.deleted_at &&
        channel !== undefined &&
        !channel.deleted_at &&
        canRead(sandbox, channel, reader)
      );
    });
    const sorted = sortBy(
      mine.filter((reminder) => matches(reminderBase(reminder), filter)),
      [...specs, { field: 'message_id', direction: 1 }],
      (reminder, field) => reminderBase(reminder)[field],
    );
    const { page, next, previous } = cursorPage(sorted, offset, limit);
    return ok({
      reminders: page.map((reminder) => reminderResponse(sandbox, reminder)),
      ...(next ? { next } : {}),
      ...(previous ? { prev: previous } : {}),
    });
  });
}

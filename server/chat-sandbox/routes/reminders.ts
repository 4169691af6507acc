/**
 * Reminders (chat-protocol.md §4.10): create, update and delete the acting user's reminder on a
 * message, and query their reminders. As on the hosted service, creating a reminder that exists
 * fails ("already has reminder created for this message_id") and updating or deleting a missing
 * one fails ("reminder does not exist"): the client's ReminderManager.upsertReminder falls back
 * between create and update on exactly those texts. The changes and their events are in
 * services/reminders.ts; the scheduler (reminder-scheduler.ts) sends `notification.reminder_due`.
 */
import type { FastifyInstance } from 'fastify';
import { checkFilterFields, matches, type Filter } from '../query/filter.js';
import { cursorPage, readCursorQuery } from '../query/offset-page.js';
import { sortBy } from '../query/sort.js';
import { reminderBase, reminderResponse } from '../reminders.js';
import { ok, type Sandbox } from '../sandbox.js';
import { actorUserId } from '../request-input.js';
import * as schemas from '../schema/reminders.js';
import { canRead } from '../services/common.js';
import { createReminder, deleteReminder, startReminderScheduler, updateReminder } from '../services/reminders.js';

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

export async function reminderRoutes(app: FastifyInstance, sandbox: Sandbox): Promise<void> {
  const { store } = sandbox;
  const scheduler = startReminderScheduler(sandbox);
  app.addHook('preClose', async () => scheduler.stop());

  app.post<{ Params: { mid: string }; Body: ReminderBody }>(
    '/messages/:mid/reminders',
    { schema: schemas.CREATE_REMINDER },
    async (request) => {
      const body = request.body ?? {};
      const userId = actorUserId(request, { user_id: body.user_id });
      return ok({ reminder: createReminder(sandbox, scheduler, userId, request.params.mid, body.remind_at) });
    },
  );

  app.patch<{ Params: { mid: string }; Body: ReminderBody }>(
    '/messages/:mid/reminders',
    { schema: schemas.UPDATE_REMINDER },
    async (request) => {
      const body = request.body ?? {};
      const userId = actorUserId(request, { user_id: body.user_id });
      return ok({ reminder: updateReminder(sandbox, scheduler, userId, request.params.mid, body.remind_at) });
    },
  );

  app.delete<{ Params: { mid: string }; Querystring: { user_id?: string } }>(
    '/messages/:mid/reminders',
    { schema: schemas.DELETE_REMINDER },
    async (request) => {
      const userId = actorUserId(request, { user_id: request.query.user_id });
      deleteReminder(sandbox, scheduler, userId, request.params.mid);
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

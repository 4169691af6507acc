/**
 * Read state (chat-protocol.md §4.2): mark a channel read, mark unread from a message (only
 * within the newest 100 channel messages), mark everything read, and the unread summary.
 */
import type { FastifyInstance } from 'fastify';
import { channelConfig } from '../channel-types.js';
import { ChatError, notFound } from '../errors.js';
import { ok, type Sandbox } from '../sandbox.js';
import { actorUserId } from '../request-input.js';
import * as schemas from '../schema/reads.js';
import { channelUnread, unreadTotals } from '../unread.js';
import { markThreadRead, markThreadUnread } from '../threads/reads.js';
import { unreadThreadsOf } from '../threads/unread.js';
import { loadChannel, requireCapability } from '../services/common.js';
import { markAllRead, markChannelRead, markChannelUnread } from '../services/reads.js';

/** The acting user of a server-side call; the request shapes are guaranteed by the route schemas (schema/reads.ts). */
interface Acting {
  user_id?: string | null;
  user?: { id?: string };
}

export async function readRoutes(app: FastifyInstance, sandbox: Sandbox): Promise<void> {
  const { store } = sandbox;

  app.post<{
    Params: { type: string; id: string };
    Body: Acting & { message_id?: string | null; thread_id?: string };
  }>('/channels/:type/:id/read', { schema: schemas.MARK_READ }, async (request) => {
    const body = request.body ?? {};
    const channel = loadChannel(sandbox, request.params.type, request.params.id);
    const userId = actorUserId(request, body);
    if (!channelConfig(channel).read_events)
      throw new ChatError(19, `read events are disabled for channel type ${channel.type}`, 400);
    requireCapability(
      sandbox,
      channel,
      { ...request.chatActor, userId, server: request.chatActor.server },
      'read-events',
      'ReadChannel',
    );
    const member = store.member(channel.cid, userId);
    if (!member) throw notFound(`User ${userId} is not a member of ${channel.cid}`);
    if (body.thread_id !== undefined) return ok({ event: markThreadRead(sandbox, channel, userId, body.thread_id) });
    return ok({ event: markChannelRead(sandbox, channel, member, body.message_id ?? undefined) });
  });

  app.post<{
    Params: { type: string; id: string };
    Body: Acting & { message_id?: string; message_timestamp?: string; thread_id?: string };
  }>('/channels/:type/:id/unread', { schema: schemas.MARK_UNREAD }, async (request) => {
    const body = request.body ?? {};
    const channel = loadChannel(sandbox, request.params.type, request.params.id);
    const userId = actorUserId(request, body);
    const member = store.member(channel.cid, userId);
    if (!member) throw notFound(`User ${userId} is not a member of ${channel.cid}`);
    if (body.thread_id !== undefined) {
      markThreadUnread(sandbox, channel, userId, body);
      return ok({});
    }
    markChannelUnread(sandbox, channel, member, body);
    return ok({});
  });

  app.post<{ Body: Acting & { read_by_channel?: Record<string, string> } }>(
    '/channels/read',
    { schema: schemas.MARK_ALL_READ },
    async (request) => {
      const userId = actorUserId(request, request.body);
      markAllRead(sandbox, userId, request.body?.read_by_channel);
      return ok({});
    },
  );

  app.get<{ Querystring: { user_id?: string } }>('/unread', { schema: schemas.UNREAD_COUNTS }, async (request) => {
    const userId = actorUserId(request, { user_id: request.query.user_id });
    const channels: { channel_id: string; last_read: string; unread_count: number }[] = [];
    const byType = new Map<string, { channel_count: number; unread_count: number }>();
    for (const [cid, members] of store.members) {
      const member = members.get(userId);
      const channel = store.channels.get(cid);
      if (!member || !channel || channel.deleted_at) continue;
      const unread = channelUnread(cid, userId, store);
      channels.push({ channel_id: cid, last_read: member.last_read, unread_count: unread });
      const entry = byType.get(channel.type) ?? { channel_count: 0, unread_count: 0 };
      byType.set(channel.type, { channel_count: entry.channel_count + 1, unread_count: entry.unread_count + unread });
    }
    const totals = unreadTotals(userId, store);
    return ok({
      total_unread_count: totals.total_unread_count,
      total_unread_threads_count: totals.unread_threads,
      channels,
      channel_type: [...byType].map(([channel_type, v]) => ({ channel_type, ...v })),
      threads: unreadThreadsOf(userId, store),
    });
  });

  app.post('/channels/delivered', { schema: schemas.MARK_DELIVERED }, async () => ok({}));
}

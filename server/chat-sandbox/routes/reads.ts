/**
 * Read state (chat-protocol.md §4.2): mark a channel read, mark unread from a message (only
 * within the newest 100 channel messages), mark everything read, and the unread summary.
 */
import type { FastifyInstance } from 'fastify';
import { channelConfig } from '../channel-types.js';
import { nextTimestamp } from '../clock.js';
import { ChatError, inputError, notFound } from '../errors.js';
import { ok, type Sandbox } from '../sandbox.js';
import * as schemas from '../schema/reads.js';
import type { ChannelRec, MemberRec } from '../store/model.js';
import { channelUnread, UNREAD_WINDOW, unreadTotals } from '../unread.js';
import { markThreadRead, markThreadUnread } from '../threads/reads.js';
import {
  actorUserId,
  channelEventBase,
  channelMessagesFor,
  loadChannel,
  requireCapability,
} from '../services/common.js';

/** The acting user of a server-side call; the request shapes are guaranteed by the route schemas (schema/reads.ts). */
interface Acting {
  user_id?: string | null;
  user?: { id?: string };
}

export async function readRoutes(app: FastifyInstance, sandbox: Sandbox): Promise<void> {
  const { store, gateway, serialize } = sandbox;

  function markRead(channel: ChannelRec, member: MemberRec, messageId?: string) {
    const messages = channelMessagesFor(sandbox, channel, member.user_id);
    let target = messages[messages.length - 1];
    if (messageId) {
      target = messages.find((m) => m.id === messageId);
      if (!target) throw notFound(`message ${messageId} does not exist in ${channel.cid}`);
    }
    const now = nextTimestamp();
    member.last_read = messageId && target ? target.created_at : now;
    member.last_read_message_id = target?.id;
    store.saveMember(member);
    const user = serialize.user(member.user_id);
    const event = {
      type: 'message.read',
      ...channelEventBase(channel),
      user,
      created_at: now,
      last_read_message_id: target?.id,
    };
    gateway.toWatchers(channel.cid, () => event);
    gateway.toUser(member.user_id, {
      type: 'notification.mark_read',
      ...channelEventBase(channel),
      user,
      created_at: now,
      last_read_message_id: target?.id,
      ...unreadTotals(member.user_id, store),
    });
    return event;
  }

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
    return ok({ event: markRead(channel, member, body.message_id ?? undefined) });
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
    if (!body.message_id && !body.message_timestamp) throw inputError('message_id or message_timestamp is required');
    const messages = channelMessagesFor(sandbox, channel, userId).filter((m) => !m.parent_id || m.show_in_channel);
    const newest = messages.slice(-UNREAD_WINDOW);
    let index: number;
    if (body.message_id) {
      index = newest.findIndex((m) => m.id === body.message_id);
      if (index < 0 && messages.some((m) => m.id === body.message_id)) {
        throw inputError(`cannot mark messages older than the newest ${UNREAD_WINDOW} channel messages as unread`);
      }
      if (index < 0) throw notFound(`message ${body.message_id} does not exist in ${channel.cid}`);
    } else {
      const at = new Date(body.message_timestamp!);
      if (Number.isNaN(at.getTime())) throw inputError('message_timestamp must be a date');
      index = newest.findIndex((m) => m.created_at >= at.toISOString());
      if (index < 0) throw inputError('no message at or after message_timestamp');
      if (index === 0 && messages.length > newest.length) {
        throw inputError(`cannot mark messages older than the newest ${UNREAD_WINDOW} channel messages as unread`);
      }
    }
    const first = newest[index]!;
    const previous = newest[index - 1] ?? messages[messages.length - newest.length - 1];
    // Just before the first unread message.
    member.last_read = previous ? previous.created_at : new Date(Date.parse(first.created_at) - 1).toISOString();
    member.last_read_message_id = previous?.id;
    store.saveMember(member);
    const now = nextTimestamp();
    gateway.toUser(userId, {
      type: 'notification.mark_unread',
      ...channelEventBase(channel),
      user: serialize.user(userId),
      created_at: now,
      first_unread_message_id: first.id,
      last_read_message_id: previous?.id,
      last_read_at: member.last_read,
      unread_messages: channelUnread(channel.cid, userId, store),
      ...unreadTotals(userId, store),
    });
    return ok({});
  });

  app.post<{ Body: Acting & { read_by_channel?: Record<string, string> } }>(
    '/channels/read',
    { schema: schemas.MARK_ALL_READ },
    async (request) => {
      const userId = actorUserId(request, request.body);
      const only = request.body?.read_by_channel;
      const now = nextTimestamp();
      for (const [cid, members] of store.members) {
        const member = members.get(userId);
        const channel = store.channels.get(cid);
        if (!member || !channel || channel.deleted_at || (only && !Object.hasOwn(only, cid))) continue;
        member.last_read = now;
        member.last_read_message_id = store.messagesOf(cid).at(-1)?.id;
        store.saveMember(member);
        gateway.toWatchers(cid, () => ({
          type: 'message.read',
          ...channelEventBase(channel),
          user: serialize.user(userId),
          created_at: now,
          last_read_message_id: member.last_read_message_id,
        }));
      }
      gateway.toUser(userId, {
        type: 'notification.mark_read',
        user: serialize.user(userId),
        created_at: now,
        ...unreadTotals(userId, store),
      });
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
      entry.channel_count += 1;
      entry.unread_count += unread;
      byType.set(channel.type, entry);
    }
    const totals = unreadTotals(userId, store);
    return ok({
      total_unread_count: totals.total_unread_count,
      total_unread_threads_count: totals.unread_threads,
      channels,
      channel_type: [...byType].map(([channel_type, v]) => ({ channel_type, ...v })),
      threads: [],
    });
  });

  app.post('/channels/delivered', { schema: schemas.MARK_DELIVERED }, async () => ok({}));
}

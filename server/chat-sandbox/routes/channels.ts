/**
 * Channels (chat-protocol.md §4.2): query, get-or-create (by id and by members), update and
 * partial update, delete, truncate, hide/show, stop-watching.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CHANNEL_TYPES, validateChannelId, validateChannelType } from '../channel-types.js';
import { nextTimestamp } from '../clock.js';
import { inputError, notAllowed, notFound } from '../errors.js';
import { matches, mentions, type Filter } from '../query/filter.js';
import { parseSort, sortBy } from '../query/sort.js';
import { ok, type Sandbox } from '../sandbox.js';
import type { ChannelRec, Custom, MemberRec } from '../store/model.js';
import { channelView } from './channel-view.js';
import {
  actorUserId,
  canRead,
  channelEventBase,
  channelState,
  loadChannel,
  newMember,
  requireCapability,
  requireRead,
  viewerOf,
  type StateOptions,
} from './common.js';
import { applyMemberChanges, type MemberChanges } from './member-changes.js';
import { createSystemMessage } from './message-pipeline.js';

interface QueryBody extends StateOptions {
  data?: Custom & {
    members?: (string | { user_id: string; channel_role?: string })[];
    created_by_id?: string;
    created_by?: { id?: string };
  };
  state?: boolean;
  watch?: boolean;
  presence?: boolean;
  user_id?: string;
}

const RESERVED = new Set([
  'id',
  'type',
  'cid',
  'created_at',
  'updated_at',
  'created_by',
  'created_by_id',
  'members',
  'member_count',
  'config',
  'own_capabilities',
  'last_message_at',
  'deleted_at',
  'truncated_at',
  'frozen',
  'disabled',
  'cooldown',
  'team',
  'config_overrides',
]);

function customOf(data: Custom | undefined): Custom {
  const custom: Custom = {};
  for (const [key, value] of Object.entries(data ?? {})) if (!RESERVED.has(key)) custom[key] = value;
  return custom;
}

function memberSpecs(raw: unknown): { user_id: string; channel_role?: string }[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) throw inputError('data.members must be an array of user ids');
  return raw.map((m) => {
    if (typeof m === 'string' && m) return { user_id: m };
    if (m && typeof m === 'object' && typeof (m as { user_id?: unknown }).user_id === 'string')
      return m as { user_id: string; channel_role?: string };
    throw inputError('data.members must be an array of user ids');
  });
}

/** Registers the connection as watcher and tells the other watchers. */
export function startWatching(sandbox: Sandbox, request: FastifyRequest, channel: ChannelRec, presence: boolean): void {
  const connection = sandbox.gateway.get(request.chatActor.connectionId);
  if (!connection) return;
  if (presence) for (const m of sandbox.store.membersOf(channel.cid)) connection.presenceOf.add(m.user_id);
  if (!sandbox.gateway.watch(connection, channel.cid)) return;
  const count = sandbox.gateway.watcherUserIds(channel.cid).length;
  sandbox.gateway.toWatchers(
    channel.cid,
    () => ({
      type: 'user.watching.start',
      ...channelEventBase(channel),
      user: sandbox.serialize.user(connection.userId),
      watcher_count: count,
    }),
    (c) => c.id === connection.id,
  );
}

export async function channelRoutes(app: FastifyInstance, sandbox: Sandbox): Promise<void> {
  const { store, gateway, serialize } = sandbox;

  function getOrCreate(request: FastifyRequest, type: string, id: string | undefined, body: QueryBody) {
    validateChannelType(type);
    const actor = request.chatActor;
    const creatorId = actor.server
      ? (body.data?.created_by_id ?? body.data?.created_by?.id ?? actor.userId ?? undefined)
      : actor.userId!;
    const specs = memberSpecs(body.data?.members);
    for (const spec of specs) if (!store.users.get(spec.user_id)) store.ensureUser(spec.user_id);
    if (id === undefined) {
      if (specs.length === 0)
        throw inputError('When creating a channel without an id, data.members must name at least one member');
      const ids = [...new Set(specs.map((s) => s.user_id))].sort();
      id = `!members-${createHash('sha256').update(ids.join(',')).digest('base64url').slice(0, 32)}`;
    }
    validateChannelId(id);
    const cid = `${type}:${id}`;
    let channel = store.channels.get(cid);
    if (channel?.deleted_at) {
      store.deleteChannel(cid);
      channel = undefined;
    }
    if (!channel) {
      const now = nextTimestamp();
      channel = {
        type,
        id,
        cid,
        custom: customOf(body.data),
        created_by_id: creatorId,
        created_at: now,
        updated_at: now,
        frozen: Boolean(body.data?.frozen),
        disabled: false,
        team: typeof body.data?.team === 'string' ? body.data.team : undefined,
        config_overrides: (body.data?.config_overrides as Custom | undefined) ?? {},
      };
      store.saveChannel(channel);
      const added = new Map<string, MemberRec>();
      for (const spec of specs) {
        const role = spec.channel_role === 'channel_moderator' ? 'channel_moderator' : 'channel_member';
        added.set(spec.user_id, newMember(cid, spec.user_id, role));
      }
      if (creatorId && !actor.server && !added.has(creatorId) && !CHANNEL_TYPES[type]?.public) {
        added.set(creatorId, newMember(cid, creatorId));
      }
      for (const member of added.values()) store.saveMember(member);
      for (const member of added.values()) {
        if (member.user_id === actor.userId && !actor.server) continue;
        gateway.toUser(member.user_id, {
          type: 'notification.added_to_channel',
          ...channelEventBase(channel),
          channel: {
            ...serialize.channel(channel, { userId: member.user_id, server: false }),
            members: store.membersOf(cid).map((m) => serialize.member(m)),
          },
          member: serialize.member(member),
        });
      }
    }
    requireRead(sandbox, channel, actor);
    if (body.watch) startWatching(sandbox, request, channel, Boolean(body.presence));
    return channel;
  }

  app.post<{ Params: { type: string; id: string }; Body: QueryBody }>('/channels/:type/:id/query', async (request) => {
    const body = request.body ?? {};
    const channel = getOrCreate(request, request.params.type, request.params.id, body);
    return ok(channelState(sandbox, channel, viewerOf(request.chatActor), body));
  });

  app.post<{ Params: { type: string }; Body: QueryBody }>('/channels/:type/query', async (request) => {
    const body = request.body ?? {};
    const channel = getOrCreate(request, request.params.type, undefined, body);
    return ok(channelState(sandbox, channel, viewerOf(request.chatActor), body));
  });

  app.post<{
    Body: {
      filter_conditions?: Filter;
      sort?: unknown;
      limit?: number;
      offset?: number;
      message_limit?: number;
      member_limit?: number;
      watch?: boolean;
      presence?: boolean;
      state?: boolean;
      user_id?: string;
    };
  }>('/channels', async (request) => {
    const body = request.body ?? {};
    const actor = request.chatActor;
    const userId = actor.server ? (body.user_id ?? actor.userId) : actor.userId;
    const filter = body.filter_conditions ?? {};
    const limit = Math.min(Math.max(Number(body.limit ?? 10), 0), 30);
    const offset = Math.max(Number(body.offset ?? 0), 0);
    if (!Number.isFinite(limit) || !Number.isFinite(offset)) throw inputError('limit and offset must be numbers');
    const includeHidden = mentions(filter, 'hidden');
    const views = [...store.channels.values()]
      .filter((c) => !c.deleted_at && canRead(sandbox, c, { ...actor, userId }))
      .map((c) => ({ channel: c, view: channelView(sandbox, c, userId) }))
      .filter(({ view }) => (includeHidden || !view.hidden) && matches(view, filter));
    const specs = parseSort(body.sort, [{ field: 'last_updated', direction: -1 }]);
    const sorted = sortBy(views, [...specs, { field: 'cid', direction: 1 }], (item, field) => item.view[field]);
    const page = sorted.slice(offset, offset + limit);
    const viewer = { userId, server: actor.server };
    return ok({
      channels: page.map(({ channel }) => {
        if (body.watch) startWatching(sandbox, request, channel, Boolean(body.presence));
        return channelState(sandbox, channel, viewer, {
          messageLimit: body.message_limit ?? 25,
          members: { limit: body.member_limit ?? 100 },
        });
      }),
    });
  });

  app.post<{
    Params: { type: string; id: string };
    Body: MemberChanges & { data?: Custom; message?: Custom; cooldown?: number; user_id?: string };
  }>('/channels/:type/:id', async (request) => {
    const channel = loadChannel(sandbox, request.params.type, request.params.id);
    const body = request.body ?? {};
    const actor = request.chatActor;
    const actorId = actor.server ? (body.user_id ?? actor.userId ?? undefined) : actor.userId!;
    let changed = false;
    if (body.data) {
      requireCapability(sandbox, channel, actor, 'update-channel', 'UpdateChannel');
      channel.custom = customOf(body.data);
      if (typeof body.data.frozen === 'boolean') channel.frozen = body.data.frozen;
      changed = true;
    }
    if (body.cooldown !== undefined) {
      requireCapability(sandbox, channel, actor, 'set-channel-cooldown', 'UpdateChannelCooldown');
      if (!Number.isInteger(body.cooldown) || body.cooldown < 0 || body.cooldown > 120) {
        throw inputError('cooldown must be a whole number of seconds from 0 to 120');
      }
      channel.cooldown = body.cooldown || undefined;
      changed = true;
    }
    const members = applyMemberChanges(sandbox, channel, actor, body);
    let message: Record<string, unknown> | undefined;
    if (changed) {
      channel.updated_at = nextTimestamp();
      store.saveChannel(channel);
      gateway.toWatchers(channel.cid, (uid) => ({
        type: 'channel.updated',
        ...channelEventBase(channel),
        channel: serialize.channel(channel, { userId: uid, server: false }),
        user: actorId ? serialize.user(actorId) : undefined,
      }));
    }
    if (body.message && actorId)
      message = createSystemMessage(
        sandbox,
        channel,
        actorId,
        typeof body.message.text === 'string' ? body.message.text : '',
      );
    return ok({
      channel: serialize.channel(channel, viewerOf(actor)),
      members: members.map((m) => serialize.member(m)),
      ...(message ? { message } : {}),
    });
  });

  app.patch<{ Params: { type: string; id: string }; Body: { set?: Custom; unset?: string[]; user_id?: string } }>(
    '/channels/:type/:id',
    async (request) => {
      const channel = loadChannel(sandbox, request.params.type, request.params.id);
      const { set = {}, unset = [] } = request.body ?? {};
      const actor = request.chatActor;
      if (typeof set !== 'object' || !Array.isArray(unset))
        throw inputError('set must be an object and unset an array');
      const needsModerator = 'frozen' in set || 'cooldown' in set || 'config_overrides' in set;
      requireCapability(sandbox, channel, actor, needsModerator ? 'freeze-channel' : 'update-channel', 'UpdateChannel');
      for (const [key, value] of Object.entries(set)) {
        if (key === 'frozen') channel.frozen = Boolean(value);
        else if (key === 'disabled') channel.disabled = Boolean(value);
        else if (key === 'cooldown') channel.cooldown = Number(value) || undefined;
        else if (key === 'team') channel.team = typeof value === 'string' ? value : undefined;
        else if (key === 'config_overrides')
          channel.config_overrides = { ...channel.config_overrides, ...(value as Custom) };
        else if (RESERVED.has(key)) throw inputError(`field ${key} cannot be set`);
        else channel.custom[key] = value;
      }
      for (const key of unset) delete channel.custom[key];
      channel.updated_at = nextTimestamp();
      store.saveChannel(channel);
      const actorId = actor.server ? (request.body?.user_id ?? actor.userId) : actor.userId;
      gateway.toWatchers(channel.cid, (uid) => ({
        type: 'channel.updated',
        ...channelEventBase(channel),
        channel: serialize.channel(channel, { userId: uid, server: false }),
        user: actorId ? serialize.user(actorId) : undefined,
      }));
      return ok({
        channel: serialize.channel(channel, viewerOf(actor)),
        members: store.membersOf(channel.cid).map((m) => serialize.member(m)),
      });
    },
  );

  function deleteChannel(channel: ChannelRec, hard: boolean, actorId: string | null) {
    const watcherIds = new Set(gateway.watcherUserIds(channel.cid));
    const memberIds = store.membersOf(channel.cid).map((m) => m.user_id);
    channel.deleted_at = nextTimestamp();
    const snapshot = serialize.channel(channel, { userId: null, server: true });
    gateway.toWatchers(channel.cid, () => ({
      type: 'channel.deleted',
      ...channelEventBase(channel),
      channel: snapshot,
      user: actorId ? serialize.user(actorId) : undefined,
    }));
    for (const id of memberIds) {
      if (!watcherIds.has(id))
        gateway.toUser(id, { type: 'notification.channel_deleted', ...channelEventBase(channel), channel: snapshot });
    }
    for (const connection of gateway.watchersOf(channel.cid)) gateway.unwatch(connection, channel.cid);
    if (hard) store.deleteChannel(channel.cid);
    else store.saveChannel(channel);
    return snapshot;
  }

  app.delete<{ Params: { type: string; id: string }; Querystring: { hard_delete?: string } }>(
    '/channels/:type/:id',
    async (request) => {
      const channel = loadChannel(sandbox, request.params.type, request.params.id);
      requireCapability(sandbox, channel, request.chatActor, 'delete-channel', 'DeleteChannel');
      const snapshot = deleteChannel(channel, request.query.hard_delete === 'true', request.chatActor.userId);
      return ok({ channel: snapshot });
    },
  );

  app.post<{ Body: { cids?: string[]; hard_delete?: boolean } }>('/channels/delete', async (request) => {
    if (!request.chatActor.server) throw notAllowed('Deleting channels in batch is a server-side operation');
    const cids = request.body?.cids;
    if (!Array.isArray(cids) || cids.length === 0) throw inputError('cids must name at least one channel');
    const result: Record<string, { status: string; error?: string }> = {};
    for (const cid of cids) {
      const channel = store.channels.get(cid);
      if (!channel || channel.deleted_at) result[cid] = { status: 'error', error: 'channel does not exist' };
      else {
        deleteChannel(channel, Boolean(request.body?.hard_delete), null);
        result[cid] = { status: 'ok' };
      }
    }
    return ok({ result });
  });

  app.post<{
    Params: { type: string; id: string };
    Body: { hard_delete?: boolean; truncated_at?: string; message?: Custom; user_id?: string };
  }>('/channels/:type/:id/truncate', async (request) => {
    const channel = loadChannel(sandbox, request.params.type, request.params.id);
    const actor = request.chatActor;
    requireCapability(sandbox, channel, actor, 'delete-channel', 'TruncateChannel');
    const body = request.body ?? {};
    const at = body.truncated_at ? new Date(body.truncated_at) : new Date();
    if (Number.isNaN(at.getTime())) throw inputError('truncated_at must be a date');
    const truncatedAt = body.truncated_at ? at.toISOString() : nextTimestamp();
    const actorId = actor.server ? (body.user_id ?? actor.userId ?? undefined) : actor.userId!;
    for (const message of [...store.messagesOf(channel.cid)]) {
      if (message.created_at > truncatedAt) continue;
      if (body.hard_delete) store.deleteMessageRecord(message.id);
    }
    channel.truncated_at = truncatedAt;
    channel.truncated_by_id = actorId;
    channel.updated_at = nextTimestamp();
    store.saveChannel(channel);
    let message: Record<string, unknown> | undefined;
    if (body.message && actorId)
      message = createSystemMessage(
        sandbox,
        channel,
        actorId,
        typeof body.message.text === 'string' ? body.message.text : '',
      );
    gateway.toWatchers(channel.cid, (uid) => ({
      type: 'channel.truncated',
      ...channelEventBase(channel),
      channel: serialize.channel(channel, { userId: uid, server: false }),
      user: actorId ? serialize.user(actorId) : undefined,
      ...(message ? { message } : {}),
    }));
    return ok({ channel: serialize.channel(channel, viewerOf(actor)), ...(message ? { message } : {}) });
  });

  /** Hides or shows the channel for one member (hidden channels leave their channel list). */
  function setHidden(
    request: FastifyRequest<{
      Params: { type: string; id: string };
      Body: { user_id?: string; clear_history?: boolean };
    }>,
    hidden: boolean,
  ) {
    const channel = loadChannel(sandbox, request.params.type, request.params.id);
    const userId = actorUserId(request, request.body);
    const member = store.member(channel.cid, userId);
    if (!member) throw notFound(`User ${userId} is not a member of ${channel.cid}`);
    const clearHistory = hidden && Boolean(request.body?.clear_history);
    member.hidden = hidden;
    if (clearHistory) member.hide_messages_before = nextTimestamp();
    member.updated_at = nextTimestamp();
    store.saveMember(member);
    gateway.toUser(userId, {
      type: hidden ? 'channel.hidden' : 'channel.visible',
      ...channelEventBase(channel),
      channel: serialize.channel(channel, { userId, server: false }),
      ...(hidden ? { clear_history: clearHistory } : {}),
      user: serialize.user(userId),
    });
    return ok({});
  }

  type HideRequest = { Params: { type: string; id: string }; Body: { user_id?: string; clear_history?: boolean } };
  app.post<HideRequest>('/channels/:type/:id/hide', async (request) => setHidden(request, true));
  app.post<HideRequest>('/channels/:type/:id/show', async (request) => setHidden(request, false));

  app.post<{ Params: { type: string; id: string } }>('/channels/:type/:id/stop-watching', async (request) => {
    const channel = loadChannel(sandbox, request.params.type, request.params.id);
    const connection = gateway.get(request.chatActor.connectionId);
    if (connection && gateway.unwatch(connection, channel.cid)) {
      const count = gateway.watcherUserIds(channel.cid).length;
      gateway.toWatchers(channel.cid, () => ({
        type: 'user.watching.stop',
        ...channelEventBase(channel),
        user: serialize.user(connection.userId),
        watcher_count: count,
      }));
    }
    return ok({});
  });
}

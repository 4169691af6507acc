/**
 * Channels (chat-protocol.md §4.2): query, get-or-create (by id and by members), update and
 * partial update, delete, truncate, hide/show, stop-watching.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validateChannelId, validateChannelType } from '../channel-types.js';
import { nextTimestamp } from '../clock.js';
import { inputError, notAllowed, notFound } from '../errors.js';
import { matches, mentions, type Filter } from '../query/filter.js';
import { parseSort, sortBy } from '../query/sort.js';
import { requirePartialUpdate, requirePermission } from '../permissions.js';
import { ok, type Sandbox } from '../sandbox.js';
import * as schemas from '../schema/channels.js';
import type { ChannelRec, Custom } from '../store/model.js';
import { addFirstMembers, requireUsersForCreate } from '../channels/members.js';
import {
  changeFilterTags,
  customOf,
  filterTagList,
  hasFilterTagChanges,
  memberSpecs,
  RESERVED,
  type FilterTagChanges,
} from '../channels/fields.js';
import { startWatching } from '../services/watching.js';
import { channelView } from '../query/channel-view.js';
import {
  actorUserId,
  canRead,
  channelEventBase,
  channelState,
  loadChannel,
  requireCapability,
  requireRead,
  viewerOf,
  type StateOptions,
} from '../services/common.js';
import { applyMemberChanges, checkMemberChanges, type MemberChanges } from '../services/member-changes.js';
import { createSystemMessage } from '../services/message-pipeline.js';

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

export async function channelRoutes(app: FastifyInstance, sandbox: Sandbox): Promise<void> {
  const { store, gateway, serialize } = sandbox;

  function getOrCreate(request: FastifyRequest, type: string, id: string | undefined, body: QueryBody) {
    validateChannelType(type);
    const actor = request.chatActor;
    const creatorId = actor.server
      ? (body.data?.created_by_id ?? body.data?.created_by?.id ?? actor.userId ?? undefined)
      : actor.userId!;
    const specs = memberSpecs(body.data?.members);
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
      const invites = memberSpecs(body.data?.invites, 'data.invites');
      requireUsersForCreate(sandbox, [...specs, ...invites]);
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
      changeFilterTags(channel, { data: body.data });
      store.saveChannel(channel);
      addFirstMembers(sandbox, channel, actor, creatorId, specs, invites);
    }
    requireRead(sandbox, channel, actor);
    if (body.watch) startWatching(sandbox, request, channel, Boolean(body.presence));
    return channel;
  }

  app.post<{ Params: { type: string; id: string }; Body: QueryBody }>(
    '/channels/:type/:id/query',
    { schema: schemas.QUERY_CHANNEL },
    async (request) => {
      const body = request.body ?? {};
      const channel = getOrCreate(request, request.params.type, request.params.id, body);
      return ok(channelState(sandbox, channel, viewerOf(request.chatActor), body));
    },
  );

  app.post<{ Params: { type: string }; Body: QueryBody }>(
    '/channels/:type/query',
    { schema: schemas.CREATE_DISTINCT },
    async (request) => {
      const body = request.body ?? {};
      const channel = getOrCreate(request, request.params.type, undefined, body);
      return ok(channelState(sandbox, channel, viewerOf(request.chatActor), body));
    },
  );

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
  }>('/channels', { schema: schemas.QUERY_CHANNELS }, async (request) => {
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
    Body: MemberChanges & { data?: Custom; message?: Custom; cooldown?: number; user_id?: string } & FilterTagChanges;
  }>('/channels/:type/:id', { schema: schemas.UPDATE_CHANNEL }, async (request) => {
    const channel = loadChannel(sandbox, request.params.type, request.params.id);
    const body = request.body ?? {};
    const actor = request.chatActor;
    const actorId = actor.server ? (body.user_id ?? actor.userId ?? undefined) : actor.userId!;
    let changed = false;
    if (body.data || body.message || hasFilterTagChanges(body))
      requirePermission(sandbox, actor, 'UpdateChannel', channel);
    checkMemberChanges(sandbox, channel, body);
    changed = changeFilterTags(channel, body);
    if (body.data) {
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
    { schema: schemas.PARTIAL_UPDATE_CHANNEL },
    async (request) => {
      const channel = loadChannel(sandbox, request.params.type, request.params.id);
      const { set = {}, unset = [] } = request.body ?? {};
      const actor = request.chatActor;
      const needsModerator = requirePartialUpdate(sandbox, actor, channel, set, unset);
      if (needsModerator) requireCapability(sandbox, channel, actor, 'freeze-channel', 'UpdateChannel');
      for (const [key, value] of Object.entries(set)) {
        if (key === 'frozen') channel.frozen = Boolean(value);
        else if (key === 'disabled') channel.disabled = Boolean(value);
        else if (key === 'cooldown') channel.cooldown = Number(value) || undefined;
        else if (key === 'team') channel.team = typeof value === 'string' ? value : undefined;
        else if (key === 'filter_tags') channel.filter_tags = filterTagList(value, 'set.filter_tags');
        else if (key === 'config_overrides')
          channel.config_overrides = { ...channel.config_overrides, ...(value as Custom) };
        else if (RESERVED.has(key)) throw inputError(`field ${key} cannot be set`);
        else channel.custom[key] = value;
      }
      for (const key of unset)
        if (key === 'filter_tags') channel.filter_tags = [];
        else delete channel.custom[key];
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

  app.delete<{ Params: { type: string; id: string }; Querystring: { hard_delete?: boolean } }>(
    '/channels/:type/:id',
    { schema: schemas.DELETE_CHANNEL },
    async (request) => {
      const channel = loadChannel(sandbox, request.params.type, request.params.id);
      requirePermission(sandbox, request.chatActor, 'DeleteChannel', channel);
      return ok({ channel: deleteChannel(channel, request.query.hard_delete === true, request.chatActor.userId) });
    },
  );

  app.post<{ Body: { cids?: string[]; hard_delete?: boolean } }>(
    '/channels/delete',
    { schema: schemas.DELETE_CHANNELS },
    async (request) => {
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
    },
  );

  app.post<{
    Params: { type: string; id: string };
    Body: { hard_delete?: boolean; truncated_at?: string; message?: Custom; user_id?: string };
  }>('/channels/:type/:id/truncate', { schema: schemas.TRUNCATE }, async (request) => {
    const channel = loadChannel(sandbox, request.params.type, request.params.id);
    const actor = request.chatActor;
    requirePermission(sandbox, actor, 'TruncateChannel', channel);
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
  app.post<HideRequest>('/channels/:type/:id/hide', { schema: schemas.HIDE_SHOW }, async (request) =>
    setHidden(request, true),
  );
  app.post<HideRequest>('/channels/:type/:id/show', { schema: schemas.HIDE_SHOW }, async (request) =>
    setHidden(request, false),
  );

  app.post<{ Params: { type: string; id: string } }>(
    '/channels/:type/:id/stop-watching',
    { schema: schemas.STOP_WATCHING },
    async (request) => {
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
    },
  );
}

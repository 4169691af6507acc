/**
 * Channels (chat-protocol.md §4.2): query, get-or-create (by id and by members), update and
 * partial update, delete, truncate, hide/show, stop-watching. The rules, writes and events are
 * in services/channels.ts, services/channel-members.ts and services/watching.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { inputError } from '../errors.js';
import { matches, mentions, type Filter } from '../query/filter.js';
import { parseSort, sortBy } from '../query/sort.js';
import { ok, type Sandbox } from '../sandbox.js';
import { actorUserId } from '../request-input.js';
import * as schemas from '../schema/channels.js';
import { channelView } from '../query/channel-view.js';
import { canRead, channelState, loadChannel, viewerOf, type StateOptions } from '../services/common.js';
import { setChannelHidden } from '../services/channel-members.js';
import {
  deleteChannel,
  deleteChannels,
  getOrCreateChannel,
  partialUpdateChannel,
  truncateChannel,
  updateChannel,
  type ChannelPatch,
  type ChannelQuery,
  type ChannelUpdate,
  type TruncateOptions,
} from '../services/channels.js';
import { stopWatching, watchChannel } from '../services/watching.js';
import { requireQueriedTeams } from '../tenancy.js';

interface QueryBody extends StateOptions, ChannelQuery {
  state?: boolean;
  user_id?: string;
}

export async function channelRoutes(app: FastifyInstance, sandbox: Sandbox): Promise<void> {
  const { store, serialize } = sandbox;

  app.post<{ Params: { type: string; id: string }; Body: QueryBody }>(
    '/channels/:type/:id/query',
    { schema: schemas.QUERY_CHANNEL },
    async (request) => {
      const body = request.body ?? {};
      const channel = getOrCreateChannel(sandbox, request.chatActor, request.params.type, request.params.id, body);
      return ok(channelState(sandbox, channel, viewerOf(request.chatActor), body));
    },
  );

  app.post<{ Params: { type: string }; Body: QueryBody }>(
    '/channels/:type/query',
    { schema: schemas.CREATE_DISTINCT },
    async (request) => {
      const body = request.body ?? {};
      const channel = getOrCreateChannel(sandbox, request.chatActor, request.params.type, undefined, body);
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
    // A query naming `team` must not reach the member's channels of other teams (tenancy.ts).
    requireQueriedTeams(sandbox, actor, filter, () =>
      [...store.channels.values()].filter(
        (c) => !c.deleted_at && store.member(c.cid, userId) && matches(channelView(sandbox, c, userId), filter),
      ),
    );
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
        if (body.watch) watchChannel(sandbox, actor, channel, Boolean(body.presence));
        return channelState(sandbox, channel, viewer, {
          messageLimit: body.message_limit ?? 25,
          members: { limit: body.member_limit ?? 100 },
        });
      }),
    });
  });

  app.post<{ Params: { type: string; id: string }; Body: ChannelUpdate }>(
    '/channels/:type/:id',
    { schema: schemas.UPDATE_CHANNEL },
    async (request) => {
      const channel = loadChannel(sandbox, request.params.type, request.params.id);
      const { members, message } = updateChannel(sandbox, channel, request.chatActor, request.body ?? {});
      return ok({
        channel: serialize.channel(channel, viewerOf(request.chatActor)),
        members: members.map((m) => serialize.member(m)),
        ...(message ? { message } : {}),
      });
    },
  );

  app.patch<{ Params: { type: string; id: string }; Body: ChannelPatch }>(
    '/channels/:type/:id',
    { schema: schemas.PARTIAL_UPDATE_CHANNEL },
    async (request) => {
      const channel = loadChannel(sandbox, request.params.type, request.params.id);
      partialUpdateChannel(sandbox, channel, request.chatActor, request.body ?? {});
      return ok({
        channel: serialize.channel(channel, viewerOf(request.chatActor)),
        members: store.membersOf(channel.cid).map((m) => serialize.member(m)),
      });
    },
  );

  app.delete<{ Params: { type: string; id: string }; Querystring: { hard_delete?: boolean } }>(
    '/channels/:type/:id',
    { schema: schemas.DELETE_CHANNEL },
    async (request) => {
      const channel = loadChannel(sandbox, request.params.type, request.params.id);
      return ok({ channel: deleteChannel(sandbox, channel, request.chatActor, request.query.hard_delete === true) });
    },
  );

  app.post<{ Body: { cids?: string[]; hard_delete?: boolean } }>(
    '/channels/delete',
    { schema: schemas.DELETE_CHANNELS },
    async (request) => {
      const { cids, hard_delete } = request.body ?? {};
      return ok({ result: deleteChannels(sandbox, request.chatActor, cids, Boolean(hard_delete)) });
    },
  );

  app.post<{ Params: { type: string; id: string }; Body: TruncateOptions }>(
    '/channels/:type/:id/truncate',
    { schema: schemas.TRUNCATE },
    async (request) => {
      const channel = loadChannel(sandbox, request.params.type, request.params.id);
      const message = truncateChannel(sandbox, channel, request.chatActor, request.body ?? {});
      return ok({ channel: serialize.channel(channel, viewerOf(request.chatActor)), ...(message ? { message } : {}) });
    },
  );

  type HideRequest = { Params: { type: string; id: string }; Body: { user_id?: string; clear_history?: boolean } };
  /** Hides or shows the channel for one member (hidden channels leave their channel list). */
  function setHidden(request: FastifyRequest<HideRequest>, hidden: boolean) {
    const channel = loadChannel(sandbox, request.params.type, request.params.id);
    setChannelHidden(sandbox, channel, actorUserId(request, request.body), hidden, request.body?.clear_history);
    return ok({});
  }

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
      stopWatching(sandbox, request.chatActor, loadChannel(sandbox, request.params.type, request.params.id));
      return ok({});
    },
  );
}

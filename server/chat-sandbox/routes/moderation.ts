/**
 * Moderation routes (chat-protocol.md §4.6): POST /moderation/mute, /unmute, /mute/channel,
 * /unmute/channel, POST and DELETE /moderation/ban, GET /query_banned_users, POST
 * /moderation/flag and /unflag, POST /users/block and /unblock, GET /users/block. Mutes and bans
 * change state through ../moderation.ts (shared with the slash commands); bad input is a code
 * 4, 16 or 17 error that changes nothing.
 */
import { payloadOf } from '../request-input.js';
import * as schemas from '../schema/moderation.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actingUserId, type Actor } from '../auth-context.js';
import { inputError } from '../errors.js';
import {
  actingUser,
  banUser,
  isExpired,
  muteChannels,
  muteUsers,
  unbanUser,
  unmuteChannels,
  unmuteUsers,
  type ModerationActor,
} from '../moderation.js';
import { matches, type Filter } from '../query/filter.js';
import { wholeNumber } from '../query/offset-page.js';
import { parseSort, sortBy } from '../query/sort.js';
import { ok, type Sandbox } from '../sandbox.js';
import type { BanRec, FlagRec } from '../store/model.js';
import { blockUser, flagTarget, unblockUser } from '../services/flags-and-blocks.js';

type Body = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------
// Input helpers

function bodyOf(request: FastifyRequest): Body {
  const body = request.body;
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw inputError('the request body must be a JSON object');
  return body as Body;
}

function optionalString(body: Body, key: string, op: string): string | undefined {
  const value = body[key];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw inputError(`${op} failed with error: "${key} must be a string"`);
  return value;
}

function optionalBoolean(body: Body, key: string, op: string): boolean {
  const value = body[key];
  if (value === undefined || value === null) return false;
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 'false') return value === 'true';
  throw inputError(`${op} failed with error: "${key} must be a boolean"`);
}

/** A positive duration (minutes or milliseconds) or undefined. */
function optionalDuration(body: Body, key: string, op: string): number | undefined {
  const raw = body[key];
  if (raw === undefined || raw === null || raw === '') return undefined;
  const value = typeof raw === 'string' ? Number(raw) : raw;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw inputError(`${op} failed with error: "${key} must be a positive number"`);
  }
  return value;
}

/** `singular` or `plural` (a list), at least one non-empty id, without duplicates. */
function idList(body: Body, singular: string, plural: string, op: string): string[] {
  const ids: unknown[] = [];
  if (body[singular] !== undefined && body[singular] !== null) ids.push(body[singular]);
  const many = body[plural];
  if (many !== undefined && many !== null) {
    if (!Array.isArray(many)) throw inputError(`${op} failed with error: "${plural} must be a list"`);
    ids.push(...(many as unknown[]));
  }
  if (ids.some((id) => typeof id !== 'string' || id === '')) {
    throw inputError(`${op} failed with error: "${singular} must be a non-empty string"`);
  }
  if (ids.length === 0) throw inputError(`${op} failed with error: "either ${singular} or ${plural} is required"`);
  return [...new Set(ids as string[])];
}

/** The channel a ban request names: `channel_cid`, or `type` + `id` (as the JS client sends). */
function banChannelCid(params: Body, op: string): string | undefined {
  const cid = optionalString(params, 'channel_cid', op);
  const type = optionalString(params, 'type', op);
  const id = optionalString(params, 'id', op);
  if (cid) {
    if (!/^[^:]+:.+$/.test(cid)) throw inputError(`${op} failed with error: "channel_cid ${cid} is not a valid cid"`);
    return cid;
  }
  if (type && id) return `${type}:${id}`;
  if (type || id) throw inputError(`${op} failed with error: "both type and id are required for a channel ban"`);
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Ban queries

/** A ban as the filter and sort of query_banned_users see it. */
function banDoc(ban: BanRec): Record<string, unknown> {
  return {
    channel_cid: ban.cid || undefined,
    user_id: ban.user_id,
    banned_by_id: ban.banned_by_id,
    reason: ban.reason,
    shadow: ban.shadow,
    created_at: ban.created_at,
    expires: ban.expires,
  };
}

function queryBans(sandbox: Sandbox, viewer: ModerationActor, payload: Body): Record<string, unknown>[] {
  const { store } = sandbox;
  const filter = (payload.filter_conditions ?? {}) as Filter;
  const limit = wholeNumber(payload.limit, 'limit', 25, 0, 100);
  const offset = wholeNumber(payload.offset, 'offset', 0, 0, 10_000);
  const sort = parseSort(payload.sort, [{ field: 'created_at', direction: -1 }]);
  const viewerUser = viewer.userId ? store.users.get(viewer.userId) : undefined;
  const seesAll = viewer.server || viewerUser?.role === 'admin';
  const now = Date.now();
  const excludeExpired = payload.exclude_expired_bans === true || payload.exclude_expired_bans === 'true';
  const bans = store.bans
    .filter((ban) => !excludeExpired || !isExpired(ban.expires, now))
    // Users see the bans of the channels they belong to; the server and admins see all.
    .filter((ban) => seesAll || (ban.cid !== '' && store.member(ban.cid, viewer.userId) !== undefined))
    .filter((ban) => matches(banDoc(ban), filter));
  return sortBy(bans, sort, (ban, field) => banDoc(ban)[field])
    .slice(offset, offset + limit)
    .map((ban) => {
      const channel = ban.cid ? store.channels.get(ban.cid) : undefined;
      return {
        user: sandbox.serialize.user(ban.user_id),
        banned_by: ban.banned_by_id ? sandbox.serialize.user(ban.banned_by_id) : undefined,
        channel: channel ? sandbox.serialize.channel(channel, viewer) : undefined,
        expires: ban.expires,
        reason: ban.reason,
        shadow: ban.shadow,
        created_at: ban.created_at,
      };
    });
}

// ---------------------------------------------------------------------------------------------
// Flags

function flagView(sandbox: Sandbox, flag: FlagRec): Record<string, unknown> {
  const message = flag.target_message_id ? sandbox.store.messages.get(flag.target_message_id) : undefined;
  return {
    user: sandbox.serialize.user(flag.user_id),
    target_message_id: flag.target_message_id,
    target_user: flag.target_user_id ? sandbox.serialize.user(flag.target_user_id) : undefined,
    channel_cid: message?.cid,
    message_user_id: message?.user_id,
    reason: flag.reason,
    custom: flag.custom,
    details: {},
    created_by_automod: false,
    created_at: flag.created_at,
    updated_at: flag.created_at,
    approved_at: null,
    rejected_at: null,
    reviewed_at: null,
    reviewed_by: null,
  };
}

function flag(sandbox: Sandbox, actor: ModerationActor, body: Body): FlagRec {
  const messageId = optionalString(body, 'target_message_id', 'Flag');
  const userId = optionalString(body, 'target_user_id', 'Flag');
  const op = messageId ? 'FlagMessage' : 'FlagUser';
  if (!messageId && !userId) {
    throw inputError('Flag failed with error: "either target_message_id or target_user_id is required"');
  }
  const flagger = actingUser(sandbox, actor, op);
  const reason = optionalString(body, 'reason', op);
  const custom = body.custom;
  if (custom !== undefined && (typeof custom !== 'object' || custom === null || Array.isArray(custom))) {
    throw inputError(`${op} failed with error: "custom must be an object"`);
  }
  return flagTarget(sandbox, actor, flagger, { op, messageId, userId, reason, custom: custom as Body | undefined });
}

// ---------------------------------------------------------------------------------------------
// Routes

function actorFrom(request: FastifyRequest, named?: unknown): ModerationActor {
  const actor: Actor = request.chatActor;
  if (!actor.server) return { userId: actor.userId, server: false };
  const userId = typeof named === 'string' && named ? named : actor.userId;
  return { userId, server: true };
}

/** The acting user id for calls that need one (mutes, blocks, flags). */
function requiredUser(request: FastifyRequest, named?: unknown): ModerationActor {
  return { userId: actingUserId(request.chatActor, named), server: request.chatActor.server };
}

export async function moderationRoutes(app: FastifyInstance, sandbox: Sandbox): Promise<void> {
  app.post('/moderation/mute', { schema: schemas.MUTE_USERS }, async (request) => {
    const body = bodyOf(request);
    const targets = idList(body, 'target_id', 'target_ids', 'MuteUsers');
    const timeout = optionalDuration(body, 'timeout', 'MuteUsers');
    const { user, mutes } = muteUsers(sandbox, requiredUser(request, body.user_id), targets, timeout);
    return ok({ mute: mutes[0], mutes, own_user: sandbox.serialize.ownUser(user) });
  });

  app.post('/moderation/unmute', { schema: schemas.UNMUTE_USERS }, async (request) => {
    const body = bodyOf(request);
    const targets = idList(body, 'target_id', 'target_ids', 'UnmuteUsers');
    unmuteUsers(sandbox, requiredUser(request, body.user_id), targets);
    return ok({});
  });

  app.post('/moderation/mute/channel', { schema: schemas.MUTE_CHANNELS }, async (request) => {
    const body = bodyOf(request);
    const cids = idList(body, 'channel_cid', 'channel_cids', 'MuteChannels');
    const expiration = optionalDuration(body, 'expiration', 'MuteChannels');
    const { user, mutes } = muteChannels(sandbox, requiredUser(request, body.user_id), cids, expiration);
    return ok({ channel_mute: mutes[0], channel_mutes: mutes, own_user: sandbox.serialize.ownUser(user) });
  });

  app.post('/moderation/unmute/channel', { schema: schemas.UNMUTE_CHANNELS }, async (request) => {
    const body = bodyOf(request);
    const cids = idList(body, 'channel_cid', 'channel_cids', 'UnmuteChannels');
    unmuteChannels(sandbox, requiredUser(request, body.user_id), cids);
    return ok({});
  });

  app.post('/moderation/ban', { schema: schemas.BAN }, async (request) => {
    const op = 'BanUser';
    const body = bodyOf(request);
    const targetId = optionalString(body, 'target_user_id', op);
    if (!targetId) throw inputError(`${op} failed with error: "target_user_id is a required field"`);
    const bannedBy = body.banned_by_id ?? (body.banned_by as Body | undefined)?.id ?? body.user_id;
    banUser(sandbox, {
      actor: actorFrom(request, bannedBy),
      targetId,
      cid: banChannelCid(body, op),
      timeoutMinutes: optionalDuration(body, 'timeout', op),
      reason: optionalString(body, 'reason', op),
      shadow: optionalBoolean(body, 'shadow', op),
    });
    return ok({});
  });

  app.delete('/moderation/ban', { schema: schemas.UNBAN }, async (request) => {
    const op = 'UnbanUser';
    const query = request.query as Body;
    const targetId = optionalString(query, 'target_user_id', op);
    if (!targetId) throw inputError(`${op} failed with error: "target_user_id is a required field"`);
    unbanUser(sandbox, { actor: actorFrom(request, query.user_id), targetId, cid: banChannelCid(query, op) });
    return ok({});
  });

  app.get('/query_banned_users', { schema: schemas.QUERY_BANS }, async (request) => {
    const payload = payloadOf<unknown>(request) ?? {};
    if (typeof payload !== 'object' || Array.isArray(payload)) {
      throw inputError('QueryBannedUsers failed with error: "payload must be a JSON object"');
    }
    const actor = actorFrom(request, (payload as Body).user_id);
    if (!actor.server && !actor.userId) throw inputError('QueryBannedUsers failed with error: "user_id is required"');
    return ok({ bans: queryBans(sandbox, actor, payload as Body) });
  });

  app.post('/moderation/flag', { schema: schemas.FLAG }, async (request) => {
    const body = bodyOf(request);
    const record = flag(sandbox, requiredUser(request, body.user_id), body);
    return ok({ flag: flagView(sandbox, record), review_queue_item_id: record.id });
  });

  // Deprecated and a no-op on the hosted service too.
  app.post('/moderation/unflag', { schema: schemas.UNFLAG }, async (request) => {
    bodyOf(request);
    return ok({});
  });

  app.post('/users/block', { schema: schemas.BLOCK }, async (request) => {
    const op = 'BlockUser';
    const body = bodyOf(request);
    const blockedId = optionalString(body, 'blocked_user_id', op);
    if (!blockedId) throw inputError(`${op} failed with error: "blocked_user_id is a required field"`);
    const user = actingUser(sandbox, requiredUser(request, body.user_id), op);
    const at = blockUser(sandbox, user, blockedId);
    return ok({ blocked_by_user_id: user.id, blocked_user_id: blockedId, created_at: at, blocked_at: at });
  });

  app.get('/users/block', { schema: schemas.BLOCKED }, async (request) => {
    const query = request.query as Body;
    const user = actingUser(sandbox, requiredUser(request, query.user_id), 'GetBlockedUsers');
    return ok({
      blocks: user.blocked_user_ids.map((id) => ({
        user_id: user.id,
        user: sandbox.serialize.user(user),
        blocked_user_id: id,
        blocked_user: sandbox.serialize.user(id),
        created_at: user.updated_at,
      })),
    });
  });

  app.post('/users/unblock', { schema: schemas.BLOCK }, async (request) => {
    const op = 'UnblockUser';
    const body = bodyOf(request);
    const blockedId = optionalString(body, 'blocked_user_id', op);
    if (!blockedId) throw inputError(`${op} failed with error: "blocked_user_id is a required field"`);
    unblockUser(sandbox, actingUser(sandbox, requiredUser(request, body.user_id), op), blockedId);
    return ok({});
  });
}

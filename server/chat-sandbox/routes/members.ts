/**
 * Members: the member partial update on **both** paths the client uses (archive, pin, role,
 * custom fields) and the member query (`GET /members?payload=`).
 */
import * as schemas from '../schema/channels.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { nextTimestamp } from '../clock.js';
import { inputError, notAllowed, notFound } from '../errors.js';
import { matches, type Filter } from '../query/filter.js';
import { parseSort, sortBy } from '../query/sort.js';
import { ok, type Sandbox } from '../sandbox.js';
import type { Custom, MemberRec } from '../store/model.js';
import { canRead, loadChannel, payloadOf } from '../services/common.js';

interface MemberPatch {
  set?: Custom;
  unset?: string[];
}

export async function memberRoutes(app: FastifyInstance, sandbox: Sandbox): Promise<void> {
  const { store, gateway, serialize } = sandbox;

  function updateMember(
    request: FastifyRequest,
    type: string,
    id: string,
    userId: string | undefined,
    body: MemberPatch | undefined,
  ) {
    const channel = loadChannel(sandbox, type, id);
    const actor = request.chatActor;
    if (!userId) throw inputError('user_id is required');
    if (!actor.server && actor.userId !== userId) throw notAllowed('Members can only update their own membership');
    const member = store.member(channel.cid, userId);
    if (!member) throw notFound(`User ${userId} is not a member of ${channel.cid}`);
    const { set = {}, unset = [] } = body ?? {};
    if (typeof set !== 'object' || set === null || !Array.isArray(unset))
      throw inputError('set must be an object and unset an array');
    const now = nextTimestamp();
    for (const [key, value] of Object.entries(set)) {
      if (key === 'archived') member.archived_at = value ? now : undefined;
      else if (key === 'pinned') member.pinned_at = value ? now : undefined;
      else if (key === 'channel_role') {
        if (!actor.server) throw notAllowed('Only the server can change a channel role this way');
        if (!['channel_member', 'channel_moderator', 'channel_admin'].includes(String(value)))
          throw inputError('unknown channel_role');
        member.channel_role = value as typeof member.channel_role;
      } else if (['user_id', 'user', 'cid', 'created_at', 'updated_at', 'banned', 'shadow_banned'].includes(key)) {
        throw inputError(`field ${key} cannot be set`);
      } else member.custom[key] = value;
    }
    for (const key of unset) {
      if (key === 'archived') member.archived_at = undefined;
      else if (key === 'pinned') member.pinned_at = undefined;
      else delete member.custom[key];
    }
    member.updated_at = now;
    store.saveMember(member);
    const payload = serialize.member(member);
    gateway.toUser(userId, {
      type: 'member.updated',
      cid: channel.cid,
      channel_id: channel.id,
      channel_type: channel.type,
      member: payload,
      user: serialize.user(userId),
    });
    return ok({ channel_member: payload });
  }

  app.patch<{ Params: { type: string; id: string; userId: string }; Body: MemberPatch }>(
    '/channels/:type/:id/member/:userId',
    { schema: schemas.UPDATE_MEMBER },
    async (request) =>
      updateMember(request, request.params.type, request.params.id, request.params.userId, request.body),
  );

  app.patch<{ Params: { type: string; id: string }; Querystring: { user_id?: string }; Body: MemberPatch }>(
    '/channels/:type/:id/member',
    { schema: schemas.UPDATE_OWN_MEMBER },
    async (request) =>
      updateMember(
        request,
        request.params.type,
        request.params.id,
        request.query.user_id ?? request.chatActor.userId ?? undefined,
        request.body,
      ),
  );

  app.get('/members', { schema: schemas.QUERY_MEMBERS }, async (request) => {
    const payload = payloadOf<{
      type?: string;
      id?: string;
      members?: string[];
      filter_conditions?: Filter;
      sort?: unknown;
      limit?: number;
      offset?: number;
    }>(request);
    if (!payload.type) throw inputError('type is required');
    let cid: string;
    if (payload.id) cid = `${payload.type}:${payload.id}`;
    else if (Array.isArray(payload.members) && payload.members.length) {
      const match = [...store.channels.values()].find(
        (c) =>
          c.type === payload.type &&
          store
            .membersOf(c.cid)
            .map((m) => m.user_id)
            .sort()
            .join(',') === [...payload.members!].sort().join(','),
      );
      if (!match) return ok({ members: [] });
      cid = match.cid;
    } else throw inputError('id or members is required');
    const channel = loadChannel(sandbox, cid.split(':')[0]!, cid.slice(cid.indexOf(':') + 1));
    if (!canRead(sandbox, channel, request.chatActor)) throw notAllowed(`Not allowed to query the members of ${cid}`);
    const rows = store.membersOf(cid).map((member): { member: MemberRec; view: Record<string, unknown> } => {
      const user = store.users.get(member.user_id);
      return {
        member,
        view: {
          ...member.custom,
          id: member.user_id,
          user_id: member.user_id,
          name: user?.name,
          channel_role: member.channel_role,
          banned: member.banned,
          invite: member.invited
            ? member.invite_accepted_at
              ? 'accepted'
              : member.invite_rejected_at
                ? 'rejected'
                : 'pending'
            : undefined,
          created_at: member.created_at,
          updated_at: member.updated_at,
          pinned: Boolean(member.pinned_at),
          archived: Boolean(member.archived_at),
        },
      };
    });
    const filtered = rows.filter((row) => matches(row.view, payload.filter_conditions));
    const sorted = sortBy(
      filtered,
      parseSort(payload.sort, [{ field: 'created_at', direction: 1 }]),
      (row, field) => row.view[field],
    );
    const offset = Math.max(Number(payload.offset ?? 0), 0);
    const limit = Math.min(Math.max(Number(payload.limit ?? 100), 1), 300);
    return ok({ members: sorted.slice(offset, offset + limit).map((row) => serialize.member(row.member)) });
  });
}

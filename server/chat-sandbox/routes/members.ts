/**
 * Members: the member partial update on **both** paths the client uses (archive, pin, role,
 * custom fields; services/channel-members.ts) and the member query (`GET /members?payload=`).
 */
import { payloadOf } from '../request-input.js';
import * as schemas from '../schema/channels.js';
import type { FastifyInstance } from 'fastify';
import { inputError, notAllowed } from '../errors.js';
import { matches, type Filter } from '../query/filter.js';
import { parseSort, sortBy } from '../query/sort.js';
import { ok, type Sandbox } from '../sandbox.js';
import type { MemberRec } from '../store/model.js';
import { canRead, loadChannel } from '../services/common.js';
import { updateMember, type MemberPatch } from '../services/channel-members.js';

export async function memberRoutes(app: FastifyInstance, sandbox: Sandbox): Promise<void> {
  const { store, serialize } = sandbox;

  app.patch<{ Params: { type: string; id: string; userId: string }; Body: MemberPatch }>(
    '/channels/:type/:id/member/:userId',
    { schema: schemas.UPDATE_MEMBER },
    async (request) => {
      const channel = loadChannel(sandbox, request.params.type, request.params.id);
      return ok({
        channel_member: updateMember(sandbox, channel, request.chatActor, request.params.userId, request.body),
      });
    },
  );

  app.patch<{ Params: { type: string; id: string }; Querystring: { user_id?: string }; Body: MemberPatch }>(
    '/channels/:type/:id/member',
    { schema: schemas.UPDATE_OWN_MEMBER },
    async (request) => {
      const channel = loadChannel(sandbox, request.params.type, request.params.id);
      const userId = request.query.user_id ?? request.chatActor.userId ?? undefined;
      return ok({ channel_member: updateMember(sandbox, channel, request.chatActor, userId, request.body) });
    },
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

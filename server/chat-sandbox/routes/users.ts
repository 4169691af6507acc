/**
 * Users (chat-protocol.md §4.1): the user query (`GET /users?payload=`, mention autocomplete,
 * `presence: true` subscriptions; in multi-tenant mode a user finds only users of their teams,
 * tenancy.ts), upsert (`POST /users`) and partial update (`PATCH /users`,
 * set/unset); who may change what, and the events, are in services/users.ts.
 */
import { payloadOf } from '../request-input.js';
import * as schemas from '../schema/moderation.js';
import type { FastifyInstance } from 'fastify';
import { inputError } from '../errors.js';
import { matches } from '../query/filter.js';
import { wholeNumber } from '../query/offset-page.js';
import { parseSort, sortBy } from '../query/sort.js';
import { ok, type Sandbox } from '../sandbox.js';
import type { UserRec } from '../store/model.js';
import { isObject, updateUsersPartial, upsertUsers } from '../services/users.js';
import { teamsOf, userInReach, userQueryFilter } from '../tenancy.js';

interface UsersPayload {
  filter_conditions?: unknown;
  sort?: unknown;
  limit?: unknown;
  offset?: unknown;
  presence?: unknown;
}

export async function userRoutes(app: FastifyInstance, sandbox: Sandbox): Promise<void> {
  const { store, gateway, serialize } = sandbox;

  /** The filterable and sortable fields of a user. */
  const view = (user: UserRec): Record<string, unknown> => ({
    ...user.custom,
    id: user.id,
    name: user.name,
    image: user.image,
    role: user.role,
    language: user.language,
    banned: user.banned,
    created_at: user.created_at,
    updated_at: user.updated_at,
    last_active: user.last_active,
    online: gateway.isOnline(user.id),
    // No team is null, so `{teams: {$eq: null}}` finds the users without one.
    teams: teamsOf(user).length > 0 ? teamsOf(user) : null,
  });

  app.get('/users', { schema: schemas.QUERY_USERS }, async (request) => {
    const payload = payloadOf<UsersPayload>(request);
    if (!isObject(payload)) throw inputError('payload must be an object');
    const filter = payload.filter_conditions ?? {};
    if (!isObject(filter)) throw inputError('filter_conditions must be an object');
    const limit = wholeNumber(payload.limit, 'limit', 30, 0, 100);
    const offset = wholeNumber(payload.offset, 'offset', 0, 0, 1000);
    const specs = parseSort(payload.sort, [{ field: 'created_at', direction: -1 }]);
    // In multi-tenant mode: the user's teams unless the filter names teams, and only users in reach.
    const actor = request.chatActor;
    const scoped = userQueryFilter(sandbox, actor, filter);
    const rows = [...store.users.values()]
      .filter((user) => !user.deleted_at && userInReach(sandbox, actor, user))
      .map((user) => ({ user, view: view(user) }))
      .filter((row) => matches(row.view, scoped));
    const sorted = sortBy(rows, [...specs, { field: 'id', direction: 1 }], (row, field) => row.view[field]);
    const users = sorted.slice(offset, offset + limit).map((row) => row.user);
    if (payload.presence === true) {
      const connection = gateway.get(request.chatActor.connectionId);
      if (connection) for (const user of users) connection.presenceOf.add(user.id);
    }
    return ok({ users: users.map((user) => serialize.user(user)) });
  });

  app.post<{ Body: { users?: unknown } }>('/users', { schema: schemas.UPSERT_USERS }, async (request) =>
    ok({ users: upsertUsers(sandbox, request.chatActor, request.body?.users) }),
  );

  app.patch<{ Body: { users?: unknown } }>('/users', { schema: schemas.UPDATE_USERS }, async (request) =>
    ok({ users: updateUsersPartial(sandbox, request.chatActor, request.body?.users) }),
  );
}

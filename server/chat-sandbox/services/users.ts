/**
 * User changes (chat-protocol.md §4.1): upsert (replaces the user's data, its teams included) and
 * partial update (set/unset). A user token may change only itself, never its role or its teams,
 * and only with CHAT_CLIENT_USER_UPDATES on (permissions.ts); the server may change anyone. Every change is
 * checked for all users before any is saved, and sends `user.updated` to the user's own
 * connections, to connections watching a channel the user is a member of, and to those
 * following its presence. Revoking tokens closes the connections opened with older ones.
 */
import type { Actor } from '../auth-context.js';
import { nextTimestamp } from '../clock.js';
import type { Connection } from '../gateway.js';
import { inputError, notAllowed, notFound } from '../errors.js';
import { requirePermission } from '../permissions.js';
import type { Sandbox } from '../sandbox.js';
import type { Custom, UserRec } from '../store/model.js';
import { teamChangeRefusal, teamList } from '../tenancy.js';

/** Users by id as the answer carries them. */
type Answer = Record<string, Record<string, unknown>>;

interface PartialUpdate {
  id?: unknown;
  set?: unknown;
  unset?: unknown;
}

const USER_ID = /^[@\w.-]{1,255}$/;
const MAX_NAME_LENGTH = 100;
const ROLES = new Set(['user', 'admin', 'moderator', 'guest', 'anonymous']);
/** Fields the service maintains itself: ignored in an upsert, refused in a partial update. */
const READ_ONLY = new Set([
  'id',
  'created_at',
  'updated_at',
  'last_active',
  'online',
  'banned',
  'shadow_banned',
  'ban_expires',
  'teams',
  'teams_role',
  'deleted_at',
  'deactivated_at',
  'revoke_tokens_issued_before',
  'blocked_user_ids',
  'mutes',
  'channel_mutes',
  'devices',
  'invisible',
  'total_unread_count',
  'unread_count',
  'unread_channels',
  'unread_threads',
]);

export const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function validateId(id: unknown): string {
  if (typeof id !== 'string' || !USER_ID.test(id)) {
    throw inputError(`user id ${JSON.stringify(id)} is invalid: use 1 to 255 letters, numbers and @_.- characters`);
  }
  return id;
}

/** Checks one standard field's value; returns the value to store. */
function standardValue(
  key: 'name' | 'image' | 'language' | 'role' | 'privacy_settings',
  value: unknown,
  id: string,
): unknown {
  if (key === 'privacy_settings') {
    if (!isObject(value)) throw inputError(`user ${id}: privacy_settings must be an object`);
    return value;
  }
  if (typeof value !== 'string') throw inputError(`user ${id}: ${key} must be a string`);
  if (key === 'name' && value.length > MAX_NAME_LENGTH)
    throw inputError(`user ${id}: name must be at most ${MAX_NAME_LENGTH} characters`);
  if (key === 'role' && !ROLES.has(value)) throw inputError(`user ${id}: role "${value}" does not exist`);
  return value;
}

const STANDARD = new Set(['name', 'image', 'language', 'role', 'privacy_settings']);
type Standard = 'name' | 'image' | 'language' | 'role' | 'privacy_settings';
const isStandard = (key: string): key is Standard => STANDARD.has(key);

/**
 * Only the server changes other users or roles; a user changes itself only when the permission
 * table lets it (UpdateUser, off unless CHAT_CLIENT_USER_UPDATES).
 */
function requireMayUpdate(
  sandbox: Sandbox,
  endpoint: string,
  actor: Actor,
  id: string,
  existing: UserRec | undefined,
  role: unknown,
): void {
  if (actor.server) return;
  if (id !== actor.userId) throw notAllowed(`User '${actor.userId ?? ''}' is not allowed to update user '${id}'`);
  if (role !== undefined && role !== (existing?.role ?? 'user')) {
    throw notAllowed(`User '${id}' is not allowed to change its own role`);
  }
  requirePermission(sandbox, actor, 'UpdateUser', undefined, { endpoint, owner: true });
}

const REVOKE = 'revoke_tokens_issued_before';

const sameTeams = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((team) => b.includes(team));

/**
 * The teams an upsert or a `set` gives the user: only the server changes them; a user's own call
 * may repeat its current teams (as a client echoing its user does) but not change them.
 */
function teamsFor(
  sandbox: Sandbox,
  actor: Actor,
  endpoint: string,
  id: string,
  existing: UserRec | undefined,
  value: unknown,
) {
  const teams = teamList(sandbox, value, id);
  if (!actor.server && !sameTeams(teams, existing?.teams ?? [])) throw teamChangeRefusal(endpoint, existing, id);
  return teams;
}

/** A revocation time (a date, or null to lift it), as the server-side client sends it. */
function revokeTime(value: unknown, id: string): string | undefined {
  if (value === null) return undefined;
  if (typeof value !== 'string' || Number.isNaN(Date.parse(value)))
    throw inputError(`user ${id}: ${REVOKE} must be a date (RFC 3339) or null`);
  return new Date(value).toISOString();
}

/**
 * Tokens issued before `before` stop working (the hosted service's `revokeUserToken`): new
 * requests and connections with them are refused with code 40, and the user's connections
 * opened with them are closed, so a token captured before sign-out reads nothing after it. The
 * close is not the normal 1000 (which clients take as final): a client with a token provider
 * reconnects, is refused with code 40, and asks its provider for a fresh token.
 */
function revokeTokens(sandbox: Sandbox, user: UserRec, before: string | undefined): void {
  user.revoke_tokens_issued_before = before;
  if (!before) return;
  for (const connection of sandbox.gateway.connectionsOf(user.id)) {
    if ((connection.issuedAt ?? 0) * 1000 < Date.parse(before)) connection.close(1008, 'token revoked');
  }
}

/** `user.updated` once to every interested connection. */
function announce(sandbox: Sandbox, user: UserRec): void {
  const { store, gateway, serialize } = sandbox;
  const recipients = new Set<Connection>(gateway.connectionsOf(user.id));
  for (const [cid, members] of store.members) {
    if (!members.has(user.id)) continue;
    for (const connection of gateway.watchersOf(cid)) recipients.add(connection);
  }
  for (const connection of gateway.all()) if (connection.presenceOf.has(user.id)) recipients.add(connection);
  const event = { type: 'user.updated', user: serialize.user(user), created_at: nextTimestamp() };
  for (const connection of recipients) connection.send(event);
}

/** Replaces the data of each user in `input` (users by id), creating those that do not exist. */
export function upsertUsers(sandbox: Sandbox, actor: Actor, input: unknown): Answer {
  const { store, serialize } = sandbox;
  if (!isObject(input) || Object.keys(input).length === 0) throw inputError('users must be an object of users by id');
  if (Object.keys(input).length > 100) throw inputError('at most 100 users can be updated at once');
  // Check everything first: a bad entry changes nothing.
  const checked = Object.entries(input).map(([key, raw]) => {
    if (!isObject(raw)) throw inputError(`user ${key} must be an object`);
    const id = validateId(raw.id ?? key);
    if (id !== key) throw inputError(`user id ${id} does not match its key ${key}`);
    const existing = store.users.get(id);
    // The server replaces them like the rest of the user's data (no teams given, none kept); a
    // user's own upsert keeps them.
    const given = raw.teams ?? (actor.server ? null : (existing?.teams ?? null));
    const teams = teamsFor(sandbox, actor, 'UpdateUsers', id, existing, given);
    requireMayUpdate(sandbox, 'UpdateUsers', actor, id, existing, raw.role);
    const standard: Partial<Record<Standard, unknown>> = {};
    const custom: Custom = {};
    for (const [field, value] of Object.entries(raw)) {
      if (READ_ONLY.has(field) || value === undefined) continue;
      if (isStandard(field)) standard[field] = value === null ? undefined : standardValue(field, value, id);
      else custom[field] = value;
    }
    return { id, standard, custom, teams };
  });
  const now = nextTimestamp();
  const answer: Answer = {};
  for (const { id, standard, custom, teams } of checked) {
    const user = store.ensureUser(id);
    user.teams = teams;
    user.name = standard.name as string | undefined;
    user.image = standard.image as string | undefined;
    user.language = (standard.language as string | undefined) ?? '';
    if (standard.role !== undefined) user.role = standard.role as string;
    user.privacy_settings = standard.privacy_settings as Custom | undefined;
    user.custom = custom;
    user.updated_at = now;
    store.saveUser(user);
    announce(sandbox, user);
    answer[id] = serialize.user(user);
  }
  return answer;
}

/** Applies each `{id, set, unset}` update of `input` to an existing user. */
export function updateUsersPartial(sandbox: Sandbox, actor: Actor, input: unknown): Answer {
  const { store, serialize } = sandbox;
  if (!Array.isArray(input) || input.length === 0) throw inputError('users must be a list of {id, set, unset} updates');
  if (input.length > 100) throw inputError('at most 100 users can be updated at once');
  const checked = input.map((raw: unknown) => {
    if (!isObject(raw)) throw inputError('each update must be an object {id, set, unset}');
    const { set = {}, unset = [] } = raw as PartialUpdate;
    const id = validateId(raw.id);
    if (!isObject(set)) throw inputError(`user ${id}: set must be an object`);
    if (!Array.isArray(unset) || unset.some((k) => typeof k !== 'string'))
      throw inputError(`user ${id}: unset must be a list of field names`);
    if (Object.keys(set).length === 0 && unset.length === 0) throw inputError(`user ${id}: set or unset is required`);
    const user = store.users.get(id);
    if (!user) throw notFound(`User "${id}" does not exist`);
    const role = 'role' in set ? set.role : unset.includes('role') ? null : undefined;
    if (!actor.server && ('teams' in set || unset.includes('teams')))
      throw teamChangeRefusal('UpdateUsersPartial', user, id);
    requireMayUpdate(sandbox, 'UpdateUsersPartial', actor, id, user, role);
    for (const field of [...Object.keys(set), ...(unset as string[])]) {
      if ((field === REVOKE || field === 'teams') && actor.server) continue;
      if (READ_ONLY.has(field)) throw inputError(`user ${id}: field ${field} cannot be changed`);
    }
    const teams = 'teams' in set ? teamList(sandbox, set.teams, id) : undefined;
    if (REVOKE in set) revokeTime(set[REVOKE], id);
    const both = Object.keys(set).find((k) => (unset as string[]).includes(k));
    if (both) throw inputError(`user ${id}: field ${both} cannot be both set and unset`);
    if ((unset as string[]).includes('role')) throw inputError(`user ${id}: role cannot be unset`);
    for (const [field, value] of Object.entries(set)) if (isStandard(field)) standardValue(field, value, id);
    return { user, set, unset: unset as string[], teams };
  });
  const now = nextTimestamp();
  const answer: Answer = {};
  for (const { user, set, unset, teams } of checked) {
    for (const [field, value] of Object.entries(set)) {
      if (field === REVOKE) revokeTokens(sandbox, user, revokeTime(value, user.id));
      else if (field === 'teams') user.teams = teams;
      else if (field === 'name' || field === 'image') user[field] = value as string;
      else if (field === 'language' || field === 'role') user[field] = value as string;
      else if (field === 'privacy_settings') user.privacy_settings = value as Custom;
      else user.custom[field] = value;
    }
    for (const field of unset) {
      if (field === REVOKE) user.revoke_tokens_issued_before = undefined;
      else if (field === 'teams') user.teams = [];
      else if (field === 'name' || field === 'image') user[field] = undefined;
      else if (field === 'language') user.language = '';
      else if (field === 'privacy_settings') user.privacy_settings = undefined;
      else delete user.custom[field];
    }
    user.updated_at = now;
    store.saveUser(user);
    announce(sandbox, user);
    answer[user.id] = serialize.user(user);
  }
  return answer;
}

/**
 * Multi-tenancy ("teams"), as the hosted service documents it (getstream.io/chat/docs/node/
 * multi_tenant_chat/; docs/decisions/0035): with the app setting `multi_tenant_enabled` on, a
 * user acting with their own token reaches only what belongs to one of their teams — channels
 * whose `team` is one of theirs, users who share a team with them — and a user without teams only
 * what has no team. Users' teams and channels' team are set server-side; calls with the API secret
 * are never restricted. The texts of the refusals are the hosted service's where they were
 * recorded (GetStream/stream-chat-js#711 and #778) and worded alike elsewhere.
 */
import type { Actor } from './auth-context.js';
import { type ChatError, inputError, notAllowed } from './errors.js';
import { mentions, type Filter } from './query/filter.js';
import type { Sandbox } from './sandbox.js';
import type { ChannelRec, UserRec } from './store/model.js';

export const teamsOf = (user: UserRec | undefined): string[] => user?.teams ?? [];

/** Whether the rules apply to `actor`: multi-tenant mode on, and a user's own token. */
export const tenancyApplies = (sandbox: Sandbox, actor: Actor): boolean =>
  sandbox.settings.multiTenant && !actor.server;

/** Whether a user of `teams` may reach something of `team`: one of theirs, or both without one. */
export function teamAllows(teams: readonly string[], team: string | undefined): boolean {
  return team === undefined ? teams.length === 0 : teams.includes(team);
}

/** Whether users of teams `a` and `b` may see each other: a shared team, or neither has one. */
export function shareTeam(a: readonly string[], b: readonly string[]): boolean {
  return a.length === 0 && b.length === 0 ? true : a.some((team) => b.includes(team));
}

const actingUser = (sandbox: Sandbox, actor: Actor) =>
  actor.userId ? sandbox.store.users.get(actor.userId) : undefined;

/** Whether `actor` may reach `channel` as far as teams go (always without multi-tenancy or with the secret). */
export function channelInReach(sandbox: Sandbox, actor: Actor, channel: Pick<ChannelRec, 'team'>): boolean {
  return !tenancyApplies(sandbox, actor) || teamAllows(teamsOf(actingUser(sandbox, actor)), channel.team);
}

/**
 * The refusal of a channel out of the actor's teams (code 17): for a channel without a team the
 * hosted text recorded in GetStream/stream-chat-js#778, for another team's channel the one of #711.
 */
export function teamRefusal(
  sandbox: Sandbox,
  actor: Actor,
  channel: Pick<ChannelRec, 'team' | 'type' | 'cid'>,
  endpoint: string,
): ChatError {
  const user = actingUser(sandbox, actor);
  const teams = teamsOf(user);
  if (channel.team === undefined) {
    const roles = [user?.role ?? 'user', sandbox.store.member(channel.cid, actor.userId)?.channel_role]
      .filter(Boolean)
      .map((role) => `'${role}'`)
      .join(', ');
    return notAllowed(
      `${endpoint} failed with error: "User '${actor.userId ?? ''}' with roles [${roles}] from teams [${teams.map((t) => `'${t}'`).join(', ')}] ` +
        `cannot access resource in scope '${channel.type}' because requested resource does not belong to any team"`,
    );
  }
  return notAllowed(
    `${endpoint} failed with error: "user from teams [${teams.map((t) => JSON.stringify(t)).join(', ')}] ` +
      `cannot query a channel for team ${JSON.stringify(channel.team)}"`,
  );
}

/** Throws teamRefusal unless `actor` may reach `channel`. */
export function requireChannelInReach(
  sandbox: Sandbox,
  actor: Actor,
  channel: Pick<ChannelRec, 'team' | 'type' | 'cid'>,
  endpoint: string,
): void {
  if (!channelInReach(sandbox, actor, channel)) throw teamRefusal(sandbox, actor, channel, endpoint);
}

/**
 * A user adding members to a channel (creating it, or adding, inviting or promoting members):
 * each must belong to the channel's team (none, for a channel without one). Code 17.
 */
export function requireMembersOfTeam(
  sandbox: Sandbox,
  actor: Actor,
  channel: Pick<ChannelRec, 'team'>,
  userIds: readonly string[],
  endpoint: string,
): void {
  if (!tenancyApplies(sandbox, actor)) return;
  const outside = [...new Set(userIds)].filter((id) => !teamAllows(teamsOf(sandbox.store.users.get(id)), channel.team));
  if (outside.length === 0) return;
  const where =
    channel.team === undefined
      ? 'a channel that does not belong to any team'
      : `a channel of team ${JSON.stringify(channel.team)}`;
  throw notAllowed(
    `${endpoint} failed with error: "users [${outside.map((id) => `'${id}'`).join(', ')}] do not belong to the team of the channel and cannot be members of ${where}"`,
  );
}

/**
 * The user query as a user sends it: without a condition on `teams`, the service adds one for the
 * user's teams (`{teams: {$in: [...]}}`, or no team for a user without one).
 */
export function userQueryFilter(sandbox: Sandbox, actor: Actor, filter: Filter): Filter {
  if (!tenancyApplies(sandbox, actor) || mentions(filter, 'teams')) return filter;
  const teams = teamsOf(actingUser(sandbox, actor));
  const own = teams.length > 0 ? { teams: { $in: teams } } : { teams: { $eq: null } };
  return { $and: [filter, own] };
}

/** Whether `actor` may see `user` in a user query: "users that cannot be displayed … are omitted". */
export function userInReach(sandbox: Sandbox, actor: Actor, user: UserRec): boolean {
  return !tenancyApplies(sandbox, actor) || shareTeam(teamsOf(actingUser(sandbox, actor)), teamsOf(user));
}

/**
 * A channel query naming `team` itself (`{team: {}}` asks for every team): the actor's channels
 * (`matched`: those they are a member of that match) out of their teams are refused rather than
 * left out, as the hosted service answers "an access error". Without `team` in the filter they are
 * left out (canRead), as the service's added `{team: {$in: [...]}}` does.
 */
export function requireQueriedTeams(
  sandbox: Sandbox,
  actor: Actor,
  filter: Filter,
  matched: () => readonly ChannelRec[],
): void {
  if (!tenancyApplies(sandbox, actor) || !mentions(filter, 'team')) return;
  const foreign = matched().find((channel) => !channelInReach(sandbox, actor, channel));
  if (foreign) throw teamRefusal(sandbox, actor, foreign, 'QueryChannels');
}

/**
 * A user's teams as a server-side upsert or partial update gives them: a list of non-empty names
 * of at most `teamNameMaxBytes` bytes, at most `userMaxTeams` of them (repeats dropped). Code 4.
 */
export function teamList(sandbox: Sandbox, value: unknown, userId: string): string[] {
  const { userMaxTeams, teamNameMaxBytes } = sandbox.settings;
  if (value === null) return [];
  if (!Array.isArray(value) || value.some((team) => typeof team !== 'string' || team === ''))
    throw inputError(`user ${userId}: teams must be a list of team names`);
  const teams = [...new Set(value as string[])];
  if (teams.length > userMaxTeams)
    throw inputError(`user ${userId}: a user can be a member of at most ${userMaxTeams} teams`);
  const long = teams.find((team) => Buffer.byteLength(team, 'utf8') > teamNameMaxBytes);
  if (long !== undefined)
    throw inputError(`user ${userId}: team name ${JSON.stringify(long)} is longer than ${teamNameMaxBytes} bytes`);
  return teams;
}

/** A user changing teams with their own token: not granted (the hosted `UpdateUserTeam` action). */
export function teamChangeRefusal(endpoint: string, user: UserRec | undefined, userId: string): ChatError {
  return notAllowed(
    `${endpoint} failed with error: "User '${userId}' with role '${user?.role ?? 'user'}' is not allowed to perform action UpdateUserTeam"`,
  );
}

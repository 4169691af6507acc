/**
 * Who may do what: the hosted chat service's default grants (permissions v2, "Permissions
 * Reference → Default Grants", getstream.io/chat/docs/react/permissions_reference/) for the
 * actions the sandbox checks, per scope (channel type, or `.app` for users) and role.
 *
 * A user has one user role (`user`, `admin`, `moderator`, `guest`, `anonymous`) and, in a channel
 * they are a member of, a channel role (`channel_member`, `channel_moderator`); both count. A
 * grant `<permission>` allows the action on anything, `<permission>-owner` only on what the user
 * owns: a channel they created, a message they sent, their own user. Server-side calls (API
 * secret) are never checked. Channel types without grants here use the `messaging` ones, as the
 * hosted service does for custom types. The channel's `own_capabilities` for these actions are
 * derived from the same grants (`tableCapabilities`), so a UI that trusts them is never refused.
 */
import type { Actor } from './auth-context.js';
import { notAllowed } from './errors.js';
import type { Sandbox } from './sandbox.js';
import type { ChannelRec, MemberRec, MessageRec, UserRec } from './store/model.js';
import { requireChannelInReach } from './tenancy.js';

export const ACTIONS = [
  'UpdateChannel',
  'TruncateChannel',
  'DeleteChannel',
  'UpdateChannelMembers',
  'PinMessage',
  'DeleteMessage',
  'CreateSystemMessage',
  'UpdateUser',
] as const;
export type Action = (typeof ACTIONS)[number];

/** The hosted permission id of each action. */
const PERMISSION: Record<Action, string> = {
  UpdateChannel: 'update-channel',
  TruncateChannel: 'truncate-channel',
  DeleteChannel: 'delete-channel',
  UpdateChannelMembers: 'update-channel-members',
  PinMessage: 'pin-message',
  DeleteMessage: 'delete-message',
  CreateSystemMessage: 'create-system-message',
  UpdateUser: 'update-user',
};

/** Role → granted permission ids. */
type Grants = Readonly<Record<string, readonly string[]>>;

/** `messaging` and `team` grant the same for these actions. */
const MESSAGING: Grants = {
  admin: [
    'update-channel',
    'truncate-channel',
    'delete-channel',
    'update-channel-members',
    'pin-message',
    'delete-message',
    'create-system-message',
  ],
  moderator: [
    'update-channel',
    'truncate-channel-owner',
    'delete-channel-owner',
    'update-channel-members',
    'pin-message',
    'delete-message',
    'create-system-message',
  ],
  user: [
    'update-channel-owner',
    'truncate-channel-owner',
    'delete-channel-owner',
    'update-channel-members-owner',
    'pin-message-owner',
    'delete-message-owner',
  ],
  channel_member: ['pin-message'],
  channel_moderator: [
    'update-channel',
    'update-channel-members',
    'pin-message',
    'delete-message',
    'create-system-message',
  ],
};

const LIVESTREAM: Grants = {
  admin: MESSAGING.admin!,
  moderator: ['pin-message', 'delete-message', 'create-system-message'],
  user: ['pin-message-owner', 'delete-message-owner'],
  channel_moderator: ['pin-message', 'delete-message', 'create-system-message'],
};

export const APP_SCOPE = '.app';

/**
 * Every authenticated role may update its own user (not its role) on the hosted service. The
 * sandbox withdraws this unless CHAT_CLIENT_USER_UPDATES is on: names and pictures come from the
 * product, through server-side upserts.
 */
const APP: Grants = {
  admin: ['update-user-owner'],
  moderator: ['update-user-owner'],
  user: ['update-user-owner'],
  guest: ['update-user-owner'],
};

export const GRANTS: Readonly<Record<string, Grants>> = {
  messaging: MESSAGING,
  team: MESSAGING,
  livestream: LIVESTREAM,
  [APP_SCOPE]: APP,
};

/** Who acts: the user role, and the channel role when they are a member. */
export interface Subject {
  role: string;
  channelRole?: string;
}

export interface Circumstances {
  /** Whether the subject owns the resource (the channel's creator, the message's sender, itself). */
  owner: boolean;
  /** CHAT_CLIENT_USER_UPDATES (the hosted default is on). */
  clientUserUpdates?: boolean;
}

export const scopeOf = (action: Action, channelType: string): string =>
  action === 'UpdateUser' ? APP_SCOPE : channelType;

/** Whether `subject` may perform `action` in `channelType` (ignored for UpdateUser). */
export function can(subject: Subject, action: Action, channelType: string, circumstances: Circumstances): boolean {
  if (action === 'UpdateUser' && circumstances.clientUserUpdates === false) return false;
  const scope = scopeOf(action, channelType);
  const grants = GRANTS[scope] ?? MESSAGING;
  // The sandbox's channel_admin (legacy "owner" members) has the channel moderator's grants.
  const channelRole = subject.channelRole === 'channel_admin' ? 'channel_moderator' : subject.channelRole;
  const permission = PERMISSION[action];
  return [subject.role, channelRole].some((role) => {
    const granted = role ? (grants[role] ?? []) : [];
    return granted.includes(permission) || (circumstances.owner && granted.includes(`${permission}-owner`));
  });
}

export function subjectOf(user: UserRec | undefined, member: MemberRec | undefined): Subject {
  return { role: user?.role ?? 'user', channelRole: member?.channel_role };
}

/** The hosted service's wording of a refusal (code 17), e.g. for `UpdateChannel` as `channel_member`. */
export function deniedMessage(endpoint: string, userId: string, subject: Subject, action: Action, scope: string) {
  const error =
    scope === APP_SCOPE
      ? `User '${userId}' with role '${subject.role}' is not allowed to perform action ${action}`
      : `User '${userId}' with roles [${[subject.role, subject.channelRole]
          .filter(Boolean)
          .map((role) => `'${role}'`)
          .join(', ')}] is not allowed to perform action ${action} in scope '${scope}'`;
  return `${endpoint} failed with error: "${error}"`;
}

/**
 * Throws code 17 unless the actor may perform `action` (server calls always may). The message
 * starts with the hosted endpoint's name (`endpoint`, by default the action's). Whether the actor
 * owns the resource is by default whether they created the channel. In multi-tenant mode the
 * channel must be of one of the actor's teams first (tenancy.ts).
 */
export function requirePermission(
  sandbox: Sandbox,
  actor: Actor,
  action: Action,
  channel?: ChannelRec,
  options: { endpoint?: string; owner?: boolean } = {},
): void {
  if (actor.server) return;
  if (channel) requireChannelInReach(sandbox, actor, channel, options.endpoint ?? action);
  const userId = actor.userId ?? '';
  const subject = subjectOf(sandbox.store.users.get(userId), channel && sandbox.store.member(channel.cid, userId));
  const owner = options.owner ?? (channel?.created_by_id !== undefined && channel.created_by_id === userId);
  const scope = scopeOf(action, channel?.type ?? APP_SCOPE);
  if (can(subject, action, scope, { owner, clientUserUpdates: sandbox.settings.clientUserUpdates })) return;
  throw notAllowed(deniedMessage(options.endpoint ?? action, userId, subject, action, scope));
}

/** The `own_capabilities` that follow from the grants, and the action each stands for. */
export const TABLE_CAPABILITIES: Readonly<Record<string, Action>> = {
  'update-channel': 'UpdateChannel',
  'update-channel-members': 'UpdateChannelMembers',
  'delete-channel': 'DeleteChannel',
  'pin-message': 'PinMessage',
  // Deleting others' messages: never as their owner.
  'delete-any-message': 'DeleteMessage',
};

export function tableCapabilities(
  channel: ChannelRec,
  user: UserRec | undefined,
  member: MemberRec | undefined,
  server: boolean,
): string[] {
  const subject = subjectOf(user, member);
  return Object.entries(TABLE_CAPABILITIES)
    .filter(([capability, action]) => {
      const owner = capability !== 'delete-any-message' && user !== undefined && channel.created_by_id === user.id;
      return server || can(subject, action, channel.type, { owner });
    })
    .map(([capability]) => capability);
}

/** Fields of a partial channel update that only moderators set (freeze-channel), not UpdateChannel. */
const MODERATION_FIELDS = new Set(['frozen', 'cooldown', 'config_overrides']);

/**
 * The partial channel update (`PATCH /channels/{t}/{id}`): any field but the moderation ones
 * needs UpdateChannel. Returns whether moderation fields are named too (the caller checks those).
 */
export function requirePartialUpdate(
  sandbox: Sandbox,
  actor: Actor,
  channel: ChannelRec,
  set: Record<string, unknown>,
  unset: string[],
): boolean {
  const fields = [...Object.keys(set), ...unset];
  if (fields.length === 0 || fields.some((field) => !MODERATION_FIELDS.has(field)))
    requirePermission(sandbox, actor, 'UpdateChannel', channel, { endpoint: 'UpdateChannelPartial' });
  return fields.some((field) => MODERATION_FIELDS.has(field));
}

/**
 * A full message update that pins or unpins it needs PinMessage. The client sends `pinned` with
 * every edit, so only a change of the pin state counts.
 */
export function requirePinChange(sandbox: Sandbox, actor: Actor, message: MessageRec, pinned: unknown): void {
  if (pinned === undefined || Boolean(pinned) === message.pinned) return;
  const channel = sandbox.store.channels.get(message.cid);
  requirePermission(sandbox, actor, 'PinMessage', channel, { endpoint: 'UpdateMessage' });
}

/** Sending a system message, or a message pinned at once, as a user. */
export function requireSendRights(
  sandbox: Sandbox,
  actor: Actor,
  channel: ChannelRec,
  input: { type?: unknown; pinned?: unknown },
): void {
  if (input.type === 'system')
    requirePermission(sandbox, actor, 'CreateSystemMessage', channel, { endpoint: 'SendMessage' });
  if (input.pinned) requirePermission(sandbox, actor, 'PinMessage', channel, { endpoint: 'SendMessage' });
}

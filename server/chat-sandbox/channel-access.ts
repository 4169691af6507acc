/**
 * Who may read a channel (its state, messages and the records they point to): the server, anyone
 * in a public channel type, an admin, or a member — and, in multi-tenant mode, only a user of the
 * channel's team (tenancy.ts). Domain code and routes share this one rule.
 */
import type { Actor } from './auth-context.js';
import { CHANNEL_TYPES } from './channel-types.js';
import { notAllowed } from './errors.js';
import type { Sandbox } from './sandbox.js';
import type { ChannelRec } from './store/model.js';
import { channelInReach, teamRefusal } from './tenancy.js';

export function canRead(sandbox: Sandbox, channel: ChannelRec, actor: Actor): boolean {
  if (actor.server) return true;
  if (!channelInReach(sandbox, actor, channel)) return false;
  if (CHANNEL_TYPES[channel.type]?.public) return true;
  const user = actor.userId ? sandbox.store.users.get(actor.userId) : undefined;
  return user?.role === 'admin' || sandbox.store.member(channel.cid, actor.userId) !== undefined;
}

/**
 * Throws code 17 unless the actor may read the channel: the team refusal (named for `endpoint`)
 * for a channel out of the actor's teams, the service's ReadChannel refusal otherwise.
 */
export function requireRead(sandbox: Sandbox, channel: ChannelRec, actor: Actor, endpoint = 'ReadChannel'): void {
  if (canRead(sandbox, channel, actor)) return;
  if (!channelInReach(sandbox, actor, channel)) throw teamRefusal(sandbox, actor, channel, endpoint);
  throw notAllowed(
    `User '${actor.userId ?? ''}' with role 'user' is not allowed to access Resource ReadChannel on channel type ${channel.type}`,
  );
}

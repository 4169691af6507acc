/**
 * Who may read a channel (its state, messages and the records they point to): the server, anyone
 * in a public channel type, an admin, or a member. Domain code and routes share this one rule.
 */
import type { Actor } from './auth-context.js';
import { CHANNEL_TYPES } from './channel-types.js';
import { notAllowed } from './errors.js';
import type { Sandbox } from './sandbox.js';
import type { ChannelRec } from './store/model.js';

export function canRead(sandbox: Sandbox, channel: ChannelRec, actor: Actor): boolean {
  if (actor.server) return true;
  if (CHANNEL_TYPES[channel.type]?.public) return true;
  const user = actor.userId ? sandbox.store.users.get(actor.userId) : undefined;
  return user?.role === 'admin' || sandbox.store.member(channel.cid, actor.userId) !== undefined;
}

/** Throws code 17 (the service's ReadChannel refusal) unless the actor may read the channel. */
export function requireRead(sandbox: Sandbox, channel: ChannelRec, actor: Actor): void {
  if (!canRead(sandbox, channel, actor)) {
    throw notAllowed(
      `User '${actor.userId ?? ''}' with role 'user' is not allowed to access Resource ReadChannel on channel type ${channel.type}`,
    );
  }
}

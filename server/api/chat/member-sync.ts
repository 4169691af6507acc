/**
 * Keeps a member's chat user in step with their profile. A chat outage must not fail the product
 * request that triggered the sync: the failure is logged as a warning, and the member is synced
 * again at their next sign-in, which heals it. The member's teams (`teamsOf`, chat-teams.ts) are
 * given to a chat user that has none yet; later the chat outbox keeps them.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { UserRepo } from '../users/user-repo.js';
import { toUserView } from '../users/user-view.js';
import { chatFailure, type ChatDirectory } from './chat-users.js';

export type MemberSync = (userId: number) => Promise<void>;

export function memberSync(
  users: UserRepo,
  teamsOf: (userId: number) => Promise<string[]>,
  chat: ChatDirectory,
  log: FastifyBaseLogger,
): MemberSync {
  return async (userId) => {
    try {
      const user = await users.findById(userId);
      if (user) await chat.syncUser({ ...toUserView(user), teams: await teamsOf(userId) });
    } catch (error) {
      log.warn(
        `Chat: could not update member ${userId} in the chat service (${chatFailure(error)}); retried at their next sign-in`,
      );
    }
  };
}

export type TokenRevocation = (userIds: number[]) => Promise<void>;

/**
 * Revokes members' chat tokens at sign-out and when their sessions expire. A chat outage must not
 * fail the sign-out: it is logged as an error, and the tokens still die at the end of their short
 * lifetime (CHAT_TOKEN_TTL_SECONDS).
 */
export function tokenRevocation(chat: ChatDirectory, log: FastifyBaseLogger): TokenRevocation {
  return async (userIds) => {
    try {
      await chat.revokeTokens(userIds);
    } catch (error) {
      log.error(
        `Chat: could not revoke the chat tokens of member(s) ${userIds.join(', ')} (${chatFailure(error)}); ` +
          'they stay valid until they expire',
      );
    }
  };
}

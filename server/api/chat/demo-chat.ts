/**
 * The demo league in the chat service: every demo member as a chat user, and the demo channels
 * (demo-channels.ts). Run by `npm start` after the server listens, on every start; both steps are
 * idempotent, so it also repairs a chat service that missed earlier updates.
 */
import type { Database } from '../../db/database.js';
import { DEMO_USERS } from '../../db/seed/demo-users.js';
import { UserRepo } from '../users/user-repo.js';
import { toUserView } from '../users/user-view.js';
import type { ChatDirectory } from './chat-users.js';

export async function syncDemoChat(chat: ChatDirectory, database: Database): Promise<void> {
  const users = new UserRepo(database.db);
  const members = [];
  for (const demo of DEMO_USERS) {
    const user = await users.findByEmail(demo.email);
    if (user) members.push(toUserView(user));
  }
  await chat.syncUsers(members);
  await chat.ensureDemoChannels(members.map((m) => m.id));
}

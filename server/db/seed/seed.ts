/**
 * Seeds the demo league members with generated avatars. Idempotent: a member whose email
 * already exists is left as it is, so restarts and edits made in the app survive.
 */
import { hashPassword } from '../../api/auth/passwords.js';
import { UserRepo } from '../../api/users/user-repo.js';
import { AvatarFiles } from '../../storage/avatar-files.js';
import type { Database } from '../database.js';
import { DEMO_USERS } from './demo-users.js';
import { identiconPng } from './identicon-png.js';

export interface SeedResult {
  created: number;
  existing: number;
}

export async function seedDemoData(database: Database, dataDir: string, password: string): Promise<SeedResult> {
  const users = new UserRepo(database.db);
  const avatars = new AvatarFiles(dataDir);
  const result: SeedResult = { created: 0, existing: 0 };
  const passwordHash = await hashPassword(password);
  for (const demo of DEMO_USERS) {
    if (await users.findByEmail(demo.email)) {
      result.existing++;
      continue;
    }
    const user = await users.create({ email: demo.email, name: demo.name, passwordHash, language: demo.language });
    if (!user) {
      result.existing++;
      continue;
    }
    await users.updateProfile(user.id, { bio: demo.bio, timezone: demo.timezone });
    const file = await avatars.save(user.id, identiconPng(demo.email), 'image/png');
    await users.setAvatar(user.id, file, 'image/png');
    result.created++;
  }
  return result;
}

/**
 * Seeds the demo league members with generated avatars (identicons, stored as uploads are), then the Riverside League they belong to.
 * Idempotent: a member whose email already exists, and a league that exists, are left as they
 * are, so restarts and edits made in the app survive.
 */
import { hashPassword } from '../../api/auth/passwords.js';
import { UserRepo } from '../../api/users/user-repo.js';
import { AvatarFiles } from '../../storage/avatar-files.js';
import type { Database } from '../database.js';
import { seedDemoLeague } from './demo-league.js';
import { DEMO_USERS } from './demo-users.js';
import { identicon } from './identicon.js';

export interface SeedResult {
  /** Demo members created and found. */
  created: number;
  existing: number;
  league: 'created' | 'existing';
}

/** `now`: the moment the league is seeded as of (its dates, and which matches are over). */
export async function seedDemoData(
  database: Database,
  dataDir: string,
  password: string,
  now = new Date(),
): Promise<SeedResult> {
  const users = new UserRepo(database.db);
  const avatars = new AvatarFiles(dataDir);
  const result: Omit<SeedResult, 'league'> = { created: 0, existing: 0 };
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
    const avatar = await identicon(demo.email);
    const file = await avatars.save(user.id, avatar.data, avatar.type);
    await users.setAvatar(user.id, file, avatar.type);
    result.created++;
  }
  // After the members, so the league links their accounts to its roles and players.
  const league = await seedDemoLeague(database.db, now);
  return { ...result, league: league.created ? 'created' : 'existing' };
}

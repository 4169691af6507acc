/**
 * Data access for users. Emails are stored and looked up in one normal form (trimmed, NFC, lower
 * case: shared/email-policy.ts), so an address typed in another case or normalisation finds its
 * account.
 */
import type { Kysely } from 'kysely';
import { normaliseEmail } from '../../../shared/email-policy.js';
import { nowIso } from '../../db/database.js';
import type { DB, User, UserUpdate } from '../../db/schema.js';

export type ProfileChanges = Pick<UserUpdate, 'name' | 'language' | 'bio' | 'phone' | 'timezone'>;

export class UserRepo {
  constructor(private readonly db: Kysely<DB>) {}

  findById(id: number): Promise<User | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByEmail(email: string): Promise<User | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
  }

  /** Creates the user, or returns null when the email is taken. */
  async create(input: {
    email: string;
    name: string;
    passwordHash: string;
    language?: string | null;
  }): Promise<User | null> {
    const now = nowIso();
    const inserted = await this.db
      .insertInto('users')
      .values({
        email: normaliseEmail(input.email),
        name: input.name,
        password_hash: input.passwordHash,
        language: input.language ?? null,
        bio: '',
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('email').doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted ? ((await this.findById(inserted.id)) ?? null) : null;
  }

  async updateProfile(id: number, changes: ProfileChanges): Promise<User | undefined> {
    await this.db
      .updateTable('users')
      .set({ ...changes, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
    return this.findById(id);
  }

  /** Points the user at a new avatar file; returns the file it replaced, if any. */
  async setAvatar(id: number, file: string, type: string): Promise<string | null> {
    return this.db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('users').select('avatar_file').where('id', '=', id).executeTakeFirst();
      await trx
        .updateTable('users')
        .set({ avatar_file: file, avatar_type: type, updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
      return before?.avatar_file ?? null;
    });
  }
}

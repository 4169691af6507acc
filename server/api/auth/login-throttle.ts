/**
 * Slows down password guessing. Failed sign-ins are recorded per email and per address; past the
 * limit within the window, further attempts get 429 with Retry-After until the oldest failure
 * leaves the window. Kept in the database so it holds across restarts and server instances.
 */
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/database.js';
import type { DB } from '../../db/schema.js';

/** One address may try several accounts (a shared club house network), but not endlessly. */
const ADDRESS_FACTOR = 4;

export class LoginThrottle {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly maxFailures: number,
    private readonly windowSeconds: number,
  ) {}

  /** Seconds to wait before the next attempt, or 0 when an attempt is allowed now. */
  async retryAfterSeconds(email: string, ip: string): Promise<number> {
    const since = nowIso(-this.windowSeconds * 1000);
    const byEmail = await this.oldestBlocking('email', email, since, this.maxFailures);
    const byAddress = await this.oldestBlocking('ip', ip, since, this.maxFailures * ADDRESS_FACTOR);
    const oldest = [byEmail, byAddress].filter((t): t is string => t !== null).sort()[0];
    if (!oldest) return 0;
    const freeAt = Date.parse(oldest) + this.windowSeconds * 1000;
    return Math.max(1, Math.ceil((freeAt - Date.now()) / 1000));
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    await this.db.insertInto('login_failures').values({ email, ip, created_at: nowIso() }).execute();
    await this.db
      .deleteFrom('login_failures')
      .where('created_at', '<', nowIso(-this.windowSeconds * 1000))
      .execute();
  }

  async clear(email: string): Promise<void> {
    await this.db.deleteFrom('login_failures').where('email', '=', email).execute();
  }

  /**
   * When `limit` failures or more lie in the window, the time of the one whose expiry frees a
   * slot (the limit-th newest); otherwise null.
   */
  private async oldestBlocking(
    column: 'email' | 'ip',
    value: string,
    since: string,
    limit: number,
  ): Promise<string | null> {
    const rows = await this.db
      .selectFrom('login_failures')
      .select('created_at')
      .where(column, '=', value)
      .where('created_at', '>', since)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    return rows.length >= limit ? rows[rows.length - 1]!.created_at : null;
  }
}

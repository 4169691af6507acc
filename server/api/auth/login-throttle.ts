/**
 * Slows down password guessing without handing anyone a way to lock a member out
 * (docs/decisions/0001). Failed sign-ins are recorded with their email and address, in the
 * database so the limits hold across restarts and server instances:
 *
 * - per (address, email): the first `maxFailures` in the window are free, then each further try
 *   waits twice as long as the one before (1 s, 2 s, 4 s … up to `maxDelaySeconds`) after the
 *   latest failure. This is what a guesser meets; the member, from their own address, does not.
 * - per address: at most `addressMaxFailures` in the window, over all emails (one address trying
 *   many accounts).
 * - per email: a much higher ceiling, `emailMaxFailures` in the window from all addresses
 *   together, so a guesser with many addresses is still stopped without a few wrong passwords
 *   from anywhere locking the member out.
 *
 * Registration is limited per address (`RegisterThrottle`), as are unknown invitation tokens.
 */
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/database.js';
import type { DB } from '../../db/schema.js';

export interface LoginLimits {
  maxFailures: number;
  windowSeconds: number;
  maxDelaySeconds: number;
  addressMaxFailures: number;
  emailMaxFailures: number;
}

export class LoginThrottle {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly limits: LoginLimits,
  ) {}

  /** Seconds to wait before the next attempt, or 0 when an attempt is allowed now. */
  async retryAfterSeconds(email: string, ip: string): Promise<number> {
    const { windowSeconds, maxFailures, maxDelaySeconds } = this.limits;
    const since = nowIso(-windowSeconds * 1000);
    const [pair, byAddress, byEmail] = await Promise.all([
      this.failures(since, { email, ip }),
      this.ceilingFreesAt(since, { ip }, this.limits.addressMaxFailures),
      this.ceilingFreesAt(since, { email }, this.limits.emailMaxFailures),
    ]);
    const waits: number[] = [byAddress, byEmail].filter((t): t is number => t !== null);
    if (pair.count >= maxFailures && pair.latest) {
      const delay = Math.min(maxDelaySeconds, 2 ** (pair.count - maxFailures));
      waits.push(Date.parse(pair.latest) + delay * 1000);
    }
    const freeAt = Math.max(0, ...waits);
    return freeAt > Date.now() ? Math.max(1, Math.ceil((freeAt - Date.now()) / 1000)) : 0;
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    await this.db.insertInto('login_failures').values({ email, ip, created_at: nowIso() }).execute();
    await this.db
      .deleteFrom('login_failures')
      .where('created_at', '<', nowIso(-this.limits.windowSeconds * 1000))
      .execute();
  }

  /** A successful sign-in forgets this address's failures for the email (not other addresses'). */
  async clear(email: string, ip: string): Promise<void> {
    await this.db.deleteFrom('login_failures').where('email', '=', email).where('ip', '=', ip).execute();
  }

  private async failures(since: string, by: { email: string; ip: string }) {
    const row = await this.db
      .selectFrom('login_failures')
      .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.max('created_at').as('latest')])
      .where('email', '=', by.email)
      .where('ip', '=', by.ip)
      .where('created_at', '>', since)
      .executeTakeFirst();
    return { count: Number(row?.n ?? 0), latest: row?.latest ?? null };
  }

  /**
   * When `limit` failures or more lie in the window for the address or the email: the time the
   * one that keeps the count at the limit leaves the window (ms); otherwise null.
   */
  private async ceilingFreesAt(since: string, by: { ip: string } | { email: string }, limit: number) {
    let query = this.db.selectFrom('login_failures').select('created_at').where('created_at', '>', since);
    query = 'ip' in by ? query.where('ip', '=', by.ip) : query.where('email', '=', by.email);
    const rows = await query.orderBy('created_at', 'desc').limit(limit).execute();
    if (rows.length < limit) return null;
    return Date.parse(rows[rows.length - 1]!.created_at) + this.limits.windowSeconds * 1000;
  }
}

/**
 * At most `max` events per address in `windowSeconds`, counted in the database: registrations
 * (`RegisterThrottle`), and unknown invitation tokens asked for (docs/decisions/0034).
 */
export class AddressThrottle {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly table: 'registrations' | 'invitation_misses',
    private readonly max: number,
    private readonly windowSeconds: number,
  ) {}

  /** Seconds to wait before the address may try again, or 0. */
  async retryAfterSeconds(ip: string): Promise<number> {
    const rows = await this.db
      .selectFrom(this.table)
      .select('created_at')
      .where('ip', '=', ip)
      .where('created_at', '>', nowIso(-this.windowSeconds * 1000))
      .orderBy('created_at', 'desc')
      .limit(this.max)
      .execute();
    if (rows.length < this.max) return 0;
    const freeAt = Date.parse(rows[rows.length - 1]!.created_at) + this.windowSeconds * 1000;
    return Math.max(1, Math.ceil((freeAt - Date.now()) / 1000));
  }

  async record(ip: string): Promise<void> {
    await this.db.insertInto(this.table).values({ ip, created_at: nowIso() }).execute();
    await this.db
      .deleteFrom(this.table)
      .where('created_at', '<', nowIso(-this.windowSeconds * 1000))
      .execute();
  }
}

/** At most `max` registrations per address in `windowSeconds`. */
export class RegisterThrottle extends AddressThrottle {
  constructor(db: Kysely<DB>, max: number, windowSeconds: number) {
    super(db, 'registrations', max, windowSeconds);
  }
}

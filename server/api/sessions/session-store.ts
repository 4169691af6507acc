/**
 * Server-side sessions. The cookie holds 32 random bytes; the table holds only an HMAC of them,
 * keyed with the session secret, so neither a copy of the table nor a guessed value is a session.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import type { DB, Session } from '../../db/schema.js';

const DAY_MS = 24 * 3600 * 1000;
/** Visitors who have not signed in keep a short session: it only carries their CSRF token. */
const ANONYMOUS_TTL_MS = DAY_MS;

export interface ActiveSession {
  /** The cookie value. */
  token: string;
  row: Session;
}

export class SessionStore {
  private readonly userTtlMs: number;
  /** Every request looks its session up, so the query is compiled once. */
  private readonly live: (values: { idHash: string; now: string }) => Promise<Session[]>;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly secret: string,
    ttlDays: number,
    /** Told which members' sessions expired at a purge (their chat tokens are revoked). */
    private readonly onExpired: (userIds: number[]) => Promise<void> = async () => {},
  ) {
    this.userTtlMs = ttlDays * DAY_MS;
    this.live = prepared(
      db,
      (m: { idHash: string; now: string }) =>
        db.selectFrom('sessions').selectAll().where('id_hash', '=', m.idHash).where('expires_at', '>', m.now),
      { idHash: '\u0000id_hash', now: '\u0000now' },
    );
  }

  ttlMs(userId: number | null): number {
    return userId === null ? ANONYMOUS_TTL_MS : this.userTtlMs;
  }

  async create(userId: number | null): Promise<ActiveSession> {
    const token = randomBytes(32).toString('base64url');
    const row: Session = {
      id_hash: this.hash(token),
      user_id: userId,
      created_at: nowIso(),
      expires_at: nowIso(this.ttlMs(userId)),
    };
    await this.db.insertInto('sessions').values(row).execute();
    return { token, row };
  }

  /** The live session for a cookie value, or null when unknown, forged or expired. */
  async find(token: string | undefined): Promise<ActiveSession | null> {
    const idHash = this.idHashOf(token);
    if (!idHash) return null;
    const [row] = await this.live({ idHash, now: nowIso() });
    return row ? { token: token!, row } : null;
  }

  /**
   * The key a cookie value's session is stored under, or null when the value cannot be a session
   * (for queries that look the session up together with other rows: league/read-gate.ts).
   */
  idHashOf(token: string | undefined): string | null {
    return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? this.hash(token) : null;
  }

  /**
   * Signed-in sessions slide: once less than half their lifetime is left, they are extended.
   * Returns true when the expiry moved (the cookie must be sent again).
   */
  async touch(session: ActiveSession): Promise<boolean> {
    const ttl = this.ttlMs(session.row.user_id);
    if (session.row.user_id === null) return false;
    if (Date.parse(session.row.expires_at) - Date.now() > ttl / 2) return false;
    const expires_at = nowIso(ttl);
    await this.db.updateTable('sessions').set({ expires_at }).where('id_hash', '=', session.row.id_hash).execute();
    session.row = { ...session.row, expires_at };
    return true;
  }

  async destroy(token: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id_hash', '=', this.hash(token)).execute();
  }

  /** Deletes expired sessions and tells `onExpired` whose signed-in sessions they were. */
  async purgeExpired(): Promise<number> {
    const now = nowIso();
    const expired = await this.db
      .selectFrom('sessions')
      .select('user_id')
      .distinct()
      .where('expires_at', '<=', now)
      .where('user_id', 'is not', null)
      .execute();
    const result = await this.db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
    const userIds = expired.map((row) => row.user_id).filter((id): id is number => id !== null);
    if (userIds.length > 0) await this.onExpired(userIds);
    return Number(result.numDeletedRows);
  }

  /** The CSRF token of a session: derived from it, so it dies with it and changes at rotation. */
  csrfToken(token: string): string {
    return createHmac('sha256', this.secret).update(`csrf:${token}`).digest('base64url');
  }

  private hash(token: string): string {
    return createHmac('sha256', this.secret).update(`session:${token}`).digest('base64url');
  }
}

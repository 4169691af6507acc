/**
 * The chat outbox (docs/decisions/0035): league and chat never stay out of step. A league change
 * records the chat change it needs (`enqueue`) in its own database transaction, so the two commit
 * together; a worker started with the server applies pending changes, league by league in the
 * order they were recorded, and marks them done once the chat service confirms. A failure keeps
 * them pending with the error and the number of attempts, and they are tried again after a delay
 * that doubles up to a longest one (CHAT_OUTBOX_RETRY_BASE_MS, CHAT_OUTBOX_RETRY_MAX_MS).
 *
 * Every change is a full "sync league <id>" that reads the league as it is when it runs
 * (league-sync.ts), so it is idempotent and one run settles every change of the league recorded
 * before it: they are coalesced. One server at a time holds a league's pending changes
 * (`locked_until`, CHAT_OUTBOX_LEASE_MS), so two servers never apply an older state over a newer.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { chatFailure } from './chat-users.js';

/** What the chat service must be brought to. */
export type ChatChange = { kind: 'sync-league'; leagueId: number };

export interface OutboxState {
  /** Changes of the league not yet confirmed by the chat service. */
  pending: number;
  /** When the last try of a pending change failed: how often it was tried, why it failed, when it is tried next. */
  failing: { attempts: number; last_error: string; next_attempt_at: string } | null;
}

export interface ChatOutboxSettings {
  chatOutboxRetryBaseMs: number;
  chatOutboxRetryMaxMs: number;
  chatOutboxPollMs: number;
  chatOutboxLeaseMs: number;
}

/** Longest error text kept on a row. */
const ERROR_MAX = 1000;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Records `change` as pending, due at once. Call it with the transaction of the league change
 * that needs it: both are stored, or neither.
 */
export async function enqueue(db: Kysely<DB> | Transaction<DB>, change: ChatChange): Promise<void> {
  const now = iso(Date.now());
  await db
    .insertInto('chat_outbox')
    .values({
      league_id: change.leagueId,
      kind: change.kind,
      payload: JSON.stringify(change),
      next_attempt_at: now,
      created_at: now,
    })
    .execute();
}

/** The league's chat changes as the commissioner's screen shows them. */
export async function outboxState(db: Kysely<DB>, leagueId: number): Promise<OutboxState> {
  const rows = await db
    .selectFrom('chat_outbox')
    .select(['attempts', 'last_error', 'next_attempt_at'])
    .where('league_id', '=', leagueId)
    .where('done_at', 'is', null)
    .orderBy('attempts', 'desc')
    .execute();
  const failed = rows.find((row) => row.attempts > 0 && row.last_error !== null);
  return {
    pending: rows.length,
    failing: failed
      ? { attempts: failed.attempts, last_error: failed.last_error!, next_attempt_at: failed.next_attempt_at }
      : null,
  };
}

/** The wait before the next try after `attempts` failed ones: base × 2^(attempts − 1), at most `max`. */
export function retryDelay(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.min(Math.max(attempts - 1, 0), 30));
}

interface Claim {
  leagueId: number;
  changes: ChatChange[];
  lastId: number;
  attempts: number;
  token: string;
}

export class ChatOutbox {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private started = false;

  constructor(
    private readonly database: Pick<Database, 'db' | 'dialect'>,
    private readonly apply: (change: ChatChange) => Promise<void>,
    private readonly settings: ChatOutboxSettings,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Starts looking for due changes every CHAT_OUTBOX_POLL_MS (the server does this once it listens). */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.schedule(0);
  }

  /** Asks for a run soon, e.g. right after a transaction that enqueued a change commits. */
  wake(): void {
    if (this.started && !this.running) this.schedule(0);
  }

  /** Stops the worker and waits for a run under way. */
  async stop(): Promise<void> {
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Applies every league's due changes once; answers how many leagues were brought in step. */
  async runDue(): Promise<number> {
    const now = iso(Date.now());
    const leagues = await this.database.db
      .selectFrom('chat_outbox')
      .select(['league_id'])
      .select((eb) => eb.fn.min('id').as('first'))
      .where('done_at', 'is', null)
      .where('next_attempt_at', '<=', now)
      .groupBy('league_id')
      .orderBy('first')
      .execute();
    let applied = 0;
    for (const { league_id } of leagues) {
      const claim = await this.claim(league_id);
      if (claim && (await this.applyClaim(claim))) applied++;
    }
    return applied;
  }

  private schedule(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.runDue()
        .catch((error: unknown) =>
          this.log.error(`Chat outbox: could not read pending changes (${chatFailure(error)})`),
        )
        .then(() => undefined)
        .finally(() => {
          this.running = null;
          if (this.started) this.schedule(this.settings.chatOutboxPollMs);
        });
    }, delayMs);
    this.timer.unref();
  }

  /**
   * Takes the league's pending changes for this worker, unless another worker holds them or
   * none is due any more. On PostgreSQL the rows are locked while deciding, so two servers
   * never both take a league; SQLite runs one writer at a time anyway.
   */
  private async claim(leagueId: number): Promise<Claim | null> {
    return this.database.db.transaction().execute(async (trx) => {
      const now = iso(Date.now());
      let query = trx
        .selectFrom('chat_outbox')
        .select(['id', 'payload', 'attempts', 'next_attempt_at', 'locked_until'])
        .where('league_id', '=', leagueId)
        .where('done_at', 'is', null)
        .orderBy('id');
      if (this.database.dialect === 'postgres') query = query.forUpdate();
      const rows = await query.execute();
      if (rows.length === 0 || rows.some((row) => row.locked_until !== null && row.locked_until > now)) return null;
      if (!rows.some((row) => row.next_attempt_at <= now)) return null;
      const lastId = rows.at(-1)!.id;
      const token = randomUUID();
      await trx
        .updateTable('chat_outbox')
        .set({ locked_until: iso(Date.now() + this.settings.chatOutboxLeaseMs), locked_by: token })
        .where('league_id', '=', leagueId)
        .where('done_at', 'is', null)
        .where('id', '<=', lastId)
        .execute();
      const changes: ChatChange[] = [];
      for (const row of rows) {
        const change = JSON.parse(row.payload) as ChatChange;
        if (!changes.some((c) => c.kind === change.kind)) changes.push(change);
      }
      return { leagueId, changes, lastId, attempts: Math.max(...rows.map((row) => row.attempts)), token };
    });
  }

  /** Applies the claimed changes in order; marks them done, or records the failure and the next try. */
  private async applyClaim(claim: Claim): Promise<boolean> {
    try {
      for (const change of claim.changes) await this.apply(change);
    } catch (error) {
      const attempts = claim.attempts + 1;
      const delay = retryDelay(attempts, this.settings.chatOutboxRetryBaseMs, this.settings.chatOutboxRetryMaxMs);
      const message = chatFailure(error).slice(0, ERROR_MAX);
      this.log.warn(
        `Chat outbox: league ${claim.leagueId} could not be brought in step with the chat service (${message}); ` +
          `try ${attempts + 1} in ${Math.round(delay / 1000)} s`,
      );
      await this.release(claim, {
        attempts,
        last_error: message,
        next_attempt_at: iso(Date.now() + delay),
      });
      return false;
    }
    await this.release(claim, { done_at: iso(Date.now()) });
    return true;
  }

  private async release(
    claim: Claim,
    outcome: { done_at: string } | { attempts: number; last_error: string; next_attempt_at: string },
  ): Promise<void> {
    await this.database.db
      .updateTable('chat_outbox')
      .set({ ...outcome, locked_until: null, locked_by: null })
      .where('league_id', '=', claim.leagueId)
      .where('done_at', 'is', null)
      .where('id', '<=', claim.lastId)
      .where('locked_by', '=', claim.token)
      .execute();
  }
}

/**
 * The chat sync as the commissioner sees it (docs/decisions/0040; issue #28 item 6, "show its
 * state to the commissioner"): how many of the league's chat changes the chat service has not
 * confirmed yet, whether and why the last try failed, when the next try is, and when the chat was
 * last confirmed in step. "Try now" makes the pending changes due at once; with nothing pending it
 * records one full "sync league" (chat-outbox.ts), so the chat is checked against the league
 * again. Either way the worker is woken; asking twice records nothing more.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { enqueue, outboxState, type OutboxState } from './chat-outbox.js';

export interface ChatSyncState extends OutboxState {
  /** When the earliest pending change is tried next (null when nothing is pending). */
  next_attempt_at: string | null;
  /** When the chat service last confirmed a change of the league (null: never). */
  confirmed_at: string | null;
}

export async function chatSyncState(db: Kysely<DB>, leagueId: number): Promise<ChatSyncState> {
  const [state, times] = await Promise.all([
    outboxState(db, leagueId),
    db
      .selectFrom('chat_outbox')
      .select((eb) => [
        eb.fn.max('done_at').as('confirmed_at'),
        eb.fn
          .min(eb.case().when('done_at', 'is', null).then(eb.ref('next_attempt_at')).else(null).end())
          .as('next_attempt_at'),
      ])
      .where('league_id', '=', leagueId)
      .executeTakeFirst(),
  ]);
  return { ...state, next_attempt_at: times?.next_attempt_at ?? null, confirmed_at: times?.confirmed_at ?? null };
}

/**
 * Makes the league's pending chat changes due now, or records a full sync when none is pending.
 * Answers whether a sync was recorded.
 */
export async function retryChatSync(db: Kysely<DB>, leagueId: number): Promise<{ recorded: boolean }> {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .updateTable('chat_outbox')
      .set({ next_attempt_at: new Date().toISOString() })
      .where('league_id', '=', leagueId)
      .where('done_at', 'is', null)
      .executeTakeFirst();
    if (Number(due.numUpdatedRows) > 0) return { recorded: false };
    await enqueue(trx, { kind: 'sync-league', leagueId });
    return { recorded: true };
  });
}

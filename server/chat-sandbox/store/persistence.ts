/**
 * Write-through persistence of the sandbox's records as JSON documents in `chat_documents`,
 * through the same Kysely database as the product API (SQLite or PostgreSQL). Writes are applied
 * in order; a request is answered only after its writes are stored, so a restart loses nothing.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { DocKind, DocKinds } from './model.js';

type Write = { kind: DocKind; key: string; data: string | null };

export class Persistence {
  private pending: Write[] = [];
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly db: Kysely<DB>) {}

  async loadAll(): Promise<{ [K in DocKind]: DocKinds[K][] }> {
    const rows = await this.db.selectFrom('chat_documents').select(['kind', 'data']).execute();
    const out = {
      user: [],
      channel: [],
      member: [],
      message: [],
      ban: [],
      flag: [],
      file: [],
      poll: [],
      draft: [],
      reminder: [],
      thread: [],
      blocklist: [],
      app: [],
    } as {
      [K in DocKind]: DocKinds[K][];
    };
    for (const row of rows) {
      const list = out[row.kind as DocKind] as unknown[] | undefined;
      if (list) list.push(JSON.parse(row.data));
    }
    return out;
  }

  put<K extends DocKind>(kind: K, key: string, record: DocKinds[K]): void {
    this.pending.push({ kind, key: storedKey(key), data: JSON.stringify(record) });
  }

  remove(kind: DocKind, key: string): void {
    this.pending.push({ kind, key: storedKey(key), data: null });
  }

  /** Stores everything queued so far (in order, last write per key wins). */
  flush(): Promise<void> {
    if (this.pending.length === 0) return this.flushing;
    const batch = this.pending;
    this.pending = [];
    const latest = new Map<string, Write>();
    for (const write of batch) latest.set(`${write.kind}\u0000${write.key}`, write);
    const run = this.flushing.then(() => this.write([...latest.values()]));
    // A failed write fails the request that awaited it, not every later one.
    this.flushing = run.catch(() => undefined);
    return run;
  }

  private async write(writes: Write[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const write of writes) {
        if (write.data === null) {
          await trx.deleteFrom('chat_documents').where('kind', '=', write.kind).where('key', '=', write.key).execute();
        } else {
          await trx
            .insertInto('chat_documents')
            .values({ kind: write.kind, key: write.key, data: write.data })
            .onConflict((oc) => oc.columns(['kind', 'key']).doUpdateSet({ data: write.data! }))
            .execute();
        }
      }
    });
  }
}

/**
 * A key as a text column can hold it: PostgreSQL's text refuses NUL, which request schemas keep
 * out of ids but an older record may carry. Records are read back from their data, not their key.
 */
function storedKey(key: string): string {
  return key.includes('\u0000') ? key.replaceAll('\u0000', '\\u0000') : key;
}

/**
 * Runs the migrations in order, once each, on SQLite and PostgreSQL alike. They are listed here
 * (not discovered on disk) so the bundle and the type checker see every one.
 */
import { Migrator, type Kysely, type Migration, type MigrationResultSet } from 'kysely';
import type { Database } from './database.js';
import * as usersAndSessions from './migrations/0001-users-and-sessions.js';
import * as chatDocuments from './migrations/0002-chat-documents.js';
import * as league from './migrations/0003-league.js';
import * as leagueRevision from './migrations/0004-league-revision.js';
import * as signInLimits from './migrations/0005-sign-in-limits.js';
import * as leagueSetup from './migrations/0006-league-setup.js';
import * as invitations from './migrations/0007-invitations.js';
import * as chatOutbox from './migrations/0008-chat-outbox.js';
import * as awardedReason from './migrations/0009-awarded-reason.js';
import * as leagueChatChannels from './migrations/0012-league-chat-channels.js';

type Step = { up(db: Kysely<unknown>, dialect: Database['dialect']): Promise<void> };

const STEPS: Record<string, Step> = {
  '0001-users-and-sessions': usersAndSessions,
  '0002-chat-documents': chatDocuments,
  '0003-league': league,
  '0004-league-revision': leagueRevision,
  '0005-sign-in-limits': signInLimits,
  '0006-league-setup': leagueSetup,
  '0007-invitations': invitations,
  '0008-chat-outbox': chatOutbox,
  '0009-awarded-reason': awardedReason,
  '0012-league-chat-channels': leagueChatChannels,
};

export async function migrateToLatest(database: Database): Promise<string[]> {
  const migrations: Record<string, Migration> = {};
  for (const [name, step] of Object.entries(STEPS)) {
    migrations[name] = { up: (db) => step.up(db, database.dialect) };
  }
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
  const result: MigrationResultSet = await migrator.migrateToLatest();
  if (result.error)
    throw result.error instanceof Error ? result.error : new Error(`Migration failed: ${JSON.stringify(result.error)}`);
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

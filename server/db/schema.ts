/** Table types for Kysely. Timestamps are ISO-8601 UTC text on both engines, so they sort as text. */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  email: string;
  name: string;
  password_hash: string;
  language: string | null;
  bio: string;
  phone: string | null;
  timezone: string | null;
  /** File name under `<dataDir>/avatars`, never a path the client chose. */
  avatar_file: string | null;
  avatar_type: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  /** HMAC of the cookie value, so a leaked table cannot be replayed as cookies. */
  id_hash: string;
  user_id: number | null;
  created_at: string;
  expires_at: string;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  email: string;
  ip: string;
  created_at: string;
}

export interface ChatDocumentsTable {
  kind: string;
  key: string;
  data: string;
}

export interface DB {
  chat_documents: ChatDocumentsTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Session = Selectable<SessionsTable>;

/** What the API shows of a user. Never the password hash or the file name on disk. */
import type { User } from '../../db/schema.js';
import { fileVersion } from '../../storage/avatar-files.js';

export interface UserView {
  id: number;
  name: string;
  email: string;
  avatar_url: string | null;
  language: string | null;
  bio: string;
  phone: string | null;
  timezone: string | null;
}

export const LANGUAGES = ['de', 'en', 'es', 'fr', 'hi', 'it', 'ja', 'ko', 'nl', 'pt', 'ru', 'tr'] as const;

/** The avatar address changes with the file, so browsers may cache it for long. */
export function avatarUrl(user: Pick<User, 'id' | 'avatar_file'>): string | null {
  if (!user.avatar_file) return null;
  return `/api/users/${user.id}/avatar?v=${fileVersion(user.avatar_file)}`;
}

export function toUserView(user: User): UserView {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    avatar_url: avatarUrl(user),
    language: user.language,
    bio: user.bio,
    phone: user.phone,
    timezone: user.timezone,
  };
}

const nullableString = { anyOf: [{ type: 'string' }, { type: 'null' }] } as const;

export const userViewSchema = {
  type: 'object',
  required: ['id', 'name', 'email', 'avatar_url', 'language', 'bio', 'phone', 'timezone'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    email: { type: 'string' },
    avatar_url: nullableString,
    language: nullableString,
    bio: { type: 'string' },
    phone: nullableString,
    timezone: nullableString,
  },
} as const;

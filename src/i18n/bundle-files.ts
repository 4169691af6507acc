/**
 * Where each string bundle's language files are (src/i18n/bundles.ts). This list is its own
 * chunk, fetched with the first bundle a screen asks for, so the chat's first script does not
 * carry seventy-odd file names it may never need. One literal glob per bundle: Vite makes each
 * file its own chunk. A new bundle is one line here and a folder `locales/<bundle>/`.
 */
type Loaders = Record<string, () => Promise<{ default: Record<string, unknown> }>>;

export const BUNDLE_FILES = {
  pages: import.meta.glob<{ default: Record<string, unknown> }>('./locales/pages/*.json'),
  members: import.meta.glob<{ default: Record<string, unknown> }>('./locales/members/*.json'),
  location: import.meta.glob<{ default: Record<string, unknown> }>('./locales/location/*.json'),
  reminders: import.meta.glob<{ default: Record<string, unknown> }>('./locales/reminders/*.json'),
  voice: import.meta.glob<{ default: Record<string, unknown> }>('./locales/voice/*.json'),
  moderation: import.meta.glob<{ default: Record<string, unknown> }>('./locales/moderation/*.json'),
  pinned: import.meta.glob<{ default: Record<string, unknown> }>('./locales/pinned/*.json'),
  composer: import.meta.glob<{ default: Record<string, unknown> }>('./locales/composer/*.json'),
  actions: import.meta.glob<{ default: Record<string, unknown> }>('./locales/actions/*.json'),
  channels: import.meta.glob<{ default: Record<string, unknown> }>('./locales/channels/*.json'),
  threads: import.meta.glob<{ default: Record<string, unknown> }>('./locales/threads/*.json'),
  polls: import.meta.glob<{ default: Record<string, unknown> }>('./locales/polls/*.json'),
  admin: import.meta.glob<{ default: Record<string, unknown> }>('./locales/admin/*.json'),
  join: import.meta.glob<{ default: Record<string, unknown> }>('./locales/join/*.json'),
} satisfies Record<string, Loaders>;

export type StringBundle = keyof typeof BUNDLE_FILES;

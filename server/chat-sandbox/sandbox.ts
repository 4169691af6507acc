/** What every sandbox route module gets: the store, the gateway, the serializer and settings. */
import type { Gateway } from './gateway.js';
import type { Serializer } from './serialize.js';
import type { ChatStore } from './store/chat-store.js';

export interface SandboxSettings {
  apiKey: string;
  secret: string;
  /** Folder for uploaded chat files. */
  uploadDir: string;
  /** Largest accepted upload in bytes (the app upload config's size_limit). */
  uploadSizeLimit: number;
  /** Whether link previews (GET /og) may fetch private, loopback and link-local addresses; default false. */
  ogAllowPrivate: boolean;
  /** How deeply a request's JSON may nest (CHAT_REQUEST_MAX_DEPTH). */
  requestMaxDepth: number;
  /** Whether a user token may update its own user (CHAT_CLIENT_USER_UPDATES; see permissions.ts). */
  clientUserUpdates: boolean;
  /** Largest chat image in pixels (CHAT_UPLOAD_MAX_PIXELS). */
  uploadMaxPixels?: number;
  /** Bytes of resized images kept in memory (CHAT_THUMBNAIL_CACHE_BYTES). */
  thumbnailCacheBytes?: number;
  /** Block list limits (CHAT_BLOCKLIST_MAX_LISTS, _MAX_WORDS, _WORD_LENGTH); the hosted service's by default. */
  blocklistMaxLists?: number;
  blocklistMaxWords?: number;
  blocklistWordMaxLength?: number;
  /**
   * Whether the app is in multi-tenant mode (tenancy.ts): the app setting `multi_tenant_enabled`,
   * started from CHAT_MULTI_TENANT (or a value stored by `PATCH /app`) and changed by `PATCH /app`.
   */
  multiTenant: boolean;
  /** Most teams a user belongs to, and the longest team name in bytes (CHAT_USER_MAX_TEAMS, CHAT_TEAM_NAME_MAX_BYTES). */
  userMaxTeams: number;
  teamNameMaxBytes: number;
}

export interface Sandbox {
  store: ChatStore;
  gateway: Gateway;
  serialize: Serializer;
  settings: SandboxSettings;
}

/** The JSON success envelope: every answer carries `duration`. */
export function ok<T extends object>(payload: T): T & { duration: string } {
  return { ...payload, duration: '0.00ms' };
}

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

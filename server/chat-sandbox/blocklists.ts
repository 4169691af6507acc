/**
 * Block lists (the hosted service's "Block Lists"): app-wide word lists, managed with the server
 * secret (POST/GET/PUT/DELETE /blocklists), that a channel type or a channel's `config_overrides`
 * names in `blocklist`. With `blocklist_behavior: "block"` a message holding one of the words is
 * refused: the sender gets it back as a `type: "error"` message with the text 'Message was blocked
 * by moderation policies' and `moderation_details.action` MESSAGE_RESPONSE_ACTION_REMOVE; it is
 * not stored and nobody else hears of it. Words match whole and case-insensitively, the text being
 * split at white space and hyphens ("cookie-monster" holds "cookie" and "monster").
 */
import { channelConfig } from './channel-types.js';
import { nextTimestamp } from './clock.js';
import { inputError, notAllowed, notFound } from './errors.js';
import type { Actor } from './auth-context.js';
import type { Sandbox } from './sandbox.js';
import type { BlocklistRec, ChannelRec } from './store/model.js';

import { BLOCKLIST_MAX_LISTS, BLOCKLIST_MAX_WORDS, BLOCKLIST_WORD_MAX_LENGTH } from './blocklist-limits.js';

/** The text the service gives a blocked message, and its moderation action. */
export const BLOCKED_MESSAGE_TEXT = 'Message was blocked by moderation policies';
export const BLOCKED_ACTION = 'MESSAGE_RESPONSE_ACTION_REMOVE';

const NAME = /^[A-Za-z0-9_-]{1,64}$/;

function requireServer(actor: Actor, op: string): void {
  if (!actor.server) throw notAllowed(`${op} failed with error: "block lists can only be managed server-side"`);
}

function validName(name: unknown, op: string): string {
  if (typeof name !== 'string' || name === '') throw inputError(`${op} failed with error: "name is a required field"`);
  if (!NAME.test(name)) {
    throw inputError(`${op} failed with error: "name may only hold letters, numbers, '_' and '-' (at most 64)"`);
  }
  return name;
}

function validWords(sandbox: Sandbox, words: unknown, op: string): string[] {
  const maxWords = sandbox.settings.blocklistMaxWords ?? BLOCKLIST_MAX_WORDS;
  const maxLength = sandbox.settings.blocklistWordMaxLength ?? BLOCKLIST_WORD_MAX_LENGTH;
  if (!Array.isArray(words)) throw inputError(`${op} failed with error: "words must be a list of strings"`);
  if (words.length > maxWords) {
    throw inputError(`${op} failed with error: "a block list holds at most ${maxWords} words"`);
  }
  for (const word of words as unknown[]) {
    if (typeof word !== 'string' || word.trim() === '') {
      throw inputError(`${op} failed with error: "words must be non-empty strings"`);
    }
    if (word.length > maxLength) {
      throw inputError(`${op} failed with error: "word ${word} is longer than ${maxLength} characters"`);
    }
    if (word !== word.toLowerCase()) throw inputError(`${op} failed with error: "word ${word} must be lowercase"`);
  }
  return [...new Set(words as string[])];
}

export function createBlocklist(sandbox: Sandbox, actor: Actor, input: { name?: unknown; words?: unknown }): void {
  const op = 'CreateBlockList';
  requireServer(actor, op);
  const name = validName(input.name, op);
  const words = validWords(sandbox, input.words, op);
  const { store } = sandbox;
  if (store.blocklists.has(name)) throw inputError(`${op} failed with error: "block list ${name} already exists"`);
  const maxLists = sandbox.settings.blocklistMaxLists ?? BLOCKLIST_MAX_LISTS;
  if (store.blocklists.size >= maxLists) {
    throw inputError(`${op} failed with error: "an app has at most ${maxLists} block lists"`);
  }
  const now = nextTimestamp();
  store.saveBlocklist({ name, words, created_at: now, updated_at: now });
}

export function getBlocklist(sandbox: Sandbox, actor: Actor, name: string): BlocklistRec {
  const op = 'GetBlockList';
  requireServer(actor, op);
  const list = sandbox.store.blocklists.get(name);
  if (!list) throw notFound(`${op} failed with error: "block list ${name} does not exist"`);
  return list;
}

export function listBlocklists(sandbox: Sandbox, actor: Actor): BlocklistRec[] {
  requireServer(actor, 'ListBlockLists');
  return [...sandbox.store.blocklists.values()].sort((a, b) => a.name.localeCompare(b.name));
}

export function updateBlocklist(sandbox: Sandbox, actor: Actor, name: string, input: { words?: unknown }): void {
  const op = 'UpdateBlockList';
  const list = getBlocklist(sandbox, actor, name);
  const words = validWords(sandbox, input.words, op);
  sandbox.store.saveBlocklist({ ...list, words, updated_at: nextTimestamp() });
}

export function deleteBlocklist(sandbox: Sandbox, actor: Actor, name: string): void {
  getBlocklist(sandbox, actor, name);
  sandbox.store.deleteBlocklist(name);
}

/** The list as the API answers it. */
export function blocklistView(list: BlocklistRec): Record<string, unknown> {
  return { name: list.name, type: 'word', words: list.words, created_at: list.created_at, updated_at: list.updated_at };
}

/**
 * Whether the channel's block list, with behaviour "block", refuses `text`. A list the config
 * names but that does not exist blocks nothing.
 */
export function isBlockedText(sandbox: Sandbox, channel: ChannelRec, text: string): boolean {
  const config = channelConfig(channel);
  if (config.blocklist_behavior !== 'block' || typeof config.blocklist !== 'string') return false;
  const list = sandbox.store.blocklists.get(config.blocklist);
  if (!list || list.words.length === 0 || text === '') return false;
  const words = new Set(list.words);
  return text
    .toLowerCase()
    .split(/[\s-]+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .some((word) => words.has(word));
}

/** What the sender gets back for a blocked message (never stored, never broadcast). */
export function blockedAnswerFields(text: string): Record<string, unknown> {
  return {
    type: 'error',
    text: BLOCKED_MESSAGE_TEXT,
    moderation_details: { original_text: text, action: BLOCKED_ACTION, error_msg: BLOCKED_MESSAGE_TEXT, harms: [] },
  };
}

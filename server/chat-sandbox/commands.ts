/**
 * Slash commands (chat-protocol.md §4.3): message text starting with `/` is interpreted by the
 * server. `/giphy q` answers with an ephemeral message carrying a local gif (giphy.ts) and the
 * Send/Shuffle/Cancel buttons, run through `giphyAction` (POST /messages/{id}/action);
 * `/ban`, `/unban`, `/mute` and `/unmute` moderate through moderation.ts. Only the
 * commands in the channel's config exist. Nothing here is stored or broadcast except a sent gif,
 * which services/message-sending.ts stores and announces.
 */
import { channelConfig } from './channel-types.js';
import { nextTimestamp } from './clock.js';
import { ChatError, inputError, notAllowed, notFound } from './errors.js';
import { GIPHY_COUNT, giphyAttachment, giphyIndexFor } from './giphy.js';
import { banUser, muteUsers, unbanUser, unmuteUsers, type ModerationActor } from './moderation.js';
import type { Sandbox } from './sandbox.js';
import type { ChannelRec, MessageRec, UserRec } from './store/model.js';

export interface CommandInput {
  channel: ChannelRec;
  userId: string;
  text: string;
  /** The id the client gave the message; the answer keeps it so the client replaces its local copy. */
  messageId: string;
  /** The sandbox's public base URL, `http(s)://host/chat` — giphy.ts `sandboxBaseUrl(request)`. */
  baseUrl: string;
  /** The message's `mentioned_users` ids, tried first when resolving `@user`. */
  mentionedUserIds?: string[];
  /** Sent with the server secret: moderation commands are always allowed. */
  server?: boolean;
  /** Thread parent, so the answer lands in the thread it was typed in. */
  parentId?: string;
}

export interface CommandResult {
  kind: 'ephemeral' | 'error' | 'done';
  message: Record<string, unknown>;
}

/** Answer to a giphy button: a message to store and announce, a new ephemeral, or null (cancel). */
export type GiphyActionResult =
  { kind: 'send'; message: MessageRec } | { kind: 'ephemeral'; message: Record<string, unknown> } | null;

interface EphemeralGiphy {
  message: Record<string, unknown>;
  userId: string;
  cid: string;
  query: string;
  index: number;
  baseUrl: string;
  parentId?: string;
  createdAt: number;
}

const EPHEMERAL_TTL_MS = 6 * 60 * 60 * 1000;
const EPHEMERAL_MAX = 1000;
const ephemeralsBySandbox = new WeakMap<Sandbox, Map<string, EphemeralGiphy>>();

function ephemerals(sandbox: Sandbox): Map<string, EphemeralGiphy> {
  let map = ephemeralsBySandbox.get(sandbox);
  if (!map) {
    map = new Map();
    ephemeralsBySandbox.set(sandbox, map);
  }
  return map;
}

function remember(sandbox: Sandbox, entry: EphemeralGiphy): void {
  const map = ephemerals(sandbox);
  const now = Date.now();
  for (const [id, old] of map) {
    if (now - old.createdAt > EPHEMERAL_TTL_MS || map.size >= EPHEMERAL_MAX) map.delete(id);
    else break;
  }
  map.delete(entry.message.id as string);
  map.set(entry.message.id as string, entry);
}

/** Whether `messageId` is a live ephemeral `/giphy` answer (for POST /messages/{id}/action). */
export function isEphemeralGiphy(sandbox: Sandbox, messageId: string): boolean {
  return ephemerals(sandbox).has(messageId);
}

function commandNames(channel: ChannelRec): Map<string, string> {
  const commands = channelConfig(channel).commands;
  const names = new Map<string, string>();
  if (!Array.isArray(commands)) return names;
  for (const command of commands as unknown[]) {
    if (typeof command !== 'object' || command === null) continue;
    const { name, args } = command as { name?: unknown; args?: unknown };
    if (typeof name === 'string') names.set(name, typeof args === 'string' ? args : '');
  }
  return names;
}

export interface MessageParts {
  id: string;
  userId: string;
  cid: string;
  parentId?: string;
  type: 'ephemeral' | 'error';
  text: string;
  command?: string;
  args?: string;
  attachments?: Record<string, unknown>[];
}

/** A message object as the HTTP answer carries it (never stored). */
export function answerMessage(sandbox: Sandbox, parts: MessageParts): Record<string, unknown> {
  const now = nextTimestamp();
  return {
    id: parts.id,
    text: parts.text,
    html: '',
    type: parts.type,
    command: parts.command,
    args: parts.args,
    user: sandbox.serialize.user(parts.userId),
    cid: parts.cid,
    parent_id: parts.parentId,
    created_at: now,
    updated_at: now,
    attachments: parts.attachments ?? [],
    latest_reactions: [],
    own_reactions: [],
    reaction_counts: {},
    reaction_scores: {},
    reply_count: 0,
    deleted_reply_count: 0,
    mentioned_users: [],
    silent: false,
    pinned: false,
    pinned_at: null,
    pinned_by: null,
    pin_expires: null,
    shadowed: false,
    restricted_visibility: [],
  };
}

function displayName(user: UserRec): string {
  return user.name || user.id;
}

/** Resolves `@user rest…` to a member of the channel (by id or name, case-insensitive; longest match wins). */
function resolveTarget(
  sandbox: Sandbox,
  input: CommandInput,
  args: string,
): { user: UserRec; rest: string } | undefined {
  const { store } = sandbox;
  const text = args.replace(/^@/, '');
  const lower = text.toLowerCase();
  const candidates = new Map<string, UserRec>();
  for (const id of input.mentionedUserIds ?? []) {
    const user = store.users.get(id);
    if (user) candidates.set(id, user);
  }
  for (const member of store.membersOf(input.channel.cid)) {
    const user = store.users.get(member.user_id);
    if (user) candidates.set(user.id, user);
  }
  let best: { user: UserRec; length: number } | undefined;
  for (const user of candidates.values()) {
    if (user.deleted_at) continue;
    for (const key of [user.id, user.name]) {
      if (!key) continue;
      const candidate = key.toLowerCase();
      if (!lower.startsWith(candidate)) continue;
      const next = text.charAt(candidate.length);
      if (next !== '' && !/\s/.test(next)) continue;
      if (!best || candidate.length > best.length) best = { user, length: candidate.length };
    }
  }
  return best ? { user: best.user, rest: text.slice(best.length).trim() } : undefined;
}

function giphy(sandbox: Sandbox, input: CommandInput, query: string): CommandResult {
  const index = giphyIndexFor(query);
  const message = answerMessage(sandbox, {
    id: input.messageId,
    userId: input.userId,
    cid: input.channel.cid,
    parentId: input.parentId,
    type: 'ephemeral',
    text: query ? `/giphy ${query}` : '/giphy',
    command: 'giphy',
    args: query,
    attachments: [giphyAttachment(query, index, input.baseUrl, true)],
  });
  remember(sandbox, {
    message,
    userId: input.userId,
    cid: input.channel.cid,
    query,
    index,
    baseUrl: input.baseUrl,
    parentId: input.parentId,
    createdAt: Date.now(),
  });
  return { kind: 'ephemeral', message };
}

const MODERATION_DONE: Record<string, string> = {
  ban: 'banned',
  unban: 'unbanned',
  mute: 'muted',
  unmute: 'unmuted',
};

function moderate(sandbox: Sandbox, input: CommandInput, command: string, args: string, usage: string): CommandResult {
  const reply = (kind: 'done' | 'error', text: string): CommandResult => ({
    kind,
    message: answerMessage(sandbox, {
      id: input.messageId,
      userId: input.userId,
      cid: input.channel.cid,
      parentId: input.parentId,
      type: kind === 'done' ? 'ephemeral' : 'error',
      text,
      command,
      args,
    }),
  });
  if (!args) return reply('error', `Usage: /${command} ${usage}`.trim());
  const target = resolveTarget(sandbox, input, args);
  if (!target) {
    const named = args.replace(/^@/, '').split(/\s+/)[0] ?? '';
    return reply('error', `User ${named} is not a member of this channel`);
  }
  const name = displayName(target.user);
  const actor: ModerationActor = { userId: input.userId, server: input.server ?? false };
  const cid = input.channel.cid;
  try {
    if (command === 'ban') {
      banUser(sandbox, { actor, targetId: target.user.id, cid, reason: target.rest || undefined });
    } else if (command === 'unban') {
      if (!unbanUser(sandbox, { actor, targetId: target.user.id, cid }))
        return reply('error', `User ${name} is not banned`);
    } else if (command === 'mute') {
      muteUsers(sandbox, actor, [target.user.id]);
    } else {
      unmuteUsers(sandbox, actor, [target.user.id]);
    }
  } catch (error) {
    if (!(error instanceof ChatError)) throw error;
    if (error.code === 17) return reply('error', `You are not allowed to use /${command} in this channel`);
    return reply('error', error.message);
  }
  return reply('done', `User ${name} has been ${MODERATION_DONE[command]}`);
}

/**
 * Runs the slash command in `input.text`; null when the text is not a command. The answer is
 * for the sender's HTTP response only: not stored, no event.
 */
export async function runCommand(sandbox: Sandbox, input: CommandInput): Promise<CommandResult | null> {
  if (!input.text.startsWith('/')) return null;
  const match = /^\/(\S*)\s*([\s\S]*)$/.exec(input.text);
  const name = match?.[1] ?? '';
  const args = (match?.[2] ?? '').trim();
  const known = commandNames(input.channel);
  /** An ephemeral error answer to the sender. */
  const refuse = (text: string, extra: Partial<Pick<MessageParts, 'command' | 'args'>> = {}): CommandResult => ({
    kind: 'error',
    message: answerMessage(sandbox, {
      id: input.messageId,
      userId: input.userId,
      cid: input.channel.cid,
      parentId: input.parentId,
      type: 'error',
      text,
      ...extra,
    }),
  });
  if (!known.has(name))
    return refuse(`Sorry, command ${name} doesn't exist. Try posting your message without the starting /`);
  if (name === 'giphy') return giphy(sandbox, input, args);
  if (name in MODERATION_DONE) return moderate(sandbox, input, name, args, known.get(name) ?? '');
  // A command configured on the channel that the sandbox does not implement.
  return refuse(`Sorry, command ${name} is not available in the chat sandbox`, { command: name, args });
}

export interface GiphyActionInput {
  messageId: string;
  /** The user pressing the button (must be the one who typed the command). */
  userId: string;
  /** `form_data.image_action`: 'send' | 'shuffle' | 'cancel'. */
  action: unknown;
  /** The channel the request names (`type:id` from the body), checked against the message's. */
  cid?: string;
  /** Base URL for the shuffled gif (defaults to the one the command was run with). */
  baseUrl?: string;
}

/**
 * A giphy button (POST /messages/{id}/action with `form_data.image_action`):
 * - send → `{kind:'send', message}`: a regular message record (same id, giphy attachment without
 *   buttons) for services/message-sending.ts to insert, answer with and announce with `message.new`;
 * - shuffle → `{kind:'ephemeral', message}`: the same ephemeral with another gif; answer only;
 * - cancel → null: answer without `message`.
 * Throws 16 for an unknown or expired ephemeral, 17 for another user's, 4 for a bad action.
 */
export function giphyAction(sandbox: Sandbox, input: GiphyActionInput): GiphyActionResult {
  const op = 'RunMessageAction';
  const map = ephemerals(sandbox);
  const entry = map.get(input.messageId);
  if (!entry) throw notFound(`${op} failed with error: "message ${input.messageId} is not a pending giphy message"`);
  if (entry.userId !== input.userId)
    throw notAllowed(`${op} failed with error: "the giphy message belongs to another user"`);
  if (input.cid && input.cid !== entry.cid) {
    throw inputError(`${op} failed with error: "message ${input.messageId} is not in channel ${input.cid}"`);
  }
  if (input.action === 'cancel') {
    map.delete(input.messageId);
    return null;
  }
  if (input.action === 'shuffle') {
    entry.index = (entry.index + 1) % GIPHY_COUNT;
    if (input.baseUrl) entry.baseUrl = input.baseUrl;
    entry.message = {
      ...entry.message,
      attachments: [giphyAttachment(entry.query, entry.index, entry.baseUrl, true)],
      updated_at: nextTimestamp(),
    };
    entry.createdAt = Date.now();
    return { kind: 'ephemeral', message: entry.message };
  }
  if (input.action === 'send') {
    map.delete(input.messageId);
    const now = nextTimestamp();
    const message: MessageRec = {
      id: input.messageId,
      cid: entry.cid,
      user_id: entry.userId,
      type: entry.parentId ? 'reply' : 'regular',
      text: entry.query ? `/giphy ${entry.query}` : '/giphy',
      attachments: [giphyAttachment(entry.query, entry.index, input.baseUrl ?? entry.baseUrl, false)],
      mentioned_user_ids: [],
      parent_id: entry.parentId,
      custom: {},
      created_at: now,
      updated_at: now,
      pinned: false,
      reply_count: 0,
      deleted_reply_count: 0,
      thread_participant_ids: [],
      silent: false,
      shadowed: false,
      command: 'giphy',
      args: entry.query,
      reactions: [],
    };
    return { kind: 'send', message };
  }
  throw inputError(`${op} failed with error: "image_action must be one of send, shuffle, cancel"`);
}

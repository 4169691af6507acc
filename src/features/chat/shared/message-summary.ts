/**
 * What a message is, in one line, wherever a list names a message (issue #27 item 7): the channel
 * list's preview, pinned messages, saved and reminders, the threads list and search results. Its
 * text when it has one; otherwise its poll by the question ("Poll: Which kit on Sunday?"), a
 * location, a voice message with its length ("Voice message (0:12)"), a photo, video or audio by
 * its name ("Photo: lineup.png"), a file by its name; a deleted message says so.
 *
 * The poll's question is not always on the message: the hosted service's message answers carry
 * `poll` as an optional field, and its `message.updated` events may leave it out. `pollId` and
 * the `pollName` lookup let a list name the poll from the client's poll cache or from polls it
 * fetched (use-poll-names.ts) — never from a field only the sandbox fills.
 */
import type { StreamChat } from 'stream-chat';
import { clockText } from '../../../../machines/shared/clock-text';

/** The attachment fields a summary reads (stream-chat's Attachment has them all). */
export interface SummaryAttachment {
  type?: string;
  title?: string;
  fallback?: string;
  duration?: number;
  og_scrape_url?: string;
}

/** The message fields a summary reads: a `MessageResponse` and a `LocalMessage` both have them. */
export interface SummarisableMessage {
  type?: string;
  text?: string | null;
  deleted_at?: unknown;
  poll_id?: string | null;
  poll?: { name?: string } | null;
  shared_location?: unknown;
  attachments?: readonly SummaryAttachment[] | null;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;
/** A poll's question by its id, where the list knows it. */
export type PollNameLookup = (pollId: string) => string | undefined;

/** The poll's question as the client's poll cache holds it (hydrated from channel queries and `message.new`). */
export const cachedPollName =
  (client: StreamChat): PollNameLookup =>
  (id) =>
    client.polls.fromState(id)?.data.name;

/** Line breaks and runs of spaces as one space. */
export const oneLine = (text: string): string => text.replace(/\s+/gu, ' ').trim();

export const isDeleted = (message: SummarisableMessage): boolean =>
  message.type === 'deleted' || Boolean(message.deleted_at);

/** The poll's question: on the message, else from the lookup; null when the message has no poll. */
export function pollQuestion(message: SummarisableMessage, pollName?: PollNameLookup): string | null {
  if (!message.poll_id && !message.poll) return null;
  const name = message.poll?.name ?? (message.poll_id ? pollName?.(message.poll_id) : undefined);
  return oneLine(name ?? '');
}

const nameOf = (attachment: SummaryAttachment): string => oneLine(attachment.title || attachment.fallback || '');

/** One attachment in words. */
function attachmentSummary(attachment: SummaryAttachment, t: Translate): string {
  const name = nameOf(attachment);
  switch (attachment.type) {
    case 'voiceRecording':
      return typeof attachment.duration === 'number' && attachment.duration > 0
        ? t('chat.summary.voiceLength', { duration: clockText(attachment.duration) })
        : t('chat.summary.voice');
    case 'image':
      return name ? t('chat.summary.photoNamed', { name }) : t('chat.summary.photo');
    case 'video':
      return name ? t('chat.summary.videoNamed', { name }) : t('chat.summary.video');
    case 'audio':
      return name ? t('chat.summary.audioNamed', { name }) : t('chat.summary.audio');
    case 'giphy':
      return t('chat.summary.gif');
    default:
      if (attachment.og_scrape_url) return name || t('chat.summary.link');
      return name || t('chat.summary.file');
  }
}

export interface SummaryOptions {
  /** Names the polls the messages do not carry (use-poll-names.ts). */
  pollName?: PollNameLookup;
  /** Keep the text's own line breaks (a list that shows a few lines of it); else one line. */
  keepLines?: boolean;
}

/** The message in words, as the lists show it. */
export function summariseMessage(
  message: SummarisableMessage,
  t: Translate,
  { pollName, keepLines = false }: SummaryOptions = {},
): string {
  if (isDeleted(message)) return t('chat.summary.deleted');
  const text = keepLines ? (message.text ?? '').trim() : oneLine(message.text ?? '');
  if (text) return text;
  const question = pollQuestion(message, pollName);
  if (question !== null) return question ? t('chat.summary.poll', { name: question }) : t('chat.summary.pollUnnamed');
  if (message.shared_location) return t('chat.summary.location');
  const attachments = message.attachments ?? [];
  const [first] = attachments;
  if (!first) return t('chat.summary.empty');
  const summary = attachmentSummary(first, t);
  return attachments.length > 1 ? t('chat.summary.andMore', { text: summary, more: attachments.length - 1 }) : summary;
}

/** The polls among `messages` whose question the lookup does not know yet. */
export function unnamedPollIds(messages: readonly SummarisableMessage[], pollName?: PollNameLookup): string[] {
  const ids = new Set<string>();
  for (const message of messages) {
    if (!message.poll_id || message.poll?.name || isDeleted(message) || oneLine(message.text ?? '')) continue;
    if (pollName?.(message.poll_id) === undefined) ids.add(message.poll_id);
  }
  return [...ids].sort();
}

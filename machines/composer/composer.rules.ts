/**
 * The composer's pure rules, shared by the machine's guards and actions and by the selectors:
 * what counts as empty text, which URLs and triggers the text holds, whether the composition can
 * be sent and why not, and the message and draft payloads it makes.
 */
import type { LinkPreviewData } from '../shared/composer-children';
import type { ComposedAttachment, ComposedMessage } from '../shared/composed-message';
import type {
  ComposerContext,
  ComposerDraft,
  ComposerView,
  DraftPayload,
  LocationDraft,
  MentionedUser,
  PreviewEntry,
  RestorableMessage,
  UploadEntry,
} from './composer.types';

export { MAX_FILES_PER_MESSAGE } from '../shared/composer-children';
export { MIN_LIVE_LOCATION_MS } from '../shared/composed-message';
import { MIN_LIVE_LOCATION_MS } from '../shared/composed-message';

/** Markdown fragments that alone make no message (as the chat client treats them). */
const EMPTY_MARKDOWN = new Set(['>', '``````', '``', '**', '____', '__', '****']);

/**
 * Spec section 5: text of only whitespace or only markup fragments (`<p></p>`, `<br>`,
 * `&nbsp;`, a lone `**` …) counts as empty.
 */
export function isTextEmpty(text: string): boolean {
  const withoutMarkup = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/gi, ' ')
    .trim();
  return withoutMarkup === '' || EMPTY_MARKDOWN.has(withoutMarkup);
}

const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/**
 * A small URL finder for when the caller gives no URLs with `composer.type` (the app passes the
 * ones linkifyjs finds): `http(s)://…` and `www.…` links whose host name is valid (spec
 * section 5), trailing punctuation dropped, each once, in text order.
 */
export function findUrls(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/\b(?:https?:\/\/|www\.)[^\s<>"']+/gi)) {
    const raw = match[0].replace(/[.,;:!?)\]}]+$/, '');
    const href = /^www\./i.test(raw) ? `http://${raw}` : raw;
    try {
      const url = new URL(href);
      if (HOST.test(url.hostname) && !found.includes(href)) found.push(href);
    } catch {
      // not a URL after all
    }
  }
  return found;
}

export interface Trigger {
  trigger: '@' | '/';
  query: string;
}

/**
 * The suggestion trigger at the end of the text (where the caret is while typing): `/name` at the
 * very start (commands) or `@name` after a space or at the start (mentions). Spec section 5: each
 * needs at least one character after it.
 */
export function activeTrigger(text: string): Trigger | null {
  const command = /^\/(\S+)$/.exec(text);
  if (command) return { trigger: '/', query: command[1]! };
  const mention = /(?:^|\s)@([^\s@]+)$/.exec(text);
  if (mention) return { trigger: '@', query: mention[1]! };
  return null;
}

/** The channel command the text starts with (`/giphy cats`), if it names one of `commands`. */
export function commandOf(text: string, commands: string[]): string | null {
  const match = /^\/(\S+)\s/.exec(text);
  return match && commands.includes(match[1]!) ? match[1]! : null;
}

/** Spec section 5: mentions are kept only if the text contains `@id` or `@name`. */
export function mentionsInText(mentions: MentionedUser[], text: string): MentionedUser[] {
  return mentions.filter(
    (user, i) =>
      mentions.findIndex((m) => m.id === user.id) === i &&
      (text.includes(`@${user.id}`) || (user.name !== undefined && user.name !== '' && text.includes(`@${user.name}`))),
  );
}

export const isUploadInProgress = (upload: UploadEntry) => upload.status === 'pending' || upload.status === 'uploading';
export const isUploadFinished = (upload: UploadEntry) =>
  upload.status === 'finished' && upload.attachment !== undefined;

export function isValidLocation(location: LocationDraft | null): boolean {
  if (!location) return false;
  const { latitude, longitude, durationMs } = location;
  return (
    Number.isFinite(latitude) &&
    Number.isFinite(longitude) &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180 &&
    (durationMs === undefined || durationMs >= MIN_LIVE_LOCATION_MS)
  );
}

/** Spec: at most one loaded preview is attached: the first loaded one in text order (dismissed ones are not loaded). */
export function attachedPreview(previews: PreviewEntry[]): LinkPreviewData | null {
  return previews.find((p) => p.status === 'loaded' && p.preview)?.preview ?? null;
}

type Composition = Pick<
  ComposerView,
  | 'text'
  | 'uploads'
  | 'pollId'
  | 'location'
  | 'quoted'
  | 'editing'
  | 'threadId'
  | 'maxLength'
  | 'mentions'
  | 'previews'
  | 'showInChannel'
>;

/** A poll waits and the message would carry only it (spec: not in a thread, not an edit). */
export const isPollOnly = (c: Composition) => c.pollId !== null && c.threadId === null && c.editing === null;

/** Text, a finished upload, a poll or a valid location (spec section 4). */
export const hasSendableContent = (c: Composition) =>
  !isTextEmpty(c.text) || c.uploads.some(isUploadFinished) || c.pollId !== null || isValidLocation(c.location);

export const isTooLong = (c: Composition) => c.maxLength !== null && c.text.length > c.maxLength;

/** Nothing the member made is left (what empties a draft). */
export const isCompositionEmpty = (c: Composition) =>
  isTextEmpty(c.text) &&
  c.uploads.every((u) => !isUploadFinished(u)) &&
  c.pollId === null &&
  c.quoted === null &&
  !isValidLocation(c.location);

export type SendBlockedReason = 'coolingDown' | 'uploading' | 'empty' | 'tooLong';

/**
 * Why `composer.submit` would not send now, or null when it would. The order is the submit
 * transition's: slow mode (new messages only), then a poll-only message (which carries nothing
 * else and so waits for no upload), then uploads in progress, empty, too long.
 */
export function sendBlockedReason(c: Composition, coolingDown: boolean): SendBlockedReason | null {
  if (c.editing === null && coolingDown) return 'coolingDown';
  if (isPollOnly(c)) return null;
  if (c.uploads.some(isUploadInProgress)) return 'uploading';
  if (isTooLong(c)) return 'tooLong';
  if (!hasSendableContent(c)) return 'empty';
  return null;
}

function sharedLocation(c: ComposerView, id: string): ComposedMessage['shared_location'] {
  if (!c.location || !isValidLocation(c.location)) return undefined;
  const { latitude, longitude, durationMs } = c.location;
  return {
    latitude,
    longitude,
    created_by_device_id: c.deviceId,
    message_id: id,
    ...(durationMs === undefined ? {} : { end_at: new Date(c.now() + durationMs).toISOString() }),
  };
}

/** The message `composer.submit` hands on, with the send option for URL enrichment. */
export function composeMessage(c: ComposerView, id: string): { message: ComposedMessage; skipEnrichUrl: boolean } {
  if (isPollOnly(c)) return { message: { id, poll_id: c.pollId! }, skipEnrichUrl: false };
  const text = isTextEmpty(c.text) ? '' : c.text;
  const mentioned = mentionsInText(c.mentions, text).map((u) => u.id);
  const preview = attachedPreview(c.previews);
  const attachments: ComposedAttachment[] = [
    ...c.uploads.filter(isUploadFinished).map((u) => u.attachment!),
    ...(preview ? [preview] : []),
  ];
  const location = sharedLocation(c, id);
  const message: ComposedMessage = {
    id,
    ...(text ? { text } : {}),
    ...(mentioned.length ? { mentioned_users: mentioned } : {}),
    ...(c.quoted ? { quoted_message_id: c.quoted.id } : {}),
    ...(attachments.length ? { attachments } : {}),
    ...(c.threadId !== null ? { parent_id: c.threadId } : {}),
    ...(c.threadId !== null && c.showInChannel && c.editing === null ? { show_in_channel: true } : {}),
    ...(c.pollId !== null ? { poll_id: c.pollId } : {}),
    ...(location ? { shared_location: location } : {}),
  };
  const loading = c.previews.some((p) => p.status === 'pending' || p.status === 'loading');
  const dismissed = c.previews.some((p) => p.status === 'dismissed');
  return { message, skipEnrichUrl: (!loading && preview !== null) || dismissed };
}

/** What a draft of the composition stores (`channel.createDraft`). */
export function draftPayload(c: ComposerView): DraftPayload {
  const text = c.maxLength !== null ? c.text.slice(0, c.maxLength) : c.text;
  const mentioned = mentionsInText(c.mentions, text).map((u) => u.id);
  const preview = attachedPreview(c.previews);
  const attachments = [...c.uploads.filter(isUploadFinished).map((u) => u.attachment!), ...(preview ? [preview] : [])];
  return {
    text,
    ...(c.threadId !== null ? { parent_id: c.threadId } : {}),
    ...(c.quoted ? { quoted_message_id: c.quoted.id } : {}),
    ...(attachments.length ? { attachments } : {}),
    ...(mentioned.length ? { mentioned_users: mentioned } : {}),
    ...(c.pollId !== null ? { poll_id: c.pollId } : {}),
  };
}

/** The draft payload a remote draft amounts to (to tell a real change from the echo of our own save). */
export function draftPayloadOf(draft: ComposerDraft, threadId: string | null): DraftPayload {
  const m = draft.message;
  const mentioned = (m.mentioned_users ?? []).map((u) => (typeof u === 'string' ? u : u.id));
  const quotedId = draft.quoted_message?.id ?? m.quoted_message?.id ?? m.quoted_message_id ?? null;
  return {
    text: m.text ?? '',
    ...(threadId !== null ? { parent_id: threadId } : {}),
    ...(quotedId ? { quoted_message_id: quotedId } : {}),
    ...(m.attachments?.length ? { attachments: m.attachments } : {}),
    ...(mentioned.length ? { mentioned_users: mentioned } : {}),
    ...(m.poll_id ? { poll_id: m.poll_id } : {}),
  };
}

const isPreviewAttachment = (a: ComposedAttachment): a is LinkPreviewData =>
  'og_scrape_url' in a && typeof a.og_scrape_url === 'string';

/**
 * The composition a message (edit) or a draft restores: text, finished attachments, loaded link
 * previews, mentions, quote, poll, location. `maxLength` cuts the text (spec: on edit).
 */
export function restoredContent(
  message: RestorableMessage,
  quoted: RestorableMessage['quoted_message'],
  c: Pick<ComposerContext, 'newId' | 'maxLength'>,
  cut: boolean,
): Pick<ComposerContext, 'text' | 'urls' | 'mentions' | 'quoted' | 'uploads' | 'previews' | 'pollId' | 'location'> {
  const fullText = message.text ?? '';
  const text = cut && c.maxLength !== null ? fullText.slice(0, c.maxLength) : fullText;
  const attachments = message.attachments ?? [];
  const quote = quoted ?? (message.quoted_message_id ? { id: message.quoted_message_id } : null);
  const location = message.shared_location;
  return {
    text,
    urls: findUrls(text),
    mentions: (message.mentioned_users ?? []).map((u) =>
      typeof u === 'string' ? { id: u } : { id: u.id, name: u.name },
    ),
    quoted: quote,
    uploads: attachments
      .filter((a) => !isPreviewAttachment(a))
      .map((attachment) => ({
        localId: c.newId(),
        file: null,
        child: null,
        attachment: attachment as UploadEntry['attachment'],
      })),
    previews: attachments
      .filter(isPreviewAttachment)
      .map((preview) => ({ url: preview.og_scrape_url, child: null, dismissed: false, preview })),
    pollId: message.poll_id ?? null,
    location: location ? { latitude: location.latitude, longitude: location.longitude } : null,
  };
}

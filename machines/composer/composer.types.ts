/** The message composer's types (spec sections 4, 5, 8, 9). */
import type { ActorLogic, ActorSystem, AnyActorRef } from 'xstate';
import type {
  ComposerChildEvent,
  LinkPreviewData,
  LinkPreviewInput,
  LinkPreviewStatus,
  UploadedAttachment,
  UploadFile,
  UploadInput,
  UploadLimitsByKind,
  UploadStatus,
} from '../shared/composer-children';
import type { ComposedAttachment } from '../shared/composed-message';
import type { DraftAnswer } from './draft.machine';

/**
 * The logic the app provides for a child (upload, link preview, poll composer): any actor logic
 * taking the contract's input. Snapshot, events and emitted events are left open (`any`) because
 * `ActorLogic` is invariant in them: a narrower type would make `.provide()` with the real
 * machines impossible. The input stays checked, so `spawn` calls are typed.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ComposerChildLogic<TInput> = ActorLogic<any, any, TInput, ActorSystem<any>, any>;

/** The poll sub-composer takes no input from the composer (the contract defines none). */
export type PollComposerInput = undefined;

export interface ComposerChildLogics {
  upload: ComposerChildLogic<UploadInput>;
  linkPreview: ComposerChildLogic<LinkPreviewInput>;
  pollComposer: ComposerChildLogic<PollComposerInput>;
}

export interface MentionedUser {
  id: string;
  name?: string;
}

/** The message being quoted (what the quote box shows). */
export interface QuotedMessage {
  id: string;
  text?: string;
  user?: { id: string; name?: string } | null;
}

/** A message (or a draft's message) as the chat service returns it, as far as the composer restores it. */
export interface RestorableMessage {
  id: string;
  text?: string;
  attachments?: ComposedAttachment[];
  mentioned_users?: (MentionedUser | string)[];
  quoted_message?: QuotedMessage | null;
  quoted_message_id?: string | null;
  poll_id?: string | null;
  parent_id?: string | null;
  shared_location?: { latitude: number; longitude: number; end_at?: string | null } | null;
}

/** A draft as `draft.updated` events and channel/thread state carry it (DraftResponse). */
export interface ComposerDraft {
  message: RestorableMessage;
  parent_id?: string | null;
  quoted_message?: QuotedMessage | null;
  channel_cid?: string;
}

/** What `saveDraft` stores (`channel.createDraft`). */
export interface DraftPayload {
  text: string;
  parent_id?: string;
  quoted_message_id?: string;
  attachments?: ComposedAttachment[];
  mentioned_users?: string[];
  poll_id?: string;
}

export interface DeleteDraftInput {
  parentId: string | null;
}

/** Which drafts the composer follows: its channel's (`threadId` null) or its thread's. */
export interface WatchDraftsInput {
  threadId: string | null;
}

/** A file of the composition: the upload child working on it, or (restored) its attachment. */
export interface UploadSlot {
  localId: string;
  file: UploadFile | null;
  /** Null for an attachment restored from an edited message or a draft. */
  child: AnyActorRef | null;
  /** The restored attachment (only without a child: a child's is read from it). */
  attachment?: UploadedAttachment;
}

/** A link of the text: the preview child loading it, or (restored, or dismissed) none. */
export interface PreviewSlot {
  url: string;
  child: AnyActorRef | null;
  dismissed: boolean;
  /** The restored preview (only without a child). */
  preview?: LinkPreviewData;
}

/** A file as the member sees it (read from its child by composer.children.ts). */
export interface UploadEntry {
  localId: string;
  /** Null for an attachment restored from an edited message or a draft (no child). */
  file: UploadFile | null;
  status: UploadStatus;
  progress: number;
  attachment?: UploadedAttachment;
}

/** A link preview as the member sees it (read from its child). */
export interface PreviewEntry {
  url: string;
  status: LinkPreviewStatus;
  preview?: LinkPreviewData;
}

export interface LocationDraft {
  latitude: number;
  longitude: number;
  /** A live location's duration (at least 60 s); absent for a one-off location. */
  durationMs?: number;
}

/** A user-visible error as data: an i18next key under chat.composer. plus values. */
export interface ComposerError {
  key: string;
  values?: Record<string, string | number>;
}

export interface ComposerInput {
  /** The thread's parent message id when this composer writes replies. */
  threadId?: string | null;
  /** Channel config `max_message_length`; null or absent: no limit. */
  maxLength?: number | null;
  /** Channel `cooldown` (slow mode) in seconds; 0 or absent: none. */
  cooldownSeconds?: number;
  /** The member has the channel capability `skip-slow-mode`. */
  cooldownExempt?: boolean;
  /** Composer drafts (spec: disabled by default). */
  draftsEnabled?: boolean;
  /** Channel config `typing_events` (spec: published by default). */
  typingEvents?: boolean;
  /** Channel config `url_enrichment`: link previews are fetched only when it is on. */
  urlEnrichment?: boolean;
  /** Channel config `commands`, by name. */
  commands?: string[];
  /** Text an empty composer is pre-filled with. */
  defaultText?: string;
  /** Per kind, as `readUploadLimits` (src/lib/actors/upload-actors.ts) reads them from the app settings. */
  uploadLimits?: UploadLimitsByKind;
  /** The channel grants `upload-file`. */
  canUploadFile?: boolean;
  /** The channel's or thread's draft at start (used only when drafts are enabled). */
  draft?: ComposerDraft | null;
  /** `created_by_device_id` for shared locations. */
  deviceId?: string;
  /** Client message ids and upload local ids (default: crypto.randomUUID). */
  newId?: () => string;
  /** Milliseconds since the epoch, for a live location's end_at (default: Date.now). */
  now?: () => number;
}

export interface ComposerContext {
  threadId: string | null;
  maxLength: number | null;
  cooldownSeconds: number;
  cooldownExempt: boolean;
  draftsEnabled: boolean;
  typingEvents: boolean;
  urlEnrichment: boolean;
  commands: string[];
  defaultText: string;
  uploadLimits: UploadLimitsByKind;
  canUploadFile: boolean;
  deviceId: string;
  newId: () => string;
  now: () => number;

  text: string;
  /** URLs in the text, as the caller found them (or the composer's own finder). */
  urls: string[];
  mentions: MentionedUser[];
  quoted: QuotedMessage | null;
  /** The message being edited; null while composing a new one. */
  editing: RestorableMessage | null;
  uploads: UploadSlot[];
  previews: PreviewSlot[];
  /** A created poll waiting to be sent. */
  pollId: string | null;
  location: LocationDraft | null;
  errorKey: ComposerError | null;
  /** A thread reply is also sent to the channel (only with a `threadId`; cleared after each message). */
  showInChannel: boolean;
  /** The composition started from the service's draft (the draft child's input). */
  draftAtStart: boolean;
}

/** The composition with its files and links as their children say (what the rules judge). */
export type ComposerView = Omit<ComposerContext, 'uploads' | 'previews'> & {
  uploads: UploadEntry[];
  previews: PreviewEntry[];
};

/**
 * Settings the app learns after the composer started: the app's upload limits (GET /app answers
 * after the channel opened), or the channel's config and capabilities changing while it is open
 * (slow mode turned on, uploads no longer allowed). Absent fields stay as they are.
 */
export type ComposerSettings = Partial<
  Pick<
    ComposerInput,
    | 'maxLength'
    | 'cooldownSeconds'
    | 'cooldownExempt'
    | 'typingEvents'
    | 'urlEnrichment'
    | 'commands'
    | 'uploadLimits'
    | 'canUploadFile'
  >
>;

export type ComposerEvent =
  | { type: 'composer.type'; text: string; urls?: string[] }
  | { type: 'composer.configure'; settings: ComposerSettings }
  | { type: 'composer.mention'; user: MentionedUser }
  | { type: 'composer.quote'; message: QuotedMessage }
  | { type: 'composer.unquote' }
  | { type: 'composer.edit'; message: RestorableMessage }
  | { type: 'composer.cancelEdit' }
  | { type: 'composer.clear' }
  | { type: 'composer.submit' }
  | { type: 'composer.addFiles'; files: { file: UploadFile; blob: unknown }[] }
  | { type: 'composer.removeUpload'; localId: string }
  | { type: 'composer.dismissPreview'; url: string }
  | { type: 'composer.openPoll' }
  | { type: 'composer.closePoll' }
  | { type: 'composer.setLocation'; latitude: number; longitude: number; durationMs?: number }
  | { type: 'composer.clearLocation' }
  | { type: 'composer.dismissError' }
  /** "Also send to channel" for thread replies (ignored without a thread). */
  | { type: 'composer.showInChannel'; value: boolean }
  /** A draft of this channel or thread was saved elsewhere (another tab), or fetched at start. */
  | { type: 'draft.arrived'; draft: ComposerDraft }
  /** This channel's or thread's draft was deleted elsewhere. */
  | { type: 'draft.removed' }
  /** The draft child's answers: take the draft that arrived, or clear for the one removed. */
  | DraftAnswer
  | ComposerChildEvent
  /** Internal: a message was composed and handed on (raised by the submit transitions). */
  | { type: 'composer.composed'; edit: boolean }
  /** Internal: the content changed by the member's hand (raised; tells the draft child). */
  | { type: 'composer.changed' }
  /** A child's logic threw (a provided child machine failed outright). */
  | { type: `xstate.error.actor.${string}`; error: unknown; actorId: string };

/**
 * The contract between the composer and the children it spawns (one `upload:${localId}` per
 * file, one `preview:${url}` per link, one `pollComposer`). A machine may not import another
 * machine's folder, so the composer declares placeholder actors with these inputs and the app
 * provides the real upload, link-preview and poll-composer machines (src/lib/actors). The
 * composer reads each upload and link-preview child's status from the child's snapshot (its
 * state, `UploadStatus` / `LinkPreviewStatus`, with progress, attachment and preview in its
 * context: machines/composer/composer.children.ts). Children report with `sendParent` only where
 * the composer needs to act: `upload.updated` / `upload.removed` (a finished or removed file
 * changes the draft) and `poll.created` / `poll.cancelled` (the events below).
 */

/** What the composer knows about a file when it spawns its upload child. */
export interface UploadFile {
  name: string;
  size: number;
  /** MIME type as the browser reports it ('' when unknown). */
  type: string;
}

/** Upload limits from the chat app settings (GET /app), all optional there. */
export interface UploadLimits {
  allowedFileExtensions: string[];
  blockedFileExtensions: string[];
  allowedMimeTypes: string[];
  blockedMimeTypes: string[];
  /** Bytes; the spec's default is 100 MB. */
  sizeLimit: number;
}

/** Spec: "upload limit 100 MB", read as 100 MiB like stream-chat and the chat service. */
export const DEFAULT_UPLOAD_SIZE_LIMIT = 100 * 1024 * 1024;
/** Spec: files per message 10. */
export const MAX_FILES_PER_MESSAGE = 10;

/** The limits before the app settings are known: 100 MB, no type rules. */
export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  allowedFileExtensions: [],
  blockedFileExtensions: [],
  allowedMimeTypes: [],
  blockedMimeTypes: [],
  sizeLimit: DEFAULT_UPLOAD_SIZE_LIMIT,
};

/** The chat service configures images and other files apart (`image_upload_config`, `file_upload_config`). */
export interface UploadLimitsByKind {
  image: UploadLimits;
  file: UploadLimits;
}

/** Images go to the channel's image endpoint, everything else to its file endpoint (as stream-chat does). */
export function isImageFile(file: Pick<UploadFile, 'type'>): boolean {
  return file.type.startsWith('image/') && !file.type.endsWith('.photoshop');
}

/** The limits that apply to `file`. */
export function uploadLimitsFor(limits: UploadLimitsByKind, file: Pick<UploadFile, 'type'>): UploadLimits {
  return isImageFile(file) ? limits.image : limits.file;
}

export interface UploadInput {
  localId: string;
  file: UploadFile;
  /** The file's bytes (a Blob/File in the browser, a Buffer-backed Blob in node). */
  blob: unknown;
  limits: UploadLimits;
  /** The channel grants `upload-file` (own_capabilities). */
  canUploadFile: boolean;
  /** Files the message may still take, this one included (10 minus the others). */
  slotsLeft: number;
}

/** The attachment a finished upload contributes to the message. */
export interface UploadedAttachment {
  type: 'image' | 'file' | 'audio' | 'video' | 'voiceRecording';
  asset_url?: string;
  image_url?: string;
  thumb_url?: string;
  title: string;
  mime_type: string;
  file_size: number;
}

export type UploadStatus = 'pending' | 'uploading' | 'finished' | 'failed' | 'blocked';

export interface LinkPreviewInput {
  url: string;
}

/** What a loaded preview contributes to the message (the og fields the chat service returns). */
export interface LinkPreviewData {
  og_scrape_url: string;
  title?: string;
  text?: string;
  image_url?: string;
  thumb_url?: string;
  title_link?: string;
  author_name?: string;
  type?: string;
}

export type LinkPreviewStatus = 'pending' | 'loading' | 'loaded' | 'failed' | 'dismissed';

/** Events children send to the composer. */
export type ComposerChildEvent =
  | { type: 'upload.updated'; localId: string; status: UploadStatus; progress: number; attachment?: UploadedAttachment }
  | { type: 'upload.removed'; localId: string }
  | { type: 'poll.created'; pollId: string }
  | { type: 'poll.cancelled' };

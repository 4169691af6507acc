/**
 * The upload statechart's types. Its input, the attachment it yields and the events it sends its
 * parent (the composer) are the shared contract in machines/shared/composer-children.ts.
 */
import type { UploadedAttachment, UploadFile, UploadInput } from '../shared/composer-children';

/**
 * Why an upload was refused before any request. The first five are the spec's (the app's upload
 * config, as stream-chat names them); the others are ours: bad input, no `upload-file`
 * capability, no slot left in the message.
 */
export type UploadBlockReason =
  | 'allowed_file_extensions'
  | 'blocked_file_extensions'
  | 'allowed_mime_types'
  | 'blocked_mime_types'
  | 'size_limit'
  | 'file_missing'
  | 'local_id_missing'
  | 'upload_not_permitted'
  | 'no_slots_left';

/** A user-visible text as data: an i18next key under `chat.upload.` and its interpolation values. */
export interface UploadText {
  key: string;
  values?: Record<string, string | number>;
}

export interface UploadBlock {
  reason: UploadBlockReason;
  error: UploadText;
}

export interface UploadContext extends UploadInput {
  /** 0..100 while uploading, 100 when finished, 0 otherwise. */
  progress: number;
  attachment: UploadedAttachment | null;
  /** Set when blocked. */
  blockedReason: UploadBlockReason | null;
  /** What the attachment's tile says when blocked or failed; null otherwise. */
  error: UploadText | null;
  /** Upload requests started (1 + retries). */
  attempts: number;
}

/** What the `uploadFile` actor is given. `onProgress` takes a percentage 0..100. */
export interface UploadFileInput {
  file: UploadFile;
  blob: unknown;
  onProgress: (percent: number) => void;
}

/**
 * What an `uploadFile` actor should reject with so the failure can be worded: `message` is the
 * reason (the server's message), `isNetworkError` when no answer came back. Any other rejection
 * reads as its message, or 'unknown error'.
 */
export interface UploadFailure {
  message: string;
  isNetworkError?: boolean;
}

export type UploadEvent =
  /** From the running `uploadFile` actor (through `onProgress`). */
  { type: 'upload.progressed'; progress: number } | { type: 'upload.retry' } | { type: 'upload.remove' };

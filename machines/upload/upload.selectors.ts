import type { SnapshotFrom } from 'xstate';
import type { UploadStatus } from '../shared/composer-children';
import type { UploadMachine } from './upload.machine';
import type { UploadBlockReason, UploadText } from './upload.types';

type Snapshot = SnapshotFrom<UploadMachine>;

/** The spec's status, or 'removed' once discarded. */
export function selectUploadStatus(snapshot: Snapshot): UploadStatus | 'removed' {
  return snapshot.value;
}

export const selectLocalId = (snapshot: Snapshot): string => snapshot.context.localId;
export const selectFile = (snapshot: Snapshot) => snapshot.context.file;
export const selectProgress = (snapshot: Snapshot): number => snapshot.context.progress;
export const selectAttachment = (snapshot: Snapshot) => snapshot.context.attachment;
export const selectBlockedReason = (snapshot: Snapshot): UploadBlockReason | null => snapshot.context.blockedReason;
/** The tile's text when blocked or failed ('File is too large: …', 'Error uploading attachment: …'). */
export const selectUploadError = (snapshot: Snapshot): UploadText | null => snapshot.context.error;
export const selectCanRetry = (snapshot: Snapshot): boolean => snapshot.can({ type: 'upload.retry' });
export const selectIsInProgress = (snapshot: Snapshot): boolean => snapshot.matches('uploading');

/**
 * The notification for an upload the app's config blocked (spec: 'The attachment upload was
 * blocked', its reason shown as size limit or unsupported file type, else unknown error); null
 * for anything else (the tile's own text says it).
 */
export function selectBlockedNotice(snapshot: Snapshot): UploadText | null {
  if (!snapshot.matches('blocked')) return null;
  return blockedNoticeOf(snapshot.context.blockedReason);
}

// One object per text, so the selector's answer keeps its identity from snapshot to snapshot.
const SIZE_LIMIT: UploadText = { key: 'chat.upload.blockedSizeLimit' };
const FILE_TYPE: UploadText = { key: 'chat.upload.blockedFileType' };
const UNKNOWN: UploadText = { key: 'chat.upload.blockedUnknown' };

export function blockedNoticeOf(reason: UploadBlockReason | null): UploadText | null {
  switch (reason) {
    case 'size_limit':
      return SIZE_LIMIT;
    case 'allowed_file_extensions':
    case 'blocked_file_extensions':
    case 'allowed_mime_types':
    case 'blocked_mime_types':
      return FILE_TYPE;
    case 'file_missing':
    case 'local_id_missing':
    case 'upload_not_permitted':
    case 'no_slots_left':
      return null;
    default:
      return UNKNOWN;
  }
}

/** The machine's own state name, for data-state attributes. */
export const selectStateName = (snapshot: Snapshot): string => String(snapshot.value);

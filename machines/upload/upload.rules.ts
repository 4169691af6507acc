/**
 * The upload rules as pure functions (spec section 5, "Uploads refused …"): what blocks an upload
 * before any request, and how a failure is worded. The checks match stream-chat's attachment
 * manager (and the chat sandbox's enforcement): extensions on the end of the lower-cased name,
 * MIME types by case-insensitive equality, size over the limit.
 */
import { DEFAULT_UPLOAD_SIZE_LIMIT, isImageFile, MAX_FILES_PER_MESSAGE } from '../shared/composer-children';
import type { UploadFile, UploadLimits } from '../shared/composer-children';

export { DEFAULT_UPLOAD_SIZE_LIMIT, isImageFile, MAX_FILES_PER_MESSAGE };
import type { UploadBlock, UploadContext, UploadText } from './upload.types';

/** The attachment type a MIME type gives. */
export function attachmentTypeOf(mimeType: string): 'image' | 'video' | 'audio' | 'file' {
  if (isImageFile({ type: mimeType })) return 'image';
  if (mimeType.startsWith('video/')) return 'video';
  if (mimeType.startsWith('audio/')) return 'audio';
  return 'file';
}

/** 1536 → '1.5 KB', 104857600 → '100 MB' (binary units, one decimal below 10). */
export function formatFileSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = unit === 0 || value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${shown} ${units[unit]}`;
}

/** A size limit of 0 (or none) means the default, as GET /app documents. */
export function effectiveSizeLimit(limits: Pick<UploadLimits, 'sizeLimit'>): number {
  return limits.sizeLimit > 0 ? limits.sizeLimit : DEFAULT_UPLOAD_SIZE_LIMIT;
}

const typeNotAllowed: UploadText = { key: 'chat.upload.typeNotAllowed' };

/** Why the app's upload config refuses this file, or null. */
export function configBlockOf(file: UploadFile, limits: UploadLimits): UploadBlock | null {
  const name = file.name.toLowerCase().replace(/[.\s]+$/, '');
  const type = file.type.toLowerCase().split(';')[0]!.trim();
  const endsWith = (ext: string) => name.endsWith(ext.toLowerCase());
  if (limits.allowedFileExtensions.length > 0 && !limits.allowedFileExtensions.some(endsWith))
    return { reason: 'allowed_file_extensions', error: typeNotAllowed };
  if (limits.blockedFileExtensions.some(endsWith)) return { reason: 'blocked_file_extensions', error: typeNotAllowed };
  const sameType = (t: string) => t.toLowerCase() === type;
  if (limits.allowedMimeTypes.length > 0 && !limits.allowedMimeTypes.some(sameType))
    return { reason: 'allowed_mime_types', error: typeNotAllowed };
  if (limits.blockedMimeTypes.some(sameType)) return { reason: 'blocked_mime_types', error: typeNotAllowed };
  const limit = effectiveSizeLimit(limits);
  if (file.size > limit)
    return {
      reason: 'size_limit',
      error: { key: 'chat.upload.tooLarge', values: { size: formatFileSize(file.size), limit: formatFileSize(limit) } },
    };
  return null;
}

/**
 * Why this upload may not start, or null. In order: the input (a file and a local id), the
 * channel's `upload-file` capability, a free slot in the message, then the app's upload config.
 */
export function uploadBlockOf(
  context: Pick<UploadContext, 'file' | 'blob' | 'localId' | 'canUploadFile' | 'slotsLeft' | 'limits'>,
): UploadBlock | null {
  if (context.blob === null || context.blob === undefined || !context.file)
    return { reason: 'file_missing', error: { key: 'chat.upload.fileRequired' } };
  if (!context.localId) return { reason: 'local_id_missing', error: { key: 'chat.upload.localIdMissing' } };
  if (!context.canUploadFile)
    return { reason: 'upload_not_permitted', error: { key: 'chat.upload.missingPermission' } };
  if (context.slotsLeft < 1)
    return {
      reason: 'no_slots_left',
      error: { key: 'chat.upload.noSlotsLeft', values: { max: MAX_FILES_PER_MESSAGE } },
    };
  return configBlockOf(context.file, context.limits);
}

/**
 * 'Error uploading attachment' with the reason lowercased; a network error (no answer) says so.
 * `error` is what the `uploadFile` actor rejected with (ideally an UploadFailure).
 */
export function uploadFailureText(error: unknown): UploadText {
  const failure = typeof error === 'object' && error !== null ? (error as Partial<Record<string, unknown>>) : {};
  if (failure.isNetworkError === true) return { key: 'chat.upload.failedNetwork' };
  const message =
    typeof failure.message === 'string' && failure.message.trim() !== '' ? failure.message.trim() : 'unknown error';
  return { key: 'chat.upload.failed', values: { reason: message.toLowerCase() } };
}

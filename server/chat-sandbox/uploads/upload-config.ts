/**
 * The app's upload configs (chat-protocol.md §4.1): what GET /app tells the client's attachment
 * manager, and exactly what the upload routes enforce, so the two never disagree.
 */
import { BLOCKED_EXTENSIONS } from './blocked-types.js';

export const APP_NAME = 'Sideline (local chat sandbox)';

/** The wire shape of `file_upload_config` / `image_upload_config`. */
export interface UploadConfig {
  allowed_file_extensions: string[];
  blocked_file_extensions: string[];
  allowed_mime_types: string[];
  blocked_mime_types: string[];
  /** Largest accepted file in bytes. */
  size_limit: number;
}

export type UploadKind = 'file' | 'image';

/** What the server refuses (uploads/blocked-types.ts), advertised so the client refuses it first. */
const BLOCKED_FILE_EXTENSIONS = BLOCKED_EXTENSIONS;
const BLOCKED_FILE_MIME_TYPES = [
  'application/x-msdownload',
  'application/x-msdos-program',
  'application/x-ms-installer',
  'application/x-dosexec',
  'application/vnd.microsoft.portable-executable',
  'application/java-archive',
  'application/vnd.android.package-archive',
];
/** Only the image formats the server can verify by their bytes (storage/image-type.ts). */
const IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.gif', '.webp'];
const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

export function uploadConfigs(sizeLimit: number): Record<UploadKind, UploadConfig> {
  return {
    file: {
      allowed_file_extensions: [],
      blocked_file_extensions: [...BLOCKED_FILE_EXTENSIONS],
      allowed_mime_types: [],
      blocked_mime_types: [...BLOCKED_FILE_MIME_TYPES],
      size_limit: sizeLimit,
    },
    image: {
      allowed_file_extensions: [...IMAGE_EXTENSIONS],
      blocked_file_extensions: [],
      allowed_mime_types: [...IMAGE_MIME_TYPES],
      blocked_mime_types: [],
      size_limit: sizeLimit,
    },
  };
}

/**
 * Why `config` refuses a file with this name and declared type, or null when it accepts it.
 * Same matching as the client's attachment manager: extensions on the lower-cased name's end,
 * MIME types by equality; trailing dots and spaces (dropped by Windows) do not hide an extension.
 */
export function uploadRuleViolation(config: UploadConfig, fileName: string, mimeType: string): string | null {
  const name = fileName.toLowerCase().replace(/[.\s]+$/, '');
  const type = mimeType.toLowerCase().split(';')[0]!.trim();
  const allowedExt = config.allowed_file_extensions;
  if (allowedExt.length > 0 && !allowedExt.some((ext) => name.endsWith(ext))) {
    return `file extension of "${fileName}" is not allowed; allowed extensions: ${allowedExt.join(', ')}`;
  }
  const blockedExt = config.blocked_file_extensions.find((ext) => name.endsWith(ext));
  if (blockedExt) return `file extension ${blockedExt} is not allowed`;
  if (config.allowed_mime_types.length > 0 && !config.allowed_mime_types.includes(type)) {
    return `file type ${type || '(none)'} is not allowed; allowed types: ${config.allowed_mime_types.join(', ')}`;
  }
  if (config.blocked_mime_types.includes(type)) return `file type ${type} is not allowed`;
  return null;
}

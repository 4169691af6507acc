/**
 * GET /app (chat-protocol.md §4.1): the app settings the client reads, above all the upload
 * configs its attachment manager checks before every upload. The upload routes enforce exactly
 * these configs (`uploadConfigs`), so what the client is told is what the server does.
 */
import type { FastifyInstance } from 'fastify';
import { CHANNEL_TYPES } from '../channel-types.js';
import { ok, type Sandbox } from '../sandbox.js';

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

/** Executables and installers: refused as chat files (matched on the name's end, like the client does). */
const BLOCKED_FILE_EXTENSIONS = [
  '.exe',
  '.bat',
  '.cmd',
  '.com',
  '.scr',
  '.pif',
  '.msi',
  '.dll',
  '.vbs',
  '.ps1',
  '.jar',
  '.apk',
];
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

export async function appRoutes(app: FastifyInstance, sandbox: Sandbox): Promise<void> {
  app.get('/app', async () => {
    const uploads = uploadConfigs(sandbox.settings.uploadSizeLimit);
    return ok({
      app: {
        name: APP_NAME,
        organization: 'Sideline',
        placement: 'local',
        file_upload_config: uploads.file,
        image_upload_config: uploads.image,
        channel_configs: Object.fromEntries(Object.entries(CHANNEL_TYPES).map(([name, type]) => [name, type.config])),
        disable_auth_checks: false,
        disable_permissions_checks: false,
        permission_version: 'v2',
        multi_tenant_enabled: false,
        enforce_unique_usernames: 'no',
        auto_translation_enabled: false,
        image_moderation_enabled: false,
        moderation_enabled: false,
        poll_enabled: true,
        reminders_interval: 60,
        suspended: false,
        user_search_disallowed_roles: [],
        call_types: {},
      },
    });
  });
}

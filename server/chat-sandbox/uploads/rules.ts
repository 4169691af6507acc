/**
 * What an upload must be to be kept, and what it is kept as (docs/chat-sandbox.md, "Uploads").
 *
 * - Before its bytes are read: a name ending in a blocked extension (blocked-types.ts, on both
 *   endpoints) is refused; on /file, the name and declared type must also pass the file upload
 *   config GET /app advertises.
 * - On /image the name and declared type are not trusted either way: the bytes are (images.ts).
 *   A picture without an extension, or with a wrong one, is recognised by its content, stored
 *   under its real format's extension and shown with it (`photo` → `photo.png`); its real type
 *   must be one the image upload config allows.
 * - The shown name is neutralised and shortened (file-names.ts).
 */
import { readFile } from 'node:fs/promises';
import { inputError } from '../errors.js';
import { blockedExtensionOf } from './blocked-types.js';
import { cleanFileName, imageFileName, storedExtensionOf } from './file-names.js';
import { FORMAT_EXTENSIONS, verifyChatImage } from './images.js';
import type { Received } from './receive.js';

export type UploadKind = 'file' | 'image';

/** The parts of an upload config (GET /app's `image_upload_config`) a picture's real type is held to. */
export interface ImageTypeRules {
  allowed_mime_types: readonly string[];
  blocked_mime_types: readonly string[];
}

/**
 * Why a file of this name and declared type is refused before it is read, or null.
 * `configViolation` is the advertised upload config's own check (routes/app-settings.ts), applied
 * to files only.
 */
export function screenUpload(
  kind: UploadKind,
  rawName: string,
  mimeType: string,
  configViolation: (name: string, mimeType: string) => string | null,
): string | null {
  const name = cleanFileName(rawName);
  const blocked = blockedExtensionOf(rawName) ?? blockedExtensionOf(name);
  if (blocked) return `file extension ${blocked} is not allowed`;
  return kind === 'image' ? null : configViolation(name, mimeType);
}

export interface Accepted {
  /** The shown name. */
  name: string;
  mimeType: string;
  /** The extension of the stored file (`.png`, or '' when the name has none). */
  extension: string;
}

/**
 * What a received upload is stored as; for an image, after its bytes are verified against
 * `maxPixels` and the image config. Throws a code 4 ChatError for a picture it refuses.
 */
export async function acceptUpload(
  kind: UploadKind,
  received: Received,
  maxPixels: number,
  rules: ImageTypeRules,
): Promise<Accepted> {
  if (kind === 'file') {
    const name = cleanFileName(received.rawName);
    return { name, mimeType: received.mimeType, extension: storedExtensionOf(name) };
  }
  const image = await verifyChatImage(await readFile(received.tempPath), maxPixels);
  const allowed = rules.allowed_mime_types;
  if ((allowed.length > 0 && !allowed.includes(image.mimeType)) || rules.blocked_mime_types.includes(image.mimeType)) {
    throw inputError(`image type ${image.mimeType} is not allowed`);
  }
  const name = imageFileName(cleanFileName(received.rawName, 'image'), FORMAT_EXTENSIONS[image.format]);
  return { name, mimeType: image.mimeType, extension: image.extension };
}

/**
 * Stored uploads: an accepted upload becomes a file record under a generated name; a file is
 * removed by its uploader, a moderator of its channel, or the server. The HTTP side (multipart,
 * URLs, serving, thumbnails) is in routes/uploads.ts and uploads/.
 */
import { randomUUID } from 'node:crypto';
import { rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Actor } from '../auth-context.js';
import { isModerator } from '../channel-types.js';
import { nextTimestamp } from '../clock.js';
import { notAllowed } from '../errors.js';
import type { Sandbox } from '../sandbox.js';
import type { FileRec } from '../store/model.js';
import type { Received } from '../uploads/receive.js';
import { acceptUpload, type UploadKind } from '../uploads/rules.js';
import type { UploadConfig } from '../uploads/upload-config.js';

export interface UploadTarget {
  /** The folder the files are kept in. */
  dir: string;
  kind: UploadKind;
  /** The channel the file belongs to ('' for app-level uploads). */
  cid: string;
  config: UploadConfig;
  maxPixels: number;
}

/**
 * Checks the received bytes against the upload rules (uploads/rules.ts), moves them under a
 * generated name and saves the file record; the temporary file is removed when refused.
 */
export async function storeUpload(
  sandbox: Sandbox,
  actor: Actor,
  received: Received,
  { dir, kind, cid, config, maxPixels }: UploadTarget,
): Promise<FileRec> {
  try {
    const accepted = await acceptUpload(kind, received, maxPixels, config);
    const id = `${randomUUID()}${accepted.extension}`;
    await rename(received.tempPath, join(dir, id));
    const file: FileRec = {
      id,
      cid,
      user_id: (actor.server ? received.namedUserId : undefined) ?? actor.userId ?? '',
      kind,
      name: accepted.name,
      mime_type: accepted.mimeType,
      size: received.size,
      created_at: nextTimestamp(),
    };
    sandbox.store.saveFile(file);
    return file;
  } catch (error) {
    await unlink(received.tempPath).catch(() => undefined);
    throw error;
  }
}

/** Deletes `file` (its bytes and its record) when `actor` uploaded it, moderates its channel, or is the server. */
export async function deleteUpload(sandbox: Sandbox, actor: Actor, file: FileRec, dir: string, url: string) {
  const { store } = sandbox;
  const userId = actor.userId;
  const allowed =
    actor.server ||
    (userId !== null &&
      (userId === file.user_id || isModerator(store.users.get(userId), store.member(file.cid, userId))));
  if (!allowed) {
    throw notAllowed(
      `User '${actor.userId ?? ''}' is not allowed to delete the file ${url}: only its uploader or a moderator may`,
    );
  }
  await unlink(join(dir, file.id)).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  store.deleteFile(file.id);
}

/**
 * Avatar files live under `<dataDir>/avatars`, outside the web root, and teams' crests the same
 * way under `<dataDir>/crests`. File names are made here (`<owner id>-<random>.<ext>`), never
 * taken from the upload, and written atomically. Uploads are
 * stored only as re-encoded WebP (storage/images.ts); the other types are the demo seed's
 * generated PNGs and files stored before avatars were re-encoded, which are re-encoded when served.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const EXTENSIONS = {
  'image/webp': 'webp',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
} as const;

export type AvatarFileType = keyof typeof EXTENSIONS;

const SAFE_NAME = /^\d+-[a-f0-9]{16}\.(png|jpg|webp|gif)$/;

/** A stored file's version: the random part of its name, which a picture's address carries. */
export function fileVersion(name: string): string {
  return (
    name
      .replace(/\.[a-z]+$/, '')
      .split('-')
      .pop() ?? name
  );
}

export class AvatarFiles {
  readonly dir: string;

  /** `folder`: `avatars` (members' pictures) or `crests` (teams'). */
  constructor(dataDir: string, folder: 'avatars' | 'crests' = 'avatars') {
    this.dir = join(dataDir, folder);
  }

  /** Stores the picture of a member or a team (`ownerId`) under a new name, and returns it. */
  async save(ownerId: number, data: Buffer, type: AvatarFileType): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    const name = `${ownerId}-${randomBytes(8).toString('hex')}.${EXTENSIONS[type]}`;
    const temporary = join(this.dir, `.${name}.tmp`);
    await writeFile(temporary, data);
    await rename(temporary, join(this.dir, name));
    return name;
  }

  async read(name: string): Promise<Buffer | null> {
    if (!SAFE_NAME.test(name)) return null;
    return readFile(join(this.dir, name)).catch(() => null);
  }

  async remove(name: string): Promise<void> {
    if (SAFE_NAME.test(name)) await rm(join(this.dir, name), { force: true });
  }
}

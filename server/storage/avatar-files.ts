/**
 * Avatar files live under `<dataDir>/avatars`, outside the web root. File names are made here
 * (`<userId>-<random>.<ext>`), never taken from the upload, and written atomically. Uploads are
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

export class AvatarFiles {
  readonly dir: string;

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'avatars');
  }

  async save(userId: number, data: Buffer, type: AvatarFileType): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    const name = `${userId}-${randomBytes(8).toString('hex')}.${EXTENSIONS[type]}`;
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

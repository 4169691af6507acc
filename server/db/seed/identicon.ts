/**
 * Draws a demo avatar without any download: a symmetric 5×5 pattern in a colour derived from
 * the seed text, on a light background, encoded by sharp as uploads are (a WebP of the avatar
 * size, docs/decisions/0014), so serving it needs no re-encoding.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { AVATAR_QUALITY, AVATAR_TYPE, DEFAULT_AVATAR_SIZE } from '../../storage/images.js';

const GRID = 5;

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

export async function identicon(
  seed: string,
  size = DEFAULT_AVATAR_SIZE,
): Promise<{ data: Buffer; type: typeof AVATAR_TYPE }> {
  const digest = createHash('sha256').update(seed).digest();
  const foreground = hslToRgb((digest[0]! / 255) * 360, 0.65, 0.45);
  const background: [number, number, number] = [240, 242, 245];
  const cells: boolean[][] = [];
  for (let row = 0; row < GRID; row++) {
    cells.push([]);
    for (let col = 0; col < GRID; col++) {
      const mirrored = col < 3 ? col : GRID - 1 - col;
      cells[row]!.push(digest[1 + row * 3 + mirrored]! % 2 === 0);
    }
  }
  const margin = Math.floor(size / 10);
  const cell = Math.floor((size - margin * 2) / GRID);
  const raw = Buffer.alloc(size * 3 * size);
  for (let y = 0; y < size; y++) {
    const rowStart = y * size * 3;
    for (let x = 0; x < size; x++) {
      const gx = Math.floor((x - margin) / cell);
      const gy = Math.floor((y - margin) / cell);
      const inside = gx >= 0 && gy >= 0 && gx < GRID && gy < GRID;
      const [r, g, b] = inside && cells[gy]![gx] ? foreground : background;
      raw.set([r, g, b], rowStart + x * 3);
    }
  }
  const data = await sharp(raw, { raw: { width: size, height: size, channels: 3 } })
    .webp({ quality: AVATAR_QUALITY })
    .toBuffer();
  return { data, type: AVATAR_TYPE };
}

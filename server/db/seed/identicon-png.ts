/**
 * Draws a demo avatar without any download: a symmetric 5×5 pattern in a colour derived from
 * the seed text, on a light background, encoded as a PNG with Node's zlib.
 */
import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

const GRID = 5;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

export function identiconPng(seed: string, size = 120): Buffer {
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
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    const rowStart = y * (size * 3 + 1);
    raw[rowStart] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const gx = Math.floor((x - margin) / cell);
      const gy = Math.floor((y - margin) / cell);
      const inside = gx >= 0 && gy >= 0 && gx < GRID && gy < GRID;
      const [r, g, b] = inside && cells[gy]![gx] ? foreground : background;
      raw.set([r, g, b], rowStart + 1 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

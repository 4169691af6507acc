/**
 * Real pictures made with sharp for avatar tests (every one decodes, unless it is meant to be
 * hostile), plus readers for what the server serves back.
 */
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { expect } from 'vitest';

export type Format = 'png' | 'jpeg' | 'webp' | 'gif' | 'tiff';

/** A single-colour picture in the given format. */
export function solid(format: Format, width = 48, height = 32, colour = '#2a7ae2'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();
}

/** Three colour bands side by side (left red, middle green, right blue), each `band` wide. */
export function bands(band: number, height: number): Promise<Buffer> {
  const tile = (background: string) =>
    sharp({ create: { width: band, height, channels: 3, background } })
      .png()
      .toBuffer();
  return Promise.all([tile('#ff0000'), tile('#00ff00'), tile('#0000ff')]).then((tiles) =>
    sharp({ create: { width: band * 3, height, channels: 3, background: '#000000' } })
      .composite(tiles.map((input, i) => ({ input, left: i * band, top: 0 })))
      .png()
      .toBuffer(),
  );
}

/**
 * A JPEG 400×200 (left half red, right half blue) whose EXIF says "rotate 90° clockwise to
 * view", with a camera make, a copyright line and a GPS position in its EXIF.
 */
export async function jpegWithExif(): Promise<Buffer> {
  const half = (background: string) =>
    sharp({ create: { width: 200, height: 200, channels: 3, background } })
      .png()
      .toBuffer();
  const [red, blue] = await Promise.all([half('#ff0000'), half('#0000ff')]);
  return sharp({ create: { width: 400, height: 200, channels: 3, background: '#000000' } })
    .composite([
      { input: red, left: 0, top: 0 },
      { input: blue, left: 200, top: 0 },
    ])
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'SpyCam', Copyright: 'secret-owner' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .toBuffer();
}

/** An animated GIF, one 40×40 frame per colour. */
export async function animatedGif(colours: string[]): Promise<Buffer> {
  const frames = await Promise.all(
    colours.map((background) =>
      sharp({ create: { width: 40, height: 40, channels: 3, background } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(frames, { join: { animated: true } })
    .gif({ delay: colours.map(() => 100), loop: 0 })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function pngFile(width: number, height: number, rows: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A well-formed, tiny PNG that declares `width`×`height` (a decompression bomb when large; no
 * pixels at all when 0): valid signature, header and checksums, with one row of pixel data.
 */
export function pngDeclaring(width: number, height: number): Buffer {
  return pngFile(width, height, Buffer.alloc(1 + Math.min(width, 64) * 3));
}

/** A complete single-colour PNG, made without sharp (synchronously). */
export function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const row = Buffer.alloc(1 + width * 3); // filter byte 0: none
  for (let x = 0; x < width; x++) row.set([r, g, b], 1 + x * 3);
  return pngFile(width, height, Buffer.concat(Array.from({ length: height }, () => row)));
}

/** A real JPEG whose frame header says 0 pixels high. */
export async function jpegZeroHigh(): Promise<Buffer> {
  const data = Buffer.from(await solid('jpeg', 16, 16));
  const frame = data.indexOf(Buffer.from([0xff, 0xc0]));
  if (frame < 0) throw new Error('no baseline frame header in the sample JPEG');
  data.writeUInt16BE(0, frame + 5);
  return data;
}

/** What the server served: the picture's format, size, frames, metadata and pixels. */
export async function describeServed(data: Buffer) {
  const meta = await sharp(data).metadata();
  const { data: pixels, info } = await sharp(data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    format: meta.format,
    width: meta.width,
    height: meta.height,
    pages: meta.pages ?? 1,
    exif: meta.exif,
    xmp: meta.xmp,
    icc: meta.icc,
    /** The colour at (x, y) as [r, g, b]. */
    pixel(x: number, y: number): [number, number, number] {
      const at = (y * info.width + x) * info.channels;
      return [pixels[at]!, pixels[at + 1]!, pixels[at + 2]!];
    },
  };
}

/** Whether a colour is close to the expected one (lossy encoding shifts colours a little). */
export function near(actual: [number, number, number], expected: [number, number, number], tolerance = 40): boolean {
  return actual.every((value, i) => Math.abs(value - expected[i]!) <= tolerance);
}

/**
 * Checks that a served picture is our own: 200, `image/webp` with `nosniff`, one 256×256 frame
 * (the default AVATAR_SIZE), its centre close to `centre`. Answers what was served.
 */
export async function expectServedWebp(response: Response, data: Buffer, centre: [number, number, number]) {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('image/webp');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  const picture = await describeServed(data);
  expect(picture).toMatchObject({ format: 'webp', width: 256, height: 256, pages: 1 });
  expect(near(picture.pixel(128, 128), centre)).toBe(true);
  return picture;
}

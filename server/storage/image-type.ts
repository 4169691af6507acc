/**
 * Recognises PNG, JPEG, WebP and GIF by their bytes, not by name or declared type, and rejects
 * files that stop before their format's end marker (a truncated upload).
 */
export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';

export const IMAGE_EXTENSIONS: Record<ImageType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

export type ImageCheck = { ok: true; type: ImageType } | { ok: false; reason: 'unknown' | 'truncated' };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_IEND = Buffer.from([0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

function startsWith(data: Buffer, prefix: Buffer | string, at = 0): boolean {
  const bytes = typeof prefix === 'string' ? Buffer.from(prefix, 'latin1') : prefix;
  return data.length >= at + bytes.length && data.subarray(at, at + bytes.length).equals(bytes);
}

export function checkImage(data: Buffer): ImageCheck {
  if (startsWith(data, PNG_SIGNATURE)) {
    const complete = data.length >= 8 + 25 + 12 && data.subarray(-8).equals(PNG_IEND) && startsWith(data, 'IHDR', 12);
    return complete ? { ok: true, type: 'image/png' } : { ok: false, reason: 'truncated' };
  }
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) {
    // Some encoders pad after the end-of-image marker; accept a little trailing padding.
    const tail = data.subarray(Math.max(0, data.length - 64));
    const end = tail.lastIndexOf(Buffer.from([0xff, 0xd9]));
    const complete = end >= 0 && tail.subarray(end + 2).every((b) => b === 0x00 || b === 0xff || b === 0x0a);
    return complete ? { ok: true, type: 'image/jpeg' } : { ok: false, reason: 'truncated' };
  }
  if (startsWith(data, 'RIFF') && startsWith(data, 'WEBP', 8)) {
    const declared = data.readUInt32LE(4) + 8;
    return data.length >= 16 && declared === data.length
      ? { ok: true, type: 'image/webp' }
      : { ok: false, reason: 'truncated' };
  }
  if (startsWith(data, 'GIF87a') || startsWith(data, 'GIF89a')) {
    const complete = data.length >= 14 && data[data.length - 1] === 0x3b;
    return complete ? { ok: true, type: 'image/gif' } : { ok: false, reason: 'truncated' };
  }
  return { ok: false, reason: 'unknown' };
}

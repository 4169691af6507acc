/**
 * A minimal GIF89a encoder (palette images, LZW-compressed, optionally animated and looping),
 * used to draw the sandbox's local giphy set without any image library or external service.
 */

export interface GifImage {
  width: number;
  height: number;
  /** RGB triples; its length is padded to a power of two (2..256 colours). */
  palette: [number, number, number][];
  /** One palette index per pixel, row by row, per frame. */
  frames: Uint8Array[];
  /** Delay between frames in hundredths of a second. */
  delayCs: number;
}

export function encodeGif(image: GifImage): Buffer {
  const { width, height, frames } = image;
  const bits = Math.max(1, Math.ceil(Math.log2(Math.max(2, image.palette.length))));
  const tableSize = 1 << bits;
  const out: number[] = [];
  const u16 = (n: number) => out.push(n & 0xff, (n >> 8) & 0xff);

  out.push(...Buffer.from('GIF89a', 'ascii'));
  u16(width);
  u16(height);
  out.push(0x80 | 0x70 | (bits - 1), 0, 0);
  for (let i = 0; i < tableSize; i++) out.push(...(image.palette[i] ?? [0, 0, 0]));
  if (frames.length > 1) {
    // NETSCAPE2.0 application extension: loop forever.
    out.push(0x21, 0xff, 0x0b, ...Buffer.from('NETSCAPE2.0', 'ascii'), 0x03, 0x01, 0x00, 0x00, 0x00);
  }
  const minCodeSize = Math.max(2, bits);
  for (const frame of frames) {
    out.push(0x21, 0xf9, 0x04, 0x04); // graphic control: leave each frame in place, no transparency
    u16(frames.length > 1 ? image.delayCs : 0);
    out.push(0x00, 0x00);
    out.push(0x2c);
    u16(0);
    u16(0);
    u16(width);
    u16(height);
    out.push(0x00, minCodeSize);
    const data = lzw(minCodeSize, frame);
    for (let i = 0; i < data.length; i += 255) {
      const block = data.subarray(i, i + 255);
      out.push(block.length, ...block);
    }
    out.push(0x00);
  }
  out.push(0x3b);
  return Buffer.from(out);
}

/** GIF-flavoured LZW: variable code size up to 12 bits, clear code when the table is full. */
function lzw(minCodeSize: number, pixels: Uint8Array): Uint8Array {
  const clearCode = 1 << minCodeSize;
  const endCode = clearCode + 1;
  let out = new Uint8Array(Math.max(64, pixels.length >> 1));
  let length = 0;
  let codeSize = minCodeSize + 1;
  let nextCode = endCode + 1;
  // Open-addressing table of (prefix code, pixel) → code; 8192 slots for at most 4096 codes.
  const keys = new Int32Array(8192).fill(-1);
  const codes = new Int16Array(8192);
  let bitBuffer = 0;
  let bitCount = 0;

  const emit = (code: number) => {
    bitBuffer |= code << bitCount;
    bitCount += codeSize;
    while (bitCount >= 8) {
      if (length === out.length) {
        const grown = new Uint8Array(out.length * 2);
        grown.set(out);
        out = grown;
      }
      out[length++] = bitBuffer & 0xff;
      bitBuffer >>>= 8;
      bitCount -= 8;
    }
  };
  const slotOf = (key: number): number => {
    let slot = Math.imul(key, 0x9e3779b1) >>> 19;
    while (keys[slot] !== -1 && keys[slot] !== key) slot = (slot + 1) & 8191;
    return slot;
  };

  emit(clearCode);
  if (pixels.length > 0) {
    let prefix = pixels[0]!;
    for (let i = 1; i < pixels.length; i++) {
      const pixel = pixels[i]!;
      const key = (prefix << 8) | pixel;
      const slot = slotOf(key);
      if (keys[slot] === key) {
        prefix = codes[slot]!;
        continue;
      }
      emit(prefix);
      if (nextCode === 4096) {
        emit(clearCode);
        nextCode = endCode + 1;
        codeSize = minCodeSize + 1;
        keys.fill(-1);
      } else {
        if (nextCode >= 1 << codeSize) codeSize++;
        keys[slot] = key;
        codes[slot] = nextCode++;
      }
      prefix = pixel;
    }
    emit(prefix);
  }
  emit(endCode);
  const result = new Uint8Array(length + (bitCount > 0 ? 1 : 0));
  result.set(out.subarray(0, length));
  if (bitCount > 0) result[length] = bitBuffer & 0xff;
  return result;
}

/**
 * Uploaded pictures go through a real image library (sharp, on libvips), never hand parsing.
 * `inspectImage` reads only the header: the format must be PNG, JPEG, WebP or GIF and the
 * declared size must be non-zero and within the pixel limit, so a decompression bomb is refused
 * before a single pixel is decoded. `encodeAvatar` then decodes (first frame only, with the same
 * pixel limit as a backstop, refusing truncated data), turns the picture upright by its EXIF
 * orientation, crops it centred to a square, and writes a fresh WebP without any metadata: the
 * uploaded bytes are never kept, so nothing smuggled in them (EXIF, GPS, comments, extra frames,
 * appended data) survives. Every refusal is an ImageRefused with an HTTP status and a message
 * that says what is wrong; callers (the product API, later the chat sandbox) turn it into their
 * own error shape.
 */
import sharp from 'sharp';

export const ACCEPTED_FORMATS = ['png', 'jpeg', 'webp', 'gif'] as const;
export type AcceptedFormat = (typeof ACCEPTED_FORMATS)[number];

/** What avatars are stored and served as. */
export const AVATAR_TYPE = 'image/webp';
/** AVATAR_SIZE's default (server/config.ts): the width and height of a stored avatar. */
export const DEFAULT_AVATAR_SIZE = 256;
export const AVATAR_QUALITY = 82;

/**
 * Only the decoders of the accepted formats may run, process-wide: SVG, PDF, TIFF, HEIF and the
 * rest of libvips' loaders never see an upload, not even to read a header. Whoever adds sharp
 * for another format later unblocks its loader here.
 */
sharp.block({ operation: ['VipsForeignLoad'] });
sharp.unblock({
  operation: ['VipsForeignLoadPng', 'VipsForeignLoadJpeg', 'VipsForeignLoadWebp', 'VipsForeignLoadNsgif'],
});

export type ImageProblem = 'empty' | 'unsupported' | 'truncated' | 'damaged' | 'zero-size' | 'too-many-pixels';

export class ImageRefused extends Error {
  constructor(
    readonly problem: ImageProblem,
    /** The HTTP status that fits: 413 too many pixels, 415 not an accepted format, else 400. */
    readonly statusCode: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
    this.name = 'ImageRefused';
  }
}

export interface ImageLimits {
  /** Largest width × height that is decoded. */
  maxPixels: number;
  /** How messages name the picture: "The avatar is …" (default "image"). */
  noun?: string;
}

export interface ImageInfo {
  format: AcceptedFormat;
  width: number;
  height: number;
  /** Frames of an animation (1 for a still image). */
  pages: number;
}

const count = (n: number) => n.toLocaleString('en-GB');

function isAccepted(format: string | undefined): format is AcceptedFormat {
  return (ACCEPTED_FORMATS as readonly string[]).includes(format ?? '');
}

const unsupported = (noun: string) =>
  new ImageRefused(
    'unsupported',
    415,
    `The ${noun} must be a PNG, JPEG, WebP or GIF image (SVG and other formats are not accepted)`,
  );

const tooManyPixels = (noun: string, maxPixels: number, width?: number, height?: number) =>
  new ImageRefused(
    'too-many-pixels',
    413,
    width && height
      ? `The ${noun} is ${width}×${height} pixels; the limit is ${count(maxPixels)} pixels`
      : `The ${noun} has more pixels than the limit of ${count(maxPixels)}`,
  );

/** Turns a libvips decoding failure into what it means for the person who uploaded the file. */
function refusalOf(error: unknown, noun: string, maxPixels: number): ImageRefused {
  if (error instanceof ImageRefused) return error;
  const text = error instanceof Error ? error.message : String(error);
  if (/unsupported image format/i.test(text)) return unsupported(noun);
  if (/exceeds pixel limit/i.test(text)) return tooManyPixels(noun, maxPixels);
  if (/invalid image (width|height)|empty jpeg image/i.test(text)) {
    return new ImageRefused('zero-size', 400, `The ${noun} has no pixels (its width or height is 0)`);
  }
  if (/premature end|end of (stream|file|data)|truncat|unexpected end|not enough data|out of data/i.test(text)) {
    return new ImageRefused('truncated', 400, `The ${noun} is incomplete (truncated); upload the whole file`);
  }
  return new ImageRefused(
    'damaged',
    400,
    `The ${noun} is damaged or incomplete and cannot be decoded; upload the whole file or choose another picture`,
  );
}

/** Reads the header only: format, declared size and frame count, checked against the limits. */
export async function inspectImage(data: Buffer, { maxPixels, noun = 'image' }: ImageLimits): Promise<ImageInfo> {
  if (data.length === 0) throw new ImageRefused('empty', 400, `The ${noun} file is empty`);
  // The header is read without the pixel limit so a refusal can name the declared size.
  const meta = await sharp(data, { limitInputPixels: false })
    .metadata()
    .catch((error: unknown) => {
      throw refusalOf(error, noun, maxPixels);
    });
  if (!isAccepted(meta.format)) throw unsupported(noun);
  const { width, height } = meta;
  if (!width || !height)
    throw new ImageRefused('zero-size', 400, `The ${noun} has no pixels (its width or height is 0)`);
  if (width * height > maxPixels) throw tooManyPixels(noun, maxPixels, width, height);
  return { format: meta.format, width, height, pages: meta.pages ?? 1 };
}

export interface AvatarOptions extends ImageLimits {
  /** Width and height of the square result. */
  size: number;
}

/**
 * The avatar as it is stored and served: `size`×`size` WebP, centre-cropped, upright, first
 * frame only, no metadata. Throws ImageRefused for anything that is not a whole, decodable
 * PNG, JPEG, WebP or GIF within the pixel limit.
 */
export async function encodeAvatar(
  data: Buffer,
  { maxPixels, size, noun = 'image' }: AvatarOptions,
): Promise<{ data: Buffer; type: typeof AVATAR_TYPE }> {
  await inspectImage(data, { maxPixels, noun });
  try {
    const encoded = await sharp(data, { limitInputPixels: maxPixels, failOn: 'truncated', pages: 1, page: 0 })
      .rotate()
      .resize(size, size, { fit: 'cover', position: 'centre' })
      .webp({ quality: AVATAR_QUALITY })
      .toBuffer();
    return { data: encoded, type: AVATAR_TYPE };
  } catch (error) {
    throw refusalOf(error, noun, maxPixels);
  }
}

/**
 * Whether stored bytes are already an avatar as encodeAvatar makes them (a one-frame `size`×`size`
 * WebP without metadata). Anything else (files stored before avatars were re-encoded, the demo
 * seed's PNGs, avatars made under another AVATAR_SIZE) is re-encoded before it is served.
 */
export async function isEncodedAvatar(data: Buffer, size: number): Promise<boolean> {
  const meta = await sharp(data)
    .metadata()
    .catch(() => null);
  return (
    meta?.format === 'webp' &&
    meta.width === size &&
    meta.height === size &&
    (meta.pages ?? 1) === 1 &&
    !meta.exif &&
    !meta.xmp &&
    !meta.icc &&
    !meta.iptc
  );
}

/**
 * Chat images are recognised and checked by their bytes with sharp (server/storage/images.ts),
 * never by their name or declared type: the header gives the real format and the declared size,
 * refused when it has no pixels or more than the pixel limit (before a pixel is decoded), then
 * the whole picture is decoded once so a truncated or damaged file is refused too. Refusals are
 * the chat error envelope's code 4 with status 400: the hosted service answers 413 only for a
 * file over its byte limit (code 22 here), and documents no status for a picture's size.
 */
import sharp from 'sharp';
import { ACCEPTED_FORMATS, type AcceptedFormat, ImageRefused, inspectImage } from '../../storage/images.js';
import { ChatError, inputError } from '../errors.js';

export interface ChatImage {
  format: AcceptedFormat;
  mimeType: string;
  /** The extension the stored file and its shown name get (`.png`). */
  extension: string;
  width: number;
  height: number;
}

const MIME_TYPES: Record<AcceptedFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};

/** The extensions a name may keep for each format; the first is the one given to others. */
export const FORMAT_EXTENSIONS: Record<AcceptedFormat, readonly string[]> = {
  png: ['.png'],
  jpeg: ['.jpg', '.jpeg', '.jpe', '.jfif'],
  webp: ['.webp'],
  gif: ['.gif'],
};

export const mimeTypeOfFormat = (format: AcceptedFormat): string => MIME_TYPES[format];

/** The accepted format a stored image's MIME type names, if any. */
export function formatOfMimeType(mimeType: string): AcceptedFormat | undefined {
  return ACCEPTED_FORMATS.find((format) => MIME_TYPES[format] === mimeType);
}

const NOT_AN_IMAGE =
  'the file is not an image the chat takes: images must be PNG, JPEG, WebP or GIF (SVG, BMP, TIFF, HEIC and other formats are not accepted)';

/** An ImageRefused (or anything sharp throws) as the chat error envelope: code 4, status 400. */
export function chatImageError(error: unknown): ChatError {
  if (error instanceof ChatError) return error;
  if (!(error instanceof ImageRefused)) return inputError(`the image cannot be read: ${String(error)}`);
  switch (error.problem) {
    case 'unsupported':
      return inputError(NOT_AN_IMAGE);
    case 'too-many-pixels':
      return inputError(`${error.message}; upload a smaller picture`);
    default:
      return inputError(error.message);
  }
}

const TRUNCATED = /premature end|end of (stream|file|data)|truncat|unexpected end|not enough data|out of data/i;

/**
 * The picture's real format and size, or a code 4 ChatError saying what is wrong with it: not
 * an accepted format, no pixels, over `maxPixels`, incomplete or damaged.
 */
export async function verifyChatImage(data: Buffer, maxPixels: number): Promise<ChatImage> {
  let info;
  try {
    info = await inspectImage(data, { maxPixels });
  } catch (error) {
    throw chatImageError(error);
  }
  try {
    // Decoded once (first frame), streaming, to refuse a file that stops before its end.
    await sharp(data, { limitInputPixels: maxPixels, failOn: 'truncated', sequentialRead: true }).stats();
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    throw inputError(
      TRUNCATED.test(text)
        ? 'The image is incomplete (truncated); upload the whole file'
        : 'The image is damaged and cannot be decoded; upload the whole file or choose another picture',
    );
  }
  return {
    format: info.format,
    mimeType: MIME_TYPES[info.format],
    extension: FORMAT_EXTENSIONS[info.format][0]!,
    width: info.width,
    height: info.height,
  };
}

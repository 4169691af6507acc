/**
 * Resized images, as the hosted CDN makes them when an image URL carries `w`, `h`, `resize` and
 * `crop` (docs/chat-sandbox.md, "Uploads"):
 *
 * - `resize=clip` (default): as large as fits within w×h, aspect ratio kept, never enlarged;
 * - `resize=crop`: exactly w×h, cut to fit around `crop` = center (default), top, bottom, left
 *   or right;
 * - `resize=scale`: exactly w×h, aspect ratio ignored;
 * - `resize=fill`: within w×h, aspect ratio kept, the rest filled with black.
 *
 * With only one of `w`/`h` the other follows from the aspect ratio; with neither, the original
 * is served. Anything else is refused with code 4 (status 400) before sharp runs. Results are
 * kept in a memory cache of bounded size (CHAT_THUMBNAIL_CACHE_BYTES), least recently used out.
 */
import sharp from 'sharp';
// Loaded for its effect too: only the PNG, JPEG, WebP and GIF decoders may run.
import '../../storage/images.js';
import type { AcceptedFormat } from '../../storage/images.js';
import { inputError } from '../errors.js';

/** Largest width or height a resized image may be asked for. */
export const THUMBNAIL_MAX_SIDE = 4096;

export const RESIZE_MODES = ['clip', 'crop', 'scale', 'fill'] as const;
export const CROP_MODES = ['center', 'top', 'bottom', 'left', 'right'] as const;
export type ResizeMode = (typeof RESIZE_MODES)[number];
export type CropMode = (typeof CROP_MODES)[number];

export interface ThumbnailRequest {
  width?: number;
  height?: number;
  resize: ResizeMode;
  crop: CropMode;
}

export interface ThumbnailQuery {
  w?: unknown;
  h?: unknown;
  resize?: unknown;
  crop?: unknown;
}

const SIDE = /^[0-9]{1,5}$/;

function sideOf(value: unknown, name: 'w' | 'h'): number | undefined {
  if (value === undefined || value === '') return undefined;
  const text = typeof value === 'number' ? String(value) : value;
  const side = typeof text === 'string' && SIDE.test(text) ? Number(text) : NaN;
  if (!(side >= 1 && side <= THUMBNAIL_MAX_SIDE)) {
    throw inputError(`${name} must be a whole number of pixels from 1 to ${THUMBNAIL_MAX_SIDE}`);
  }
  return side;
}

function choiceOf<T extends string>(value: unknown, name: string, allowed: readonly T[], fallback: T): T {
  if (value === undefined || value === '') return fallback;
  if (typeof value !== 'string' || !allowed.includes(value as T)) {
    throw inputError(`${name} must be one of ${allowed.join(', ')}`);
  }
  return value as T;
}

/**
 * What the query string asks for: null when it asks for no resizing (no `w`, `h`, `resize` or
 * `crop`); a ThumbnailRequest (possibly without sizes: the original) otherwise. Throws code 4
 * for a value it cannot take.
 */
export function thumbnailRequestOf(query: ThumbnailQuery): ThumbnailRequest | null {
  const { w, h, resize, crop } = query;
  if ([w, h, resize, crop].every((value) => value === undefined)) return null;
  return {
    width: sideOf(w, 'w'),
    height: sideOf(h, 'h'),
    resize: choiceOf(resize, 'resize', RESIZE_MODES, 'clip'),
    crop: choiceOf(crop, 'crop', CROP_MODES, 'center'),
  };
}

export const isResize = (request: ThumbnailRequest): boolean =>
  request.width !== undefined || request.height !== undefined;

const FIT: Record<ResizeMode, keyof sharp.FitEnum> = { clip: 'inside', crop: 'cover', scale: 'fill', fill: 'contain' };
const POSITION: Record<CropMode, string> = {
  center: 'centre',
  top: 'top',
  bottom: 'bottom',
  left: 'left',
  right: 'right',
};

export interface Thumbnail {
  data: Buffer;
  format: AcceptedFormat;
}

/**
 * Resizes a stored image (first frame, turned upright by its EXIF orientation, without
 * metadata) into the same format. A picture that cannot be decoded is a code 4 error, never a
 * 5xx.
 */
export async function renderThumbnail(
  path: string,
  format: AcceptedFormat,
  request: ThumbnailRequest,
  maxPixels: number,
): Promise<Thumbnail> {
  try {
    const data = await sharp(path, { limitInputPixels: maxPixels, failOn: 'truncated', pages: 1, page: 0 })
      .rotate()
      .resize(request.width ?? null, request.height ?? null, {
        fit: FIT[request.resize],
        position: POSITION[request.crop],
        withoutEnlargement: request.resize === 'clip',
        background: { r: 0, g: 0, b: 0, alpha: 1 },
      })
      .toFormat(format)
      .toBuffer();
    return { data, format };
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    throw inputError(`the image cannot be resized: ${text}`);
  }
}

/** Resized images by key, at most `capacity` bytes in all, the least recently used dropped first. */
export class ThumbnailCache {
  private readonly entries = new Map<string, Thumbnail>();
  private bytes = 0;

  constructor(readonly capacity: number) {}

  static keyOf(fileId: string, request: ThumbnailRequest): string {
    return `${fileId}?w=${request.width ?? ''}&h=${request.height ?? ''}&resize=${request.resize}&crop=${request.crop}`;
  }

  get size(): number {
    return this.bytes;
  }

  get(key: string): Thumbnail | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, thumbnail: Thumbnail): void {
    this.remove(key);
    if (thumbnail.data.length > this.capacity) return;
    this.entries.set(key, thumbnail);
    this.bytes += thumbnail.data.length;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.capacity) break;
      this.entries.delete(oldest);
      this.bytes -= entry.data.length;
    }
  }

  /** Forgets every resized version of a file (it was deleted). */
  dropFile(fileId: string): void {
    for (const key of [...this.entries.keys()]) if (key.startsWith(`${fileId}?`)) this.remove(key);
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.data.length;
  }
}

/** Makes resized images through a ThumbnailCache, each once however many ask for it at the same time. */
export class Thumbnailer {
  readonly cache: ThumbnailCache;
  private readonly rendering = new Map<string, Promise<Thumbnail>>();

  constructor(capacity: number) {
    this.cache = new ThumbnailCache(capacity);
  }

  /**
   * The resized version of the stored image `fileId` at `path`. `isStored` is asked once it is
   * made, so an image deleted meanwhile leaves nothing in the cache.
   */
  async resized(
    fileId: string,
    path: string,
    format: AcceptedFormat,
    request: ThumbnailRequest,
    maxPixels: number,
    isStored: () => boolean,
  ): Promise<Thumbnail> {
    const key = ThumbnailCache.keyOf(fileId, request);
    const cached = this.cache.get(key);
    if (cached) return cached;
    let pending = this.rendering.get(key);
    if (!pending) {
      pending = renderThumbnail(path, format, request, maxPixels).finally(() => this.rendering.delete(key));
      this.rendering.set(key, pending);
    }
    const thumbnail = await pending;
    if (isStored()) this.cache.set(key, thumbnail);
    return thumbnail;
  }

  dropFile(fileId: string): void {
    this.cache.dropFile(fileId);
  }
}

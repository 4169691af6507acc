/**
 * The upload settings the sandbox reads beyond SandboxSettings' own: the pixel limit of chat
 * images (CHAT_UPLOAD_MAX_PIXELS) and the size of the thumbnail cache
 * (CHAT_THUMBNAIL_CACHE_BYTES). server/config.ts reads both and createSandbox passes them on as
 * `uploadMaxPixels` and `thumbnailCacheBytes`; a sandbox built without them uses the defaults
 * below (the same as config.ts's).
 */
import type { SandboxSettings } from '../sandbox.js';

/** CHAT_UPLOAD_MAX_PIXELS's default: a 10000×10000 picture (100 million pixels) is over it. */
export const DEFAULT_UPLOAD_MAX_PIXELS = 50_000_000;
/** CHAT_THUMBNAIL_CACHE_BYTES's default: 32 MB of resized images kept in memory. */
export const DEFAULT_THUMBNAIL_CACHE_BYTES = 32 * 1024 * 1024;

export interface UploadSettings {
  /** Largest chat image in pixels (width × height), read from its header before it is decoded. */
  uploadMaxPixels?: number;
  /** How many bytes of resized images (`?w=&h=`) are kept in memory; 0 keeps none. */
  thumbnailCacheBytes?: number;
}

export interface UploadLimits {
  maxPixels: number;
  thumbnailCacheBytes: number;
}

export function uploadLimitsOf(settings: SandboxSettings & UploadSettings): UploadLimits {
  return {
    maxPixels: settings.uploadMaxPixels ?? DEFAULT_UPLOAD_MAX_PIXELS,
    thumbnailCacheBytes: settings.thumbnailCacheBytes ?? DEFAULT_THUMBNAIL_CACHE_BYTES,
  };
}

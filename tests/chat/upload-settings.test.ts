/**
 * The upload settings (CHAT_UPLOAD_MAX_PIXELS, CHAT_THUMBNAIL_CACHE_BYTES): read and validated
 * by server/config.ts like every other setting, with the defaults the sandbox's upload code
 * falls back to.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SandboxSettings } from '../../server/chat-sandbox/sandbox.js';
import {
  DEFAULT_THUMBNAIL_CACHE_BYTES,
  DEFAULT_UPLOAD_MAX_PIXELS,
  uploadLimitsOf,
} from '../../server/chat-sandbox/uploads/settings.js';
import { ConfigError, loadConfig } from '../../server/config.js';

describe('chat upload settings', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sideline-upload-config-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('default to 50,000,000 pixels and a 32 MB thumbnail cache, as the sandbox does', () => {
    const config = loadConfig({ DATA_DIR: dir }, dir);
    expect(config.chatUploadMaxPixels).toBe(50_000_000);
    expect(config.chatThumbnailCacheBytes).toBe(32 * 1024 * 1024);
    expect(DEFAULT_UPLOAD_MAX_PIXELS).toBe(config.chatUploadMaxPixels);
    expect(DEFAULT_THUMBNAIL_CACHE_BYTES).toBe(config.chatThumbnailCacheBytes);
  });

  it('are overridden from the environment', () => {
    const config = loadConfig(
      { DATA_DIR: dir, CHAT_UPLOAD_MAX_PIXELS: '4000000', CHAT_THUMBNAIL_CACHE_BYTES: '0' },
      dir,
    );
    expect(config.chatUploadMaxPixels).toBe(4_000_000);
    expect(config.chatThumbnailCacheBytes).toBe(0);
  });

  it('refuse values out of range, naming the setting', () => {
    for (const [name, value] of [
      ['CHAT_UPLOAD_MAX_PIXELS', '0'],
      ['CHAT_UPLOAD_MAX_PIXELS', '268402690'],
      ['CHAT_UPLOAD_MAX_PIXELS', 'lots'],
      ['CHAT_THUMBNAIL_CACHE_BYTES', '-1'],
      ['CHAT_THUMBNAIL_CACHE_BYTES', '2147483648'],
    ] as const) {
      expect(() => loadConfig({ DATA_DIR: dir, [name]: value }, dir)).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: dir, [name]: value }, dir)).toThrow(name);
    }
  });

  it('reach the upload code through the sandbox settings, with the defaults when absent', () => {
    const base = { apiKey: 'k', secret: 's', uploadDir: dir, uploadSizeLimit: 1024 } as SandboxSettings;
    expect(uploadLimitsOf(base)).toEqual({
      maxPixels: DEFAULT_UPLOAD_MAX_PIXELS,
      thumbnailCacheBytes: DEFAULT_THUMBNAIL_CACHE_BYTES,
    });
    expect(uploadLimitsOf({ ...base, uploadMaxPixels: 5000, thumbnailCacheBytes: 0 })).toEqual({
      maxPixels: 5000,
      thumbnailCacheBytes: 0,
    });
  });
});

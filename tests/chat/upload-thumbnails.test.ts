/**
 * Resized chat images (issue #15, item 6): an image URL with `?w=&h=` (and `resize`, `crop`, as
 * the hosted CDN takes them) is served resized by sharp, from a bounded memory cache; bad
 * values are code 4 with status 400, never a 5xx.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { StreamChat } from 'stream-chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ThumbnailCache, type Thumbnail } from '../../server/chat-sandbox/uploads/thumbnails.js';
import { connectClient, startChatServer, type ChatServer } from '../support/chat.js';
import { envelopeOf, storedNameOf } from '../support/chat-uploads.js';
import { animatedGif, bands, describeServed, jpegWithExif, near, solid } from '../support/image-samples.js';

const RED: [number, number, number] = [255, 0, 0];
const GREEN: [number, number, number] = [0, 255, 0];
const BLUE: [number, number, number] = [0, 0, 255];
const BLACK: [number, number, number] = [0, 0, 0];

describe('the thumbnail cache', () => {
  const thumb = (bytes: number): Thumbnail => ({ data: Buffer.alloc(bytes), format: 'png' });

  it('keeps at most its capacity, dropping the least recently used first', () => {
    const cache = new ThumbnailCache(100);
    cache.set('a?1', thumb(40));
    cache.set('b?1', thumb(40));
    expect(cache.get('a?1')).toBeDefined(); // a is now the most recently used
    cache.set('c?1', thumb(40));
    expect(cache.get('b?1')).toBeUndefined();
    expect(cache.get('a?1')).toBeDefined();
    expect(cache.get('c?1')).toBeDefined();
    expect(cache.size).toBe(80);
    cache.set('a?1', thumb(10)); // replacing counts the new size only
    expect(cache.size).toBe(50);
  });

  it('never keeps an entry larger than its capacity, nor anything at capacity 0', () => {
    const cache = new ThumbnailCache(100);
    cache.set('big?1', thumb(101));
    expect(cache.get('big?1')).toBeUndefined();
    expect(cache.size).toBe(0);
    const none = new ThumbnailCache(0);
    none.set('a?1', thumb(1));
    expect(none.get('a?1')).toBeUndefined();
  });

  it('forgets every size of a deleted file', () => {
    const cache = new ThumbnailCache(1000);
    cache.set('f1.png?w=1', thumb(10));
    cache.set('f1.png?w=2', thumb(10));
    cache.set('f2.png?w=1', thumb(10));
    cache.dropFile('f1.png');
    expect(cache.get('f1.png?w=1')).toBeUndefined();
    expect(cache.get('f1.png?w=2')).toBeUndefined();
    expect(cache.get('f2.png?w=1')).toBeDefined();
    expect(cache.size).toBe(10);
  });
});

describe('resized chat images', () => {
  let server: ChatServer;
  let alice: StreamChat;
  /** 300×100: red, green and blue bands, each 100 wide. */
  let banded: string;
  let original: Buffer;
  const cid = 'thumbs';

  const get = async (url: string, query: string) => {
    const response = await fetch(`${url}?${query}`);
    return { response, data: Buffer.from(await response.arrayBuffer()) };
  };
  const picture = async (url: string, query: string) => {
    const { response, data } = await get(url, query);
    expect(response.status).toBe(200);
    return describeServed(data);
  };

  beforeAll(async () => {
    server = await startChatServer();
    alice = await connectClient(server, 'alice', 'Alice');
    await alice.channel('messaging', cid, { members: ['alice'] }).watch();
    original = await bands(100, 100);
    banded = (await alice.channel('messaging', cid).sendImage(Readable.from(original), 'bands.png', 'image/png')).file;
  });
  afterAll(() => server.close());

  it('clips within w×h by default, keeping the aspect ratio and never enlarging', async () => {
    const clipped = await picture(banded, 'w=150&h=150');
    expect([clipped.width, clipped.height]).toEqual([150, 50]);
    expect(clipped.format).toBe('png');
    expect(near(clipped.pixel(10, 25), RED)).toBe(true);
    expect(near(clipped.pixel(140, 25), BLUE)).toBe(true);
    expect(await picture(banded, 'h=50')).toMatchObject({ width: 150, height: 50 });
    expect(await picture(banded, 'w=60&resize=clip')).toMatchObject({ width: 60, height: 20 });
    expect(await picture(banded, 'w=900&h=900')).toMatchObject({ width: 300, height: 100 });
  });

  it('crops to exactly w×h around the crop position', async () => {
    for (const [crop, colour] of [
      ['left', RED],
      ['center', GREEN],
      ['right', BLUE],
      ['top', GREEN],
    ] as const) {
      const cropped = await picture(banded, `w=50&h=50&resize=crop&crop=${crop}`);
      expect([cropped.width, cropped.height]).toEqual([50, 50]);
      expect(near(cropped.pixel(25, 25), colour)).toBe(true);
    }
    const centred = await picture(banded, 'w=50&h=50&resize=crop');
    expect(near(centred.pixel(25, 25), GREEN)).toBe(true);
  });

  it('scales to exactly w×h, ignoring the aspect ratio', async () => {
    const scaled = await picture(banded, 'w=90&h=90&resize=scale');
    expect([scaled.width, scaled.height]).toEqual([90, 90]);
    expect(near(scaled.pixel(10, 45), RED)).toBe(true);
    expect(near(scaled.pixel(45, 45), GREEN)).toBe(true);
    expect(near(scaled.pixel(80, 45), BLUE)).toBe(true);
  });

  it('fills the rest of w×h with black', async () => {
    const filled = await picture(banded, 'w=300&h=300&resize=fill');
    expect([filled.width, filled.height]).toEqual([300, 300]);
    expect(near(filled.pixel(150, 10), BLACK)).toBe(true);
    expect(near(filled.pixel(150, 150), GREEN)).toBe(true);
    expect(near(filled.pixel(150, 290), BLACK)).toBe(true);
  });

  it('serves the original when no size is asked for, and resized images with image headers', async () => {
    const plain = await get(banded, 'resize=crop&crop=left');
    expect(plain.data.equals(original)).toBe(true);
    const { response } = await get(banded, 'w=30');
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-disposition')).toMatch(/^inline; filename="bands\.png"/);
  });

  it('keeps the format, turns photos upright and takes the first frame of an animation', async () => {
    const photo = (await alice.channel('messaging', cid).sendImage(Readable.from(await jpegWithExif()), 'p.jpg')).file;
    const upright = await picture(photo, 'w=100');
    expect([upright.format, upright.width, upright.height]).toEqual(['jpeg', 100, 200]);
    expect(upright.exif).toBeUndefined();
    expect(near(upright.pixel(50, 20), RED)).toBe(true);
    expect(near(upright.pixel(50, 180), BLUE)).toBe(true);

    const gif = await animatedGif(['#ff0000', '#0000ff']);
    const animated = (await alice.channel('messaging', cid).sendImage(Readable.from(gif), 'a.gif')).file;
    const first = await picture(animated, 'w=20&h=20');
    expect([first.format, first.width, first.pages]).toEqual(['gif', 20, 1]);
    expect(near(first.pixel(10, 10), RED)).toBe(true);
  });

  it('serves a repeated size from its cache and forgets it when the image is deleted', async () => {
    const channel = alice.channel('messaging', cid);
    const url = (await channel.sendImage(Readable.from(await solid('png', 64, 64, '#ff0000')), 'red.png')).file;
    const first = await get(url, 'w=32&h=32');
    // The stored bytes change behind the server's back: the cached size stays red, a new size is blue.
    await writeFile(
      join(server.config.dataDir, 'chat-uploads', storedNameOf(url)),
      await solid('png', 64, 64, '#0000ff'),
    );
    const again = await get(url, 'w=32&h=32');
    expect(again.data.equals(first.data)).toBe(true);
    expect(near((await describeServed(again.data)).pixel(5, 5), RED)).toBe(true);
    expect(near((await picture(url, 'w=16&h=16')).pixel(5, 5), BLUE)).toBe(true);

    await channel.deleteImage(url);
    const gone = await get(url, 'w=32&h=32');
    expect(gone.response.status).toBe(404);
  });

  it('refuses bad values with code 4 and status 400', async () => {
    for (const [query, field] of [
      ['w=0', 'w'],
      ['h=00', 'h'],
      ['w=-5', 'w'],
      ['w=abc', 'w'],
      ['w=1.5', 'w'],
      ['w=1e3', 'w'],
      ['w=4097', 'w'],
      ['h=99999999999999999999', 'h'],
      ['w=10&resize=zoom', 'resize'],
      ['w=10&resize=CROP', 'resize'],
      ['w=10&resize=crop&crop=middle', 'crop'],
      ['crop=%00', 'crop'],
      ['w=1&w=2', 'w'],
    ] as const) {
      const response = await fetch(`${banded}?${query}`);
      expect(response.status, query).toBe(400);
      const answer = await envelopeOf(response);
      expect(answer.code).toBe(4);
      // The message names the parameter: `w must be …`, or `field "w" must be string` for a repeated one.
      expect(answer.message, query).toMatch(new RegExp(`(^|")${field}("| )`));
    }
  });

  it('refuses to resize a file, and answers 404 for an unknown image', async () => {
    const file = (await alice.channel('messaging', cid).sendFile(Buffer.from('plain'), 'plain.txt')).file;
    const response = await fetch(`${file}?w=10`);
    expect(response.status).toBe(400);
    expect(await envelopeOf(response)).toMatchObject({ code: 4, message: expect.stringContaining('only images') });
    const unknown = await get(`${server.chatUrl}/uploads/0b8f4a52-6f0e-4a55-9a39-3c1f4c1d0a11.png`, 'w=10');
    expect(unknown.response.status).toBe(404);
  });

  it('never answers a 5xx, whatever the resizing parameters', async () => {
    const values = [
      '',
      '1',
      '4096',
      '0',
      '-1',
      'NaN',
      'Infinity',
      '%F0%9F%98%80',
      'a'.repeat(40),
      '1%00',
      ' 1',
      '0x10',
    ];
    const names = ['w', 'h', 'resize', 'crop'];
    const modes = ['clip', 'crop', 'scale', 'fill', 'center', 'top'];
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let i = 0; i < 120; i++) {
      const parts = names
        .filter(() => next(2) === 0)
        .map((name) => `${name}=${next(3) === 0 ? modes[next(modes.length)] : values[next(values.length)]}`);
      const response = await fetch(`${banded}?${parts.join('&')}`);
      expect(response.status, parts.join('&')).toBeLessThan(500);
      if (response.status >= 400) expect((await envelopeOf(response)).code).toBe(4);
      else await response.arrayBuffer();
    }
  });
});

import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { ENGINES } from '../support/engines.js';
import { Visitor } from '../support/http-client.js';
import {
  animatedGif,
  bands,
  describeServed,
  expectServedWebp,
  jpegWithExif,
  jpegZeroHigh,
  near,
  pngDeclaring,
  solid,
} from '../support/image-samples.js';
import { form } from '../support/images.js';
import { avatarDir, startTestServer, storedAvatars, userRow, type TestServer } from '../support/test-server.js';

const RED: [number, number, number] = [255, 0, 0];
const GREEN: [number, number, number] = [0, 255, 0];
const BLUE: [number, number, number] = [0, 0, 255];

describe.each(ENGINES)('avatar images through the image library on $name', (engine) => {
  let server: TestServer;
  let member: Visitor;
  let memberId: number;
  let viewer: Visitor;

  const row = (id: number) => userRow(server, id);
  const avatarFiles = () => storedAvatars(server);
  const upload = (data: Buffer, filename = 'picture.png', type = 'image/png') =>
    member.send('PUT', `/api/users/${memberId}/avatar`, { body: form('avatar', data, filename, type) });
  const served = async (url: string) => {
    const response = await fetch(`${server.url}${url}`, { headers: { cookie: viewer.cookieHeader() } });
    return { response, data: Buffer.from(await response.arrayBuffer()) };
  };

  beforeAll(async () => {
    server = await startTestServer(engine);
    member = new Visitor(server.url);
    memberId = (await member.register('kim@league.example', 'Kim Lee')).body.id as number;
    viewer = new Visitor(server.url);
    await viewer.register('val@league.example', 'Val Ortiz');
  });
  afterAll(() => server.close());

  it.each([
    ['PNG', 'png', 'image/png'],
    ['JPEG', 'jpeg', 'image/jpeg'],
    ['WebP', 'webp', 'image/webp'],
    ['GIF', 'gif', 'image/gif'],
  ] as const)('re-encodes a %s to a 256×256 WebP and stores only that', async (_label, format, type) => {
    const original = await solid(format, 300, 200, '#2a7ae2');
    const answer = await upload(original, `me.${format}`, type);
    expect(answer.status).toBe(200);

    const { response, data } = await served(answer.body.avatar_url as string);
    await expectServedWebp(response, data, [0x2a, 0x7a, 0xe2]);

    const files = await avatarFiles();
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.webp$/);
    const stored = await readFile(join(avatarDir(server), files[0]!));
    expect(stored.equals(data)).toBe(true);
    expect(stored.equals(original)).toBe(false);
    expect((await row(memberId)).avatar_type).toBe('image/webp');
  });

  it('crops a wide picture to its centre square', async () => {
    const answer = await upload(await bands(100, 100));
    expect(answer.status).toBe(200);
    const picture = await describeServed((await served(answer.body.avatar_url as string)).data);
    expect(picture).toMatchObject({ width: 256, height: 256 });
    for (const [x, y] of [
      [8, 8],
      [128, 128],
      [247, 247],
    ] as const) {
      expect(near(picture.pixel(x, y), GREEN)).toBe(true);
    }
  });

  it('strips EXIF (camera, copyright, GPS) after turning the picture upright', async () => {
    const original = await jpegWithExif();
    const before = await sharp(original).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true); // the GPS IFD pointer tag
    expect(before.exif?.includes('secret-owner')).toBe(true);

    const answer = await upload(original, 'holiday.jpg', 'image/jpeg');
    expect(answer.status).toBe(200);
    const { data } = await served(answer.body.avatar_url as string);
    const picture = await describeServed(data);
    expect(picture).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(picture.exif).toBeUndefined();
    expect(picture.xmp).toBeUndefined();
    expect(data.includes('secret-owner')).toBe(false);
    expect(data.includes('SpyCam')).toBe(false);
    // Turned upright: the picture's left half (red) is now on top, its right half (blue) below.
    expect(near(picture.pixel(128, 20), RED)).toBe(true);
    expect(near(picture.pixel(128, 236), BLUE)).toBe(true);
  });

  it('serves only the first frame of an animated GIF', async () => {
    const original = await animatedGif(['#ff0000', '#0000ff', '#00ff00']);
    expect((await sharp(original).metadata()).pages).toBe(3);
    const answer = await upload(original, 'wave.gif', 'image/gif');
    expect(answer.status).toBe(200);
    const picture = await describeServed((await served(answer.body.avatar_url as string)).data);
    expect(picture).toMatchObject({ format: 'webp', width: 256, height: 256, pages: 1 });
    expect(near(picture.pixel(128, 128), RED)).toBe(true);
  });

  describe('hostile pictures are refused and change nothing', () => {
    const cases: [string, () => Buffer | Promise<Buffer>, string, number, RegExp][] = [
      [
        'a PNG header declaring 65535×65535',
        () => pngDeclaring(65535, 65535),
        'bomb.png',
        413,
        /^The avatar is 65535×65535 pixels; the limit is 50,000,000 pixels$/,
      ],
      [
        'a real 10000×10000 picture',
        () => solid('png', 10000, 10000, '#335533'),
        'huge.png',
        413,
        /^The avatar is 10000×10000 pixels; the limit is 50,000,000 pixels$/,
      ],
      ['a 0×0 PNG', () => pngDeclaring(0, 0), 'empty.png', 400, /no pixels \(its width or height is 0\)/],
      ['a JPEG 0 pixels high', jpegZeroHigh, 'flat.jpg', 400, /no pixels/],
      [
        'a truncated PNG',
        async () => {
          const whole = await bands(60, 60);
          return whole.subarray(0, whole.length - 30);
        },
        'cut.png',
        400,
        /incomplete \(truncated\); upload the whole file/,
      ],
      [
        'a truncated JPEG',
        async () => {
          const whole = await jpegWithExif();
          return whole.subarray(0, Math.floor(whole.length * 0.7));
        },
        'cut.jpg',
        400,
        /incomplete \(truncated\)/,
      ],
      [
        'an SVG',
        () =>
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
        'a.svg',
        415,
        /must be a PNG, JPEG, WebP or GIF image \(SVG and other formats are not accepted\)/,
      ],
      ['a text file named .png', () => Buffer.from('hello, not an image'), 'evil.png', 415, /PNG, JPEG, WebP or GIF/],
      ['a TIFF', () => solid('tiff', 20, 20), 'scan.png', 415, /PNG, JPEG, WebP or GIF/],
    ];

    it.each(cases)('%s', async (_label, make, filename, status, message) => {
      const first = await upload(await solid('png', 40, 40, '#aa3300'));
      expect(first.status).toBe(200);
      const previous = await served(first.body.avatar_url as string);
      const before = await row(memberId);
      const filesBefore = await avatarFiles();

      const answer = await upload(await make(), filename);
      expect(answer.status).toBe(status);
      expect(answer.body).toEqual({
        error: expect.any(String),
        message: expect.stringMatching(message),
        statusCode: status,
      });

      expect(await row(memberId)).toEqual(before);
      expect(await avatarFiles()).toEqual(filesBefore);
      const still = await served(first.body.avatar_url as string);
      expect(still.response.status).toBe(200);
      expect(still.data.equals(previous.data)).toBe(true);
    });
  });

  describe('avatars stored before re-encoding', () => {
    const storeOriginal = async (data: Buffer, type: string, extension: string) => {
      const file = `${memberId}-${'0123456789abcdef'}.${extension}`;
      await writeFile(join(avatarDir(server), file), data);
      await server.database.db
        .updateTable('users')
        .set({ avatar_file: file, avatar_type: type })
        .where('id', '=', memberId)
        .execute();
      return `/api/users/${memberId}/avatar?v=0123456789abcdef`;
    };

    it('are re-encoded when served, never sent as stored', async () => {
      const original = await jpegWithExif();
      const { response, data } = await served(await storeOriginal(original, 'image/jpeg', 'jpg'));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      const picture = await describeServed(data);
      expect(picture).toMatchObject({ format: 'webp', width: 256, height: 256, exif: undefined });
      expect(data.includes('secret-owner')).toBe(false);
    });

    it('are re-encoded when served even when they are WebP already', async () => {
      const original = await solid('webp', 300, 200, '#2a7ae2');
      const { response, data } = await served(await storeOriginal(original, 'image/webp', 'webp'));
      expect(response.status).toBe(200);
      expect(data.equals(original)).toBe(false);
      expect(await describeServed(data)).toMatchObject({ format: 'webp', width: 256, height: 256 });
    });

    it('are not served at all when they are over the pixel limit', async () => {
      const { response, data } = await served(await storeOriginal(pngDeclaring(65535, 65535), 'image/png', 'png'));
      expect(response.status).toBe(404);
      expect(JSON.parse(data.toString())).toMatchObject({ message: 'This user has no avatar' });
    });
  });
});

describe('image decoders', () => {
  it('only PNG, JPEG, WebP and GIF decoders run once the image module is loaded: SVG and TIFF are not even read', async () => {
    const { ACCEPTED_FORMATS } = await import('../../server/storage/images.js');
    expect(ACCEPTED_FORMATS).toEqual(['png', 'jpeg', 'webp', 'gif']);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    await expect(sharp(svg).metadata()).rejects.toThrow(/unsupported image format/);
    await expect(sharp(await solid('tiff', 8, 8)).metadata()).rejects.toThrow(/unsupported image format/);
    expect((await sharp(await solid('gif', 8, 8)).metadata()).format).toBe('gif');
  });
});

describe('avatar settings', () => {
  let server: TestServer;
  let member: Visitor;
  let memberId: number;

  beforeAll(async () => {
    server = await startTestServer(ENGINES[0]!, { AVATAR_SIZE: '64', AVATAR_MAX_PIXELS: '10000' });
    member = new Visitor(server.url);
    memberId = (await member.register('ash@league.example', 'Ash Park')).body.id as number;
  });
  afterAll(() => server.close());

  it('defaults to 256 px and 50,000,000 pixels, and refuses out-of-range settings by name', () => {
    const secrets = { NODE_ENV: 'test', SESSION_SECRET: 's'.repeat(40), CHAT_API_SECRET: 'c'.repeat(40) };
    expect(loadConfig(secrets)).toMatchObject({ avatarSize: 256, avatarMaxPixels: 50_000_000 });
    expect(() => loadConfig({ ...secrets, AVATAR_SIZE: '8' })).toThrow(
      /AVATAR_SIZE must be a whole number from 32 to 1024/,
    );
    expect(() => loadConfig({ ...secrets, AVATAR_MAX_PIXELS: '300000000' })).toThrow(
      /AVATAR_MAX_PIXELS must be a whole number from 1024 to 268402689/,
    );
  });

  it('AVATAR_SIZE sets the served size and AVATAR_MAX_PIXELS the pixel limit', async () => {
    const fits = await member.send('PUT', `/api/users/${memberId}/avatar`, {
      body: form('avatar', await solid('png', 100, 100)),
    });
    expect(fits.status).toBe(200);
    const response = await fetch(`${server.url}${fits.body.avatar_url as string}`, {
      headers: { cookie: member.cookieHeader() },
    });
    const picture = await describeServed(Buffer.from(await response.arrayBuffer()));
    expect(picture).toMatchObject({ format: 'webp', width: 64, height: 64 });

    const over = await member.send('PUT', `/api/users/${memberId}/avatar`, {
      body: form('avatar', await solid('png', 101, 100)),
    });
    expect(over.status).toBe(413);
    expect(over.body.message).toBe('The avatar is 101×100 pixels; the limit is 10,000 pixels');
  });
});

/**
 * Chat images are judged by their bytes with sharp (issue #15, item 5): the pixel limit
 * (CHAT_UPLOAD_MAX_PIXELS) is read from the header before decoding, pictures without pixels or
 * cut short are refused, and a picture without an extension (or with a wrong one) is recognised
 * by its real format, through the real `stream-chat` client and raw forms.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import type { StreamChat } from 'stream-chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_UPLOAD_MAX_PIXELS } from '../../server/chat-sandbox/uploads/settings.js';
import { connectClient, startChatServer, type ChatServer } from '../support/chat.js';
import {
  envelopeOf,
  failure,
  fileForm,
  rawUpload,
  storedFile,
  storedFiles,
  storedNameOf,
} from '../support/chat-uploads.js';
import { ENGINES } from '../support/engines.js';
import { animatedGif, jpegZeroHigh, pngDeclaring, solid } from '../support/image-samples.js';

describe.each(ENGINES)('chat image uploads checked by their bytes on $name', (engine) => {
  let server: ChatServer;
  let alice: StreamChat;
  const cid = 'photos';
  const channel = () => alice.channel('messaging', cid);
  const uploadDir = () => join(server.config.dataDir, 'chat-uploads');

  /** Uploads `data` with the client's sendImage and expects a refusal; returns its message. */
  async function refused(data: Buffer, name = 'picture.png'): Promise<string> {
    const before = await readdir(uploadDir());
    const answer = await failure(channel().sendImage(Readable.from(data), name, 'image/png'));
    expect(answer).toMatchObject({ code: 4, status: 400 });
    // Nothing of a refused upload is kept, on disk or in the store.
    expect(await readdir(uploadDir())).toEqual(before);
    expect((await storedFiles(server)).some((file) => file.name === name)).toBe(false);
    return answer.message;
  }

  beforeAll(async () => {
    server = await startChatServer(engine);
    alice = await connectClient(server, 'alice', 'Alice');
    await alice.channel('messaging', cid, { members: ['alice'] }).watch();
  });
  afterAll(() => server.close());

  it('refuses a PNG that declares 65535×65535 pixels before decoding it', async () => {
    const message = await refused(pngDeclaring(65535, 65535), 'bomb.png');
    expect(message).toContain('65535×65535');
    expect(message).toContain('50,000,000');
  });

  it('refuses a real 10000×10000 picture (over the default 50,000,000 pixels)', async () => {
    expect(DEFAULT_UPLOAD_MAX_PIXELS).toBe(server.config.chatUploadMaxPixels);
    const big = await sharp({ create: { width: 10000, height: 10000, channels: 3, background: '#2a7ae2' } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    expect(await refused(big, 'big.png')).toContain('10000×10000');
  });

  it('refuses pictures without pixels', async () => {
    expect(await refused(pngDeclaring(0, 0), 'empty.png')).toContain('no pixels');
    expect(await refused(await jpegZeroHigh(), 'flat.jpg')).toContain('no pixels');
  });

  it('applies CHAT_UPLOAD_MAX_PIXELS, inclusive', async () => {
    const limited = await startChatServer(engine, { CHAT_UPLOAD_MAX_PIXELS: '20000' });
    try {
      const bob = await connectClient(limited, 'bob', 'Bob');
      const room = bob.channel('messaging', 'limited', { members: ['bob'] });
      await room.watch();
      const exact = await room.sendImage(Readable.from(await solid('png', 200, 100)), 'exact.png', 'image/png');
      expect(await storedFile(limited, storedNameOf(exact.file))).toMatchObject({ name: 'exact.png' });
      const answer = await failure(
        room.sendImage(Readable.from(await solid('png', 201, 100)), 'over.png', 'image/png'),
      );
      expect(answer).toMatchObject({ code: 4, status: 400 });
      expect(answer.message).toContain('201×100');
      expect(answer.message).toContain('20,000');
    } finally {
      await limited.close();
    }
  });

  it('refuses a picture that is cut short or damaged after a valid header', async () => {
    const png = await solid('png', 300, 200);
    expect(await refused(png.subarray(0, Math.floor(png.length * 0.6)), 'half.png')).toContain('truncated');
    const jpeg = await solid('jpeg', 300, 200);
    expect(await refused(jpeg.subarray(0, Math.floor(jpeg.length * 0.6)), 'half.jpg')).toContain('truncated');
  });

  it('refuses formats it does not take, by their bytes, whatever the name says', async () => {
    for (const [data, name] of [
      [await solid('tiff'), 'scan.png'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>'), 'logo.png'],
      [Buffer.from('%PDF-1.4 not a picture'), 'page.jpg'],
    ] as const) {
      expect(await refused(data, name)).toContain('not an image the chat takes');
    }
  });

  it('recognises a picture without an extension by its content', async () => {
    const jpeg = await solid('jpeg', 40, 30);
    const uploaded = await channel().sendImage(Readable.from(jpeg), 'photo');
    expect(uploaded.file).toMatch(/\.jpg$/);
    expect(await storedFile(server, storedNameOf(uploaded.file))).toMatchObject({
      name: 'photo.jpg',
      mime_type: 'image/jpeg',
      kind: 'image',
    });
    const served = await fetch(uploaded.file);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('content-disposition')).toMatch(/^inline; filename="photo\.jpg"/);
    expect(Buffer.from(await served.arrayBuffer()).equals(jpeg)).toBe(true);

    // A raw form without a type or an extension (as a phone's share sheet may send it).
    const webp = await solid('webp', 20, 20);
    const response = await rawUpload(
      server,
      'alice',
      `/channels/messaging/${cid}/image`,
      fileForm(webp, 'IMG_0001', ''),
    );
    expect(response.status).toBe(200);
    const { file } = (await response.json()) as { file: string };
    expect(file).toMatch(/\.webp$/);
    expect(await storedFile(server, storedNameOf(file))).toMatchObject({
      name: 'IMG_0001.webp',
      mime_type: 'image/webp',
    });
  });

  it('names a picture with a wrong extension by its real format', async () => {
    const png = await solid('png', 16, 16);
    for (const [given, stored] of [
      ['holiday.jpg', 'holiday.png'],
      ['scan.tiff', 'scan.png'],
      ['notes.txt', 'notes.txt.png'],
      ['IMG_2024.05.03', 'IMG_2024.05.03.png'],
    ] as const) {
      const uploaded = await channel().sendImage(Readable.from(png), given, 'image/jpeg');
      expect(uploaded.file).toMatch(/\.png$/);
      expect(await storedFile(server, storedNameOf(uploaded.file))).toMatchObject({
        name: stored,
        mime_type: 'image/png',
      });
      expect((await fetch(uploaded.file)).headers.get('content-type')).toBe('image/png');
    }
    // A name already ending in one of the format's extensions keeps it.
    const jpeg = await channel().sendImage(Readable.from(await solid('jpeg')), 'team.JPEG', 'image/jpeg');
    expect(await storedFile(server, storedNameOf(jpeg.file))).toMatchObject({ name: 'team.JPEG' });
  });

  it('takes an animated GIF and serves it as uploaded', async () => {
    const gif = await animatedGif(['#ff0000', '#00ff00', '#0000ff']);
    const uploaded = await channel().sendImage(Readable.from(gif), 'cheer.gif', 'image/gif');
    const served = await fetch(uploaded.file);
    expect(served.headers.get('content-type')).toBe('image/gif');
    const data = Buffer.from(await served.arrayBuffer());
    expect(data.equals(gif)).toBe(true);
    expect((await sharp(data).metadata()).pages).toBe(3);
  });

  it('answers a refused raw image upload with the chat error envelope', async () => {
    const response = await rawUpload(
      server,
      'alice',
      `/channels/messaging/${cid}/image`,
      fileForm(pngDeclaring(65535, 65535), 'bomb', ''),
    );
    expect(response.status).toBe(400);
    expect(await envelopeOf(response)).toMatchObject({ code: 4, StatusCode: 400 });
  });
});

/**
 * Chat uploads through the real `stream-chat` client: images and files to a channel and to the
 * app, serving them back, deleting them, the upload configs of GET /app (and the client's own
 * check against them), and every refusal: size, blocked extension, fake image, non-member,
 * unknown channel, malformed forms.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { StreamChat } from 'stream-chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient, serverClient, startChatServer, type ChatServer } from '../support/chat.js';
import { failure, rawUpload, storedFile, storedFiles, type ChatFailure } from '../support/chat-uploads.js';

/** A complete 1×1 PNG and GIF (they pass the server's byte check). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** A complete 1×1 BMP (a format the chat does not take). */
const BMP = Buffer.concat([
  Buffer.from('BM', 'latin1'),
  Buffer.from([58, 0, 0, 0, 0, 0, 0, 0, 54, 0, 0, 0]),
  Buffer.from([40, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 24, 0, 0, 0, 0, 0, 4, 0, 0, 0]),
  Buffer.alloc(16),
  Buffer.from([0, 0, 255, 0]),
]);

describe('chat uploads', () => {
  let server: ChatServer;
  let alice: StreamChat;
  let bob: StreamChat;
  let carol: StreamChat;
  const cid = 'uploads-room';

  beforeAll(async () => {
    server = await startChatServer();
    alice = await connectClient(server, 'alice', 'Alice');
    bob = await connectClient(server, 'bob', 'Bob');
    carol = await connectClient(server, 'carol', 'Carol');
    await alice.channel('messaging', cid, { members: ['alice', 'bob'] }).watch();
    await bob.channel('messaging', cid).watch();
  });
  afterAll(() => server.close());

  it('advertises the upload configs on GET /app, and the client applies them before uploading', async () => {
    const { app } = await alice.getAppSettings();
    expect(app?.name).toBe('Sideline (local chat sandbox)');
    expect(app?.file_upload_config).toMatchObject({ allowed_file_extensions: [], allowed_mime_types: [] });
    expect(app?.file_upload_config?.blocked_file_extensions).toEqual(expect.arrayContaining(['.exe', '.bat']));
    expect(app?.file_upload_config?.blocked_mime_types).toContain('application/x-msdownload');
    expect(app?.file_upload_config?.size_limit).toBe(server.config.chatUploadMaxBytes);
    expect(app?.image_upload_config?.allowed_file_extensions).toEqual(
      expect.arrayContaining(['.jpg', '.jpeg', '.png', '.gif', '.webp']),
    );
    expect(app?.image_upload_config?.allowed_mime_types).toEqual(
      expect.arrayContaining(['image/jpeg', 'image/png', 'image/gif', 'image/webp']),
    );
    expect(app?.image_upload_config?.size_limit).toBe(server.config.chatUploadMaxBytes);
    expect(Object.keys(app?.channel_configs ?? {})).toContain('messaging');

    const composer = alice.channel('messaging', cid).messageComposer.attachmentManager;
    const check = (name: string, type: string) => composer.getUploadConfigCheck(new File([PNG], name, { type }));
    expect(await check('dot.png', 'image/png')).toEqual({ uploadBlocked: false });
    expect(await check('notes.pdf', 'application/pdf')).toEqual({ uploadBlocked: false });
    expect(await check('setup.exe', 'application/octet-stream')).toMatchObject({
      uploadBlocked: true,
      reason: 'blocked_file_extensions',
    });
    expect(await check('photo.bmp', 'image/bmp')).toMatchObject({
      uploadBlocked: true,
      reason: 'allowed_file_extensions',
    });
  });

  it('uploads an image to the channel; its URL serves the same bytes as an image', async () => {
    const uploaded = await alice.channel('messaging', cid).sendImage(Readable.from(PNG), 'dot.png', 'image/png');
    expect(uploaded.file).toMatch(new RegExp(`^${server.url}/chat/uploads/[0-9a-f-]{36}\\.png$`));
    expect(uploaded.thumb_url).toBe(uploaded.file);
    expect(uploaded.duration).toEqual(expect.any(String));

    const served = await fetch(uploaded.file);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-disposition')).toMatch(/^inline; filename="dot.png"/);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    const name = uploaded.file.split('/').pop()!;
    expect(await storedFile(server, name)).toMatchObject({
      cid: `messaging:${cid}`,
      user_id: 'alice',
      kind: 'image',
      name: 'dot.png',
      mime_type: 'image/png',
      size: PNG.length,
    });
  });

  it('names a stored image by its real format, whatever the client called it', async () => {
    const uploaded = await bob
      .channel('messaging', cid)
      .sendImage(Readable.from(GIF), 'actually-a-gif.png', 'image/png');
    expect(uploaded.file).toMatch(/\.gif$/);
    expect(await storedFile(server, uploaded.file.split('/').pop()!)).toMatchObject({
      name: 'actually-a-gif.gif',
      mime_type: 'image/gif',
    });
    const served = await fetch(uploaded.file);
    expect(served.headers.get('content-type')).toBe('image/gif');
    expect(Buffer.from(await served.arrayBuffer()).equals(GIF)).toBe(true);
  });

  it('streams a large file to disk and back unchanged', async () => {
    const large = Buffer.alloc(12 * 1024 * 1024);
    for (let i = 0; i < large.length; i += 4096) large.writeUInt32BE(i, i);
    const uploaded = await alice.channel('messaging', cid).sendFile(large, 'season.mp4', 'video/mp4');
    const served = await fetch(uploaded.file);
    expect(served.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await served.arrayBuffer()).equals(large)).toBe(true);
  });

  it('uploads a file to the channel; it is served as a download, with byte ranges', async () => {
    const text = Buffer.from('Training moves to 6 pm on Thursday.\n');
    const uploaded = await bob.channel('messaging', cid).sendFile(text, 'Plan – week 3.txt', 'text/plain');
    expect(uploaded.file).toMatch(new RegExp(`^${server.url}/chat/uploads/[0-9a-f-]{36}\\.txt$`));
    expect(uploaded).not.toHaveProperty('thumb_url');

    const served = await fetch(uploaded.file);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-disposition')).toBe(
      `attachment; filename="Plan _ week 3.txt"; filename*=UTF-8''${encodeURIComponent('Plan – week 3.txt')}`,
    );
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect(await served.text()).toBe(text.toString());

    const part = await fetch(uploaded.file, { headers: { range: 'bytes=0-7' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-7/${text.length}`);
    expect(await part.text()).toBe('Training');
    const outside = await fetch(uploaded.file, { headers: { range: `bytes=${text.length}-` } });
    expect(outside.status).toBe(416);
  });

  it('records the user a server-side upload names in its user field', async () => {
    const uploaded = await serverClient(server)
      .channel('messaging', cid)
      .sendFile(Buffer.from('%PDF-1.4 minutes'), 'minutes.pdf', 'application/pdf', { id: 'bob' });
    const name = uploaded.file.split('/').pop()!;
    expect(await storedFile(server, name)).toMatchObject({
      user_id: 'bob',
      mime_type: 'application/pdf',
    });
  });

  it('uploads and deletes app-level files and images', async () => {
    const file = await alice.uploadFile(Buffer.from('%PDF-1.4 roster'), 'roster.pdf', 'application/pdf');
    const image = await alice.uploadImage(Readable.from(PNG), 'avatar.png', 'image/png');
    expect((await fetch(file.file)).headers.get('content-type')).toBe('application/pdf');
    expect((await fetch(image.file)).headers.get('content-type')).toBe('image/png');
    expect(await storedFile(server, file.file.split('/').pop()!)).toMatchObject({
      cid: '',
      user_id: 'alice',
    });

    expect(await failure(bob.deleteFile(file.file))).toMatchObject({ code: 17, status: 403 });
    expect(await alice.deleteFile(file.file)).toEqual({ duration: expect.any(String) });
    expect(await alice.deleteImage(image.file)).toEqual({ duration: expect.any(String) });
    expect((await fetch(file.file)).status).toBe(404);
    expect((await fetch(image.file)).status).toBe(404);
  });

  it('deletes a channel upload for its uploader or a moderator only; an unknown URL is code 16', async () => {
    const aliceChannel = alice.channel('messaging', cid);
    const bobChannel = bob.channel('messaging', cid);
    const mine = await aliceChannel.sendFile(Buffer.from('lineup'), 'lineup.csv', 'text/csv');
    const other = await bobChannel.sendImage(Readable.from(PNG), 'bob.png', 'image/png');

    expect(await failure(bobChannel.deleteFile(mine.file))).toMatchObject({ code: 17, status: 403 });
    expect((await fetch(mine.file)).status).toBe(200);
    expect(await aliceChannel.deleteFile(mine.file)).toEqual({ duration: expect.any(String) });
    expect((await fetch(mine.file)).status).toBe(404);
    expect(await failure(aliceChannel.deleteFile(mine.file))).toMatchObject({ code: 16, status: 404 });
    expect(await failure(aliceChannel.deleteFile(`${server.url}/chat/uploads/nothing-here.png`))).toMatchObject({
      code: 16,
    });
    // A file of another channel is not this channel's.
    await carol.channel('messaging', 'carol-room', { members: ['carol'] }).create();
    expect(await failure(carol.channel('messaging', 'carol-room').deleteImage(other.file))).toMatchObject({
      code: 16,
    });

    // The server (a moderator of everything) may delete anyone's upload.
    expect(await serverClient(server).channel('messaging', cid).deleteImage(other.file)).toEqual({
      duration: expect.any(String),
    });
    expect((await fetch(other.file)).status).toBe(404);
  });

  it('refuses blocked extensions and types, and images of a format it does not take', async () => {
    const channel = alice.channel('messaging', cid);
    const exe = await failure(
      channel.sendFile(Buffer.from('MZ fake program'), 'setup.exe', 'application/octet-stream'),
    );
    expect(exe).toMatchObject({ code: 4, status: 400 });
    expect(exe.message).toContain('.exe');
    // A trailing dot does not hide the extension.
    expect(await failure(channel.sendFile(Buffer.from('MZ'), 'setup.exe.', 'application/octet-stream'))).toMatchObject({
      code: 4,
    });
    // The image endpoint goes by the bytes: a real BMP is refused, whatever it is called …
    const bmp = await failure(channel.sendImage(Readable.from(BMP), 'photo.bmp', 'image/bmp'));
    expect(bmp).toMatchObject({ code: 4, status: 400 });
    expect(bmp.message).toContain('not an image the chat takes');
    expect(await failure(channel.sendImage(Readable.from(BMP), 'photo.png', 'image/png'))).toMatchObject({ code: 4 });
    // … and a PNG called .bmp is taken as the PNG it is.
    const png = await channel.sendImage(Readable.from(PNG), 'photo.bmp', 'image/bmp');
    expect(png.file).toMatch(/\.png$/);
    expect(await storedFile(server, png.file.split('/').pop()!)).toMatchObject({
      name: 'photo.png',
      mime_type: 'image/png',
    });
  });

  it('refuses a fake or truncated image on the image endpoint', async () => {
    const channel = alice.channel('messaging', cid);
    const fake = await failure(channel.sendImage(Readable.from(Buffer.from('<svg onload=alert(1)>')), 'cat.png'));
    expect(fake).toMatchObject({ code: 4, status: 400 });
    expect(fake.message).toContain('not an image');
    const truncated = await failure(channel.sendImage(Readable.from(PNG.subarray(0, 40)), 'half.png'));
    expect(truncated).toMatchObject({ code: 4, status: 400 });
    expect(truncated.message).toContain('truncated');
  });

  it('refuses uploads from a non-member (17) and to an unknown channel (16)', async () => {
    expect(await failure(carol.channel('messaging', cid).sendFile(Buffer.from('hi'), 'hi.txt'))).toMatchObject({
      code: 17,
      status: 403,
    });
    // Refused before the body is read: a large body is still consumed and the answer arrives.
    const large = Buffer.alloc(3 * 1024 * 1024, 'x');
    expect(await failure(carol.channel('messaging', cid).sendFile(large, 'large.txt'))).toMatchObject({ code: 17 });
    expect(await failure(alice.channel('messaging', cid).sendFile(large, 'large.exe'))).toMatchObject({ code: 4 });
    expect(await failure(carol.channel('messaging', cid).sendImage(Readable.from(PNG), 'hi.png'))).toMatchObject({
      code: 17,
      status: 403,
    });
    expect(
      await failure(alice.channel('messaging', 'no-such-room').sendFile(Buffer.from('hi'), 'hi.txt')),
    ).toMatchObject({
      code: 16,
      status: 404,
    });
    expect(await failure(alice.channel('nonsense', 'x').sendFile(Buffer.from('hi'), 'hi.txt'))).toMatchObject({
      code: 4,
      status: 400,
    });
  });

  it('refuses forms without a file, empty files, extra files and non-multipart bodies with code 4', async () => {
    const path = `/channels/messaging/${cid}/file`;
    const onlyUser = new FormData();
    onlyUser.append('user', JSON.stringify({ id: 'alice' }));
    const empty = new FormData();
    empty.append('file', new Blob([]), 'empty.txt');
    const wrongName = new FormData();
    wrongName.append('upload', new Blob(['x']), 'x.txt');
    const two = new FormData();
    two.append('file', new Blob(['a']), 'a.txt');
    two.append('file', new Blob(['b']), 'b.txt');

    for (const [body, text] of [
      [onlyUser, 'missing'],
      [empty, 'empty'],
      [wrongName, 'named "file"'],
      [two, 'exactly one'],
    ] as const) {
      const response = await rawUpload(server, 'alice', path, body);
      expect(response.status).toBe(400);
      const answer = (await response.json()) as ChatFailure;
      expect(answer).toMatchObject({ code: 4, StatusCode: 400 });
      expect(answer.message).toContain(text);
    }
    const json = await rawUpload(server, 'alice', path, '{"file":"x"}', 'application/json');
    expect(json.status).toBe(400);
    expect(await json.json()).toMatchObject({ code: 4, message: expect.stringContaining('multipart/form-data') });
    const broken = await rawUpload(server, 'alice', path, '--zz\r\nnot a part', 'multipart/form-data; boundary=zz');
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ code: 4 });
  });

  it('requires authentication for app-level uploads and deletes', async () => {
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.txt');
    const anonymous = await fetch(`${server.chatUrl}/uploads/file?api_key=${server.config.chatApiKey}`, {
      method: 'POST',
      body: form,
    });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 5 });
    const wrongKey = await fetch(`${server.chatUrl}/uploads/file?api_key=nope&url=x`, { method: 'DELETE' });
    expect(wrongKey.status).toBe(401);
    expect(await wrongKey.json()).toMatchObject({ code: 2 });
  });

  it('answers 404 (code 16) for unknown or malformed upload names, 400 for a control character', async () => {
    for (const name of [
      '0b8f4a52-6f0e-4a55-9a39-3c1f4c1d0a11.png',
      'file',
      '..%2f..%2fsideline.sqlite',
      '..%5c..%5csideline.sqlite',
    ]) {
      const response = await fetch(`${server.chatUrl}/uploads/${name}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: 16 });
    }
    // A control character is no name at all: refused by the route's schema.
    const control = await fetch(`${server.chatUrl}/uploads/a%00.png`);
    expect(control.status).toBe(400);
    expect(await control.json()).toMatchObject({ code: 4, exception_fields: { name: expect.any(String) } });
  });
});

describe('chat upload size limit', () => {
  let server: ChatServer;
  let alice: StreamChat;
  const cid = 'small-uploads';

  beforeAll(async () => {
    server = await startChatServer(undefined, { CHAT_UPLOAD_MAX_BYTES: '2048' });
    alice = await connectClient(server, 'alice');
    await alice.channel('messaging', cid, { members: ['alice'] }).watch();
  });
  afterAll(() => server.close());

  it('advertises the configured limit', async () => {
    const { app } = await alice.getAppSettings();
    expect(app?.file_upload_config?.size_limit).toBe(2048);
    expect(app?.image_upload_config?.size_limit).toBe(2048);
  });

  it('takes a file of exactly the limit and refuses one byte more with 413, code 22', async () => {
    const channel = alice.channel('messaging', cid);
    const exact = await channel.sendFile(Buffer.alloc(2048, 'a'), 'exact.txt');
    expect((await fetch(exact.file)).headers.get('content-length')).toBe('2048');

    const tooBig = await failure(channel.sendFile(Buffer.alloc(2049, 'a'), 'big.txt'));
    expect(tooBig).toMatchObject({ code: 22, status: 413 });
    expect(tooBig.message).toContain('payload too big');
    const bigImage = Buffer.concat([PNG.subarray(0, 33), Buffer.alloc(4096), PNG.subarray(33)]);
    expect(await failure(channel.sendImage(Readable.from(bigImage), 'big.png'))).toMatchObject({
      code: 22,
      status: 413,
    });
    expect(await failure(alice.uploadFile(Buffer.alloc(100_000), 'huge.bin'))).toMatchObject({ code: 22, status: 413 });

    // Nothing of the refused uploads is left behind.
    const records = await storedFiles(server);
    expect(records.map((f) => f.name)).toEqual(['exact.txt']);
    expect(await readdir(join(server.config.dataDir, 'chat-uploads'))).toEqual([records[0]!.id]);
  });
});

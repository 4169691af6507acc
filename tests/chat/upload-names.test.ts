/**
 * Names and blocked types of chat uploads (issue #15, items 5 and 6): executable-ish extensions
 * are refused on both endpoints however they are hidden (right-to-left override, invisible or
 * full-width characters, trailing dots); control and bidirectional characters are removed from
 * the shown name; long names are shortened between grapheme clusters, keeping the extension,
 * and every stored name can be served.
 */
import { Readable } from 'node:stream';
import type { StreamChat } from 'stream-chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCKED_EXTENSIONS, blockedExtensionOf } from '../../server/chat-sandbox/uploads/blocked-types.js';
import {
  cleanFileName,
  codePoints,
  contentDisposition,
  shortenFileName,
} from '../../server/chat-sandbox/uploads/file-names.js';
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
import { solid } from '../support/image-samples.js';

const RLO = '\u202e';
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

describe('upload name rules', () => {
  it('blocks at least the executable-ish extensions the issue names', () => {
    for (const extension of [
      '.exe',
      '.bat',
      '.cmd',
      '.sh',
      '.msi',
      '.dll',
      '.com',
      '.scr',
      '.hta',
      '.wsf',
      '.lnk',
      '.js',
      '.vbs',
      '.ps1',
      '.jar',
    ]) {
      expect(BLOCKED_EXTENSIONS).toContain(extension);
      expect(blockedExtensionOf(`setup${extension}`)).toBe(extension);
    }
    expect(blockedExtensionOf('minutes.pdf')).toBeNull();
    expect(blockedExtensionOf('news')).toBeNull();
    expect(blockedExtensionOf('team.json')).toBeNull();
  });

  it('sees the extension behind overrides, invisible and full-width characters and trailing dots', () => {
    expect(blockedExtensionOf(`invoice${RLO}fdp.exe`)).toBe('.exe');
    expect(blockedExtensionOf(`photo.exe${RLO}`)).toBe('.exe');
    expect(blockedExtensionOf('setup.ex\u200be')).toBe('.exe');
    expect(blockedExtensionOf('setup.e\u200dxe')).toBe('.exe');
    expect(blockedExtensionOf('setup.\uff45\uff58\uff45')).toBe('.exe');
    expect(blockedExtensionOf('run.SH . .')).toBe('.sh');
    expect(blockedExtensionOf('setup.exe\u0000')).toBe('.exe');
  });

  it('removes controls and bidirectional characters from a shown name, keeping emoji sequences', () => {
    expect(cleanFileName(`invoice${RLO}fdp.txt`)).toBe('invoicefdp.txt');
    expect(cleanFileName('re\u0007port\u001b[31m\u0085.txt')).toBe('report[31m.txt');
    expect(cleanFileName('\u2066left\u2069\u200e\u200f.txt')).toBe('left.txt');
    expect(cleanFileName('../../etc/passwd')).toBe('.._.._etc_passwd');
    expect(cleanFileName('family 👨‍👩‍👧.png')).toBe('family 👨‍👩‍👧.png');
    expect(cleanFileName('  spaced.txt . ')).toBe('spaced.txt');
    expect(cleanFileName(`${RLO}\u0000`)).toBe('file');
    expect(cleanFileName('half \ud83d.txt')).toBe('half \ufffd.txt');
  });

  it('shortens on grapheme boundaries and keeps the extension', () => {
    const exact = `${'a'.repeat(254)}😀`;
    expect(shortenFileName(exact)).toBe(exact);

    const emoji = shortenFileName(`${'a'.repeat(250)}${'😀'.repeat(10)}.txt`);
    expect(emoji).toBe(`${'a'.repeat(250)}😀.txt`);
    expect(codePoints(emoji)).toBe(255);

    // A family (five code points joined) is kept whole or dropped whole.
    expect(shortenFileName(`${'b'.repeat(248)}👨‍👩‍👧.txt`)).toBe(`${'b'.repeat(248)}.txt`);
    // An accented letter keeps its accent.
    expect(shortenFileName(`${'c'.repeat(249)}e\u0301e\u0301.txt`)).toBe(`${'c'.repeat(249)}e\u0301.txt`);
    // Without an extension the name is simply cut.
    expect(codePoints(shortenFileName('d'.repeat(400)))).toBe(255);
  });

  it('writes a Content-Disposition for any name, even one with half an emoji', () => {
    expect(contentDisposition('attachment', 'a\ud83d.txt')).toBe(
      `attachment; filename="a_.txt"; filename*=UTF-8''a%EF%BF%BD.txt`,
    );
  });
});

describe.each(ENGINES)('upload names and blocked types on $name', (engine) => {
  let server: ChatServer;
  let alice: StreamChat;
  const cid = 'names';
  const channel = () => alice.channel('messaging', cid);

  beforeAll(async () => {
    server = await startChatServer(engine);
    alice = await connectClient(server, 'alice', 'Alice');
    await alice.channel('messaging', cid, { members: ['alice'] }).watch();
  });
  afterAll(() => server.close());

  it('refuses every blocked extension on the file endpoint with code 4, keeping nothing', async () => {
    const before = (await storedFiles(server)).length;
    for (const extension of BLOCKED_EXTENSIONS) {
      const answer = await failure(channel().sendFile(Buffer.from('#!/bin/sh\necho hi\n'), `tool${extension}`));
      expect(answer).toMatchObject({ code: 4, status: 400 });
      expect(answer.message).toContain(extension);
    }
    expect((await storedFiles(server)).length).toBe(before);
  });

  it('refuses an executable hidden behind a right-to-left override, on both endpoints', async () => {
    const exe = await failure(channel().sendFile(Buffer.from('MZ'), `invoice${RLO}fdp.exe`, 'application/pdf'));
    expect(exe).toMatchObject({ code: 4, status: 400 });
    expect(exe.message).toContain('.exe');
    // Even a real picture may not carry a program's name.
    const png = await solid('png', 8, 8);
    const image = await failure(channel().sendImage(Readable.from(png), `photo${RLO}gnp.exe`, 'image/png'));
    expect(image).toMatchObject({ code: 4, status: 400 });
    expect(image.message).toContain('.exe');
    for (const name of ['setup.ex\u200be', 'setup.\uff45\uff58\uff45', 'deploy.sh.', `run.exe${RLO}`]) {
      expect(await failure(channel().sendFile(Buffer.from('x'), name))).toMatchObject({ code: 4 });
    }
  });

  it('neutralises control and bidirectional characters in the stored and served name', async () => {
    const name = `report${RLO}txt\u0007\u001b\u0085.pdf`;
    const uploaded = await channel().sendFile(Buffer.from('%PDF-1.4'), name, 'application/pdf');
    const record = await storedFile(server, storedNameOf(uploaded.file));
    expect(record?.name).toBe('reporttxt.pdf');
    const served = await fetch(uploaded.file);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-disposition')).toBe(
      `attachment; filename="reporttxt.pdf"; filename*=UTF-8''reporttxt.pdf`,
    );

    // A raw form, too (the client's own form encoding aside).
    const response = await rawUpload(
      server,
      'alice',
      `/channels/messaging/${cid}/file`,
      fileForm(Buffer.from('x'), '\u2066notes\u2069\u200f.txt', 'text/plain'),
    );
    expect(response.status).toBe(200);
    const { file } = (await response.json()) as { file: string };
    expect(await storedFile(server, storedNameOf(file))).toMatchObject({ name: 'notes.txt' });
  });

  it('keeps a 255-character name ending in an emoji whole, and serves it', async () => {
    const name = `${'a'.repeat(254)}😀`;
    expect(name.length).toBe(256); // UTF-16 units: a cut at 255 would split the emoji
    const uploaded = await channel().sendFile(Buffer.from('long'), name, 'text/plain');
    const record = await storedFile(server, storedNameOf(uploaded.file));
    expect(record?.name).toBe(name);
    const served = await fetch(uploaded.file);
    expect(served.status).toBe(200);
    const header = served.headers.get('content-disposition')!;
    expect(decodeURIComponent(header.split("filename*=UTF-8''")[1]!)).toBe(name);
  });

  it('shortens longer names between graphemes, keeping the extension', async () => {
    const uploaded = await channel().sendFile(Buffer.from('x'), `${'a'.repeat(250)}${'😀'.repeat(20)}.txt`);
    const record = await storedFile(server, storedNameOf(uploaded.file));
    expect(record?.name).toBe(`${'a'.repeat(250)}😀.txt`);
    expect(LONE_SURROGATE.test(record!.name)).toBe(false);
    expect(uploaded.file).toMatch(/\.txt$/);
    expect((await fetch(uploaded.file)).status).toBe(200);
  });

  it('serves a record stored with half an emoji in its name (before names were cleaned) without a 5xx', async () => {
    const uploaded = await channel().sendFile(Buffer.from('legacy'), 'legacy.txt', 'text/plain');
    const record = server.app.chatSandbox!.store.files.get(storedNameOf(uploaded.file))!;
    record.name = `${'a'.repeat(254)}\ud83d`;
    const served = await fetch(uploaded.file);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-disposition')).toContain('%EF%BF%BD');
    expect(await served.text()).toBe('legacy');
  });

  it('answers a refused raw upload with the chat error envelope', async () => {
    const response = await rawUpload(
      server,
      'alice',
      `/channels/messaging/${cid}/file`,
      fileForm(Buffer.from('MZ'), `x${RLO}gpj.scr`, 'image/jpeg'),
    );
    expect(response.status).toBe(400);
    expect(await envelopeOf(response)).toMatchObject({ code: 4, message: 'file extension .scr is not allowed' });
  });
});

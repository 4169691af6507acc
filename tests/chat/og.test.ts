import Fastify, { type FastifyInstance } from 'fastify';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatError, registerChatErrorHandler } from '../../server/chat-sandbox/errors.js';
import { isPrivateAddress } from '../../server/chat-sandbox/net-address.js';
import { fetchOpenGraph, type OgOptions } from '../../server/chat-sandbox/og.js';
import { ogRoutes } from '../../server/chat-sandbox/routes/og.js';
import type { Sandbox } from '../../server/chat-sandbox/sandbox.js';
import { connectClient, startChatServer, type ChatServer } from '../support/chat.js';
import { ENGINES } from '../support/engines.js';

const ARTICLE = `<!doctype html>
<html><head>
  <meta charset="utf-8">
  <title>Fallback title</title>
  <!-- <meta property="og:title" content="Commented out"> -->
  <script>document.write('<meta property="og:title" content="From a script">')</script>
  <meta property="og:title" content="Derby day &amp; the &quot;final&quot; table">
  <meta content='Who won, who lost &#8211; and what comes next.' property='og:description'>
  <meta property="og:image" content="/images/derby.jpg">
  <meta property="og:site_name" content="Riverside League">
  <meta property="og:type" content="article">
  <meta property="og:url" content="https://league.example/news/derby">
  <meta name=twitter:title content=Ignored>
</head><body><p>Body</p></body></html>`;

const TWITTER_ONLY = `<html><head><TITLE>Plain &lt;title&gt;</TITLE>
<meta name="twitter:description" content="From the twitter card">
<meta name="twitter:image" content="https://cdn.example/card.png"></head></html>`;

const HEAD_OF_BIG_PAGE = '<html><head><meta property="og:title" content="Endless page"></head><body>';

/** Sends filler forever (with backpressure) until the client goes away. */
function endless(res: ServerResponse, head: string): void {
  res.writeHead(200, { 'content-type': 'text/html' });
  res.write(head);
  const filler = Buffer.alloc(64 * 1024, 'x');
  const pump = () => {
    while (!res.destroyed && res.write(filler));
  };
  res.on('drain', pump);
  pump();
}

function route(req: IncomingMessage, res: ServerResponse, base: () => string): void {
  const path = req.url ?? '/';
  const html = (body: string | Buffer, headers: Record<string, string> = {}) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers });
    res.end(body);
  };
  const hop = /^\/hops\/(\d+)$/.exec(path);
  if (hop) {
    const left = Number(hop[1]);
    res.writeHead(
      left === 0 ? 200 : 302,
      left === 0 ? { 'content-type': 'text/html' } : { location: `/hops/${left - 1}` },
    );
    return void res.end(left === 0 ? ARTICLE : '');
  }
  switch (path) {
    case '/article':
      return html(ARTICLE);
    case '/twitter':
      return html(TWITTER_ONLY);
    case '/gzip':
      return html(gzipSync(ARTICLE), { 'content-encoding': 'gzip' });
    case '/latin1':
      res.writeHead(200, { 'content-type': 'text/html; charset=iso-8859-1' });
      return void res.end(Buffer.from('<title>Caf\u00e9 league</title>', 'latin1'));
    case '/no-preview':
      return html('<html><body>Nothing to see</body></html>');
    case '/endless':
      return endless(res, HEAD_OF_BIG_PAGE);
    case '/endless-plain':
      return endless(res, '<html><body>');
    case '/slow':
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html><head>');
      return; // never finishes
    case '/silent':
      return; // never answers
    case '/json':
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end('{"title":"not a page"}');
    case '/photo.png':
      res.writeHead(200, { 'content-type': 'image/png' });
      return void res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    case '/missing':
      res.writeHead(404, { 'content-type': 'text/html' });
      return void res.end('<title>Not found</title>');
    case '/to-ftp':
      res.writeHead(301, { location: 'ftp://files.example/fixtures.pdf' });
      return void res.end();
    case '/to-nowhere':
      res.writeHead(302, { location: 'http://does-not-exist.invalid/page' });
      return void res.end();
    case '/to-relative':
      res.writeHead(307, { location: `${base()}/article` });
      return void res.end();
    default:
      res.writeHead(404);
      res.end();
  }
}

describe('link previews: fetchOpenGraph', () => {
  let pages: Server;
  let base: string;
  const open = new Set<ServerResponse>();
  const local: OgOptions = { allowPrivate: true };

  beforeAll(async () => {
    pages = createServer((req, res) => {
      open.add(res);
      res.on('close', () => open.delete(res));
      route(req, res, () => base);
    });
    await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const res of open) res.destroy();
    pages.closeAllConnections();
    await new Promise((resolve) => pages.close(resolve));
  });

  /** The ChatError the call rejects with (fails the test when it resolves or throws something else). */
  async function refusal(url: string, options: OgOptions = local): Promise<ChatError> {
    const error = await fetchOpenGraph(url, options).then(
      (result) => new Error(`expected a refusal, got ${JSON.stringify(result)}`),
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(ChatError);
    const chatError = error as ChatError;
    expect(chatError).toMatchObject({ code: 4, status: 400 });
    return chatError;
  }

  it('reads og:* tags, decodes entities, resolves relative images, and ignores comments and scripts', async () => {
    const result = await fetchOpenGraph(`${base}/article`, local);
    expect(result).toEqual({
      og_scrape_url: `${base}/article`,
      title: 'Derby day & the "final" table',
      title_link: 'https://league.example/news/derby',
      text: 'Who won, who lost \u2013 and what comes next.',
      image_url: `${base}/images/derby.jpg`,
      thumb_url: `${base}/images/derby.jpg`,
      site_name: 'Riverside League',
      author_name: 'Riverside League',
      type: 'article',
    });
  });

  it('falls back to twitter:* tags and <title>, linking to the page itself', async () => {
    const result = await fetchOpenGraph(`${base}/twitter`, local);
    expect(result).toEqual({
      og_scrape_url: `${base}/twitter`,
      title: 'Plain <title>',
      title_link: `${base}/twitter`,
      text: 'From the twitter card',
      image_url: 'https://cdn.example/card.png',
      thumb_url: 'https://cdn.example/card.png',
    });
  });

  it('reads compressed pages and pages in other character sets', async () => {
    expect((await fetchOpenGraph(`${base}/gzip`, local)).title).toBe('Derby day & the "final" table');
    expect((await fetchOpenGraph(`${base}/latin1`, local)).title).toBe('Caf\u00e9 league');
  });

  it('follows up to three redirects, checking each hop, and refuses a fourth', async () => {
    const followed = await fetchOpenGraph(`${base}/hops/3`, local);
    expect(followed).toMatchObject({ og_scrape_url: `${base}/hops/3`, title: 'Derby day & the "final" table' });
    expect((await fetchOpenGraph(`${base}/to-relative`, local)).title).toBe('Derby day & the "final" table');
    expect((await refusal(`${base}/hops/4`)).message).toBe(
      `Could not preview ${base}/hops/4: it redirects more than 3 times`,
    );
    expect((await refusal(`${base}/hops/2`, { ...local, maxRedirects: 1 })).message).toMatch(
      /redirects more than 1 times/,
    );
    expect((await refusal(`${base}/to-ftp`)).message).toMatch(/only http and https links have previews \(not ftp:\)/);
    expect((await refusal(`${base}/to-nowhere`)).message).toMatch(
      /the host does-not-exist\.invalid could not be found/,
    );
  });

  it('stops reading an oversized page at the size limit and previews its beginning', async () => {
    const result = await fetchOpenGraph(`${base}/endless`, { ...local, maxBytes: 256 * 1024 });
    expect(result.title).toBe('Endless page');
    const plain = await refusal(`${base}/endless-plain`, { ...local, maxBytes: 64 * 1024 });
    expect(plain.message).toMatch(/the page has no title, description or image/);
  });

  it('gives up on a slow or silent page after the time limit', async () => {
    expect((await refusal(`${base}/slow`, { ...local, timeoutMs: 300 })).message).toBe(
      `Could not preview ${base}/slow: the page did not answer within 0.3 s`,
    );
    expect((await refusal(`${base}/silent`, { ...local, timeoutMs: 300 })).message).toMatch(
      /did not answer within 0.3 s/,
    );
  });

  it('previews an image link as an image, and refuses other non-HTML answers and error statuses', async () => {
    expect(await fetchOpenGraph(`${base}/photo.png`, local)).toEqual({
      og_scrape_url: `${base}/photo.png`,
      type: 'image',
      title_link: `${base}/photo.png`,
      image_url: `${base}/photo.png`,
      thumb_url: `${base}/photo.png`,
    });
    expect((await refusal(`${base}/json`)).message).toMatch(/it is not a web page \(application\/json\)/);
    expect((await refusal(`${base}/missing`)).message).toMatch(/answered with HTTP status 404/);
    expect((await refusal(`${base}/no-preview`)).message).toMatch(/no title, description or image/);
  });

  it.each([
    ['ftp://files.example/fixtures.pdf', /only http and https links have previews \(not ftp:\)/],
    ['javascript:alert(1)', /only http and https links have previews \(not javascript:\)/],
    ['file:///etc/passwd', /only http and https links have previews/],
    ['not a url', /it is not a valid URL/],
    ['http://bad_host.example/', /'bad_host\.example' is not a valid host name/],
    ['http://user:secret@127.0.0.1/', /links with credentials are not fetched/],
    ['http://does-not-exist.invalid/', /the host does-not-exist\.invalid could not be found/],
  ])('refuses %s', async (url, message) => {
    expect((await refusal(url)).message).toMatch(message);
  });

  it('quotes a long link shortened in the message', async () => {
    const error = await refusal(`ftp://files.example/${'a'.repeat(500)}`);
    expect(error.message).toMatch(
      /^Could not preview ftp:\/\/files\.example\/a+…: only http and https links have previews/,
    );
    expect(error.message.length).toBeLessThan(200);
  });

  it('refuses a host that DNS does not know', async () => {
    // A real lookup: NXDOMAIN where DNS answers, the time limit where it does not.
    const error = await refusal('http://no-such-host-zz9.sideline-test.net/', { ...local, timeoutMs: 2000 });
    expect(error.message).toMatch(
      /the host no-such-host-zz9\.sideline-test\.net could not be found|did not answer within 2 s/,
    );
  });

  it('refuses private, loopback and link-local hosts unless allowed', async () => {
    const port = new URL(base).port;
    for (const url of [
      `${base}/article`,
      `http://localhost:${port}/article`,
      `http://[::1]:${port}/article`,
      `http://2130706433:${port}/article`, // 127.0.0.1 written as a number
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'http://[::ffff:192.168.1.1]/',
    ]) {
      expect((await refusal(url, { allowPrivate: false })).message).toMatch(/is a private or local address$/);
    }
  });
});

describe('link previews: private address ranges', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.10',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '2002:c0a8:101::1',
    'not-an-ip',
  ])('%s is private', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '172.32.0.1', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '2a00:1450:4001:81b::200e'])(
    '%s is public',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );
});

describe('link previews: GET /og', () => {
  let pages: Server;
  let pageUrl: string;
  let app: FastifyInstance;
  const settings = { ogAllowPrivate: false };

  beforeAll(async () => {
    pages = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(ARTICLE);
    });
    await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
    pageUrl = `http://127.0.0.1:${(pages.address() as AddressInfo).port}/article`;
    app = Fastify();
    registerChatErrorHandler(app);
    // The route reads only the settings.
    await app.register(ogRoutes, { settings } as unknown as Sandbox);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    pages.closeAllConnections();
    await new Promise((resolve) => pages.close(resolve));
  });

  it('answers with the preview at the top level and a duration', async () => {
    settings.ogAllowPrivate = true;
    const answer = await app.inject({ method: 'GET', url: '/og', query: { url: pageUrl } });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      og_scrape_url: pageUrl,
      title: 'Derby day & the "final" table',
      duration: expect.any(String),
    });
  });

  it('answers refusals with the error envelope, code 4, and never a 5xx', async () => {
    settings.ogAllowPrivate = false;
    const privateHost = await app.inject({ method: 'GET', url: '/og', query: { url: pageUrl } });
    expect(privateHost.statusCode).toBe(400);
    expect(privateHost.json()).toMatchObject({
      code: 4,
      StatusCode: 400,
      message: `Could not preview ${pageUrl}: 127.0.0.1 is a private or local address`,
    });
    const missing = await app.inject({ method: 'GET', url: '/og' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 4, message: 'url is a required field' });
    const ftp = await app.inject({ method: 'GET', url: '/og', query: { url: 'ftp://files.example/x' } });
    expect(ftp.json()).toMatchObject({ code: 4, StatusCode: 400 });
  });
});

describe.each(ENGINES)('link previews through the chat client on $name', (engine) => {
  let server: ChatServer;
  let pages: Server;
  let pageUrl: string;

  beforeAll(async () => {
    server = await startChatServer(engine);
    pages = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(ARTICLE);
    });
    await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
    pageUrl = `http://127.0.0.1:${(pages.address() as AddressInfo).port}/article`;
  });
  afterAll(async () => {
    await server.close();
    pages.closeAllConnections();
    await new Promise((resolve) => pages.close(resolve));
  });

  it('enrichURL returns the preview (local pages allowed outside production), and a refusal as a code 4 error', async () => {
    expect(server.config.chatOgAllowPrivate).toBe(true);
    const client = await connectClient(server, 'previewer');
    const preview = await client.enrichURL(pageUrl);
    expect(preview).toMatchObject({ og_scrape_url: pageUrl, title: 'Derby day & the "final" table', type: 'article' });
    await expect(client.enrichURL('javascript:alert(1)')).rejects.toMatchObject({ code: 4, status: 400 });
  });

  it('refuses local pages when CHAT_OG_ALLOW_PRIVATE is false', async () => {
    const strict = await startChatServer(engine, { CHAT_OG_ALLOW_PRIVATE: 'false' });
    try {
      const client = await connectClient(strict, 'previewer');
      await expect(client.enrichURL(pageUrl)).rejects.toMatchObject({
        code: 4,
        message: expect.stringContaining('127.0.0.1 is a private or local address') as unknown,
      });
    } finally {
      await strict.close();
    }
  });
});

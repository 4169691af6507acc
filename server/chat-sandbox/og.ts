/**
 * Link previews (chat-protocol.md §4.3, GET /og and URL enrichment): fetches a page and reads its
 * Open Graph / Twitter card data. The fetch is guarded because the URL comes from users: only
 * http(s) URLs with valid host names; every address the host resolves to is checked, and the
 * connection goes to a checked address (no second lookup to rebind); private, loopback and
 * link-local addresses are refused unless allowed; a time limit for the whole fetch, a size limit
 * (reading stops there and the beginning is used), and a redirect limit with every hop checked
 * again. Every failure is a ChatError with code 4 and a message saying what went wrong.
 */
import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { pipeline, type Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { ChatError } from './errors.js';
import { isPrivateAddress } from './net-address.js';
import { clean, readPageMeta } from './og-html.js';

export interface OgResult {
  og_scrape_url: string;
  title?: string;
  title_link?: string;
  text?: string;
  image_url?: string;
  thumb_url?: string;
  site_name?: string;
  type?: string;
  author_name?: string;
}

export interface OgOptions {
  /** Whether private, loopback and link-local addresses may be fetched (development and tests). */
  allowPrivate: boolean;
  /** For the whole fetch, redirects included; default 5000. */
  timeoutMs?: number;
  /** Bytes of the page read at most; default 1 MB. */
  maxBytes?: number;
  /** Default 3. */
  maxRedirects?: number;
}

const DEFAULTS = { timeoutMs: 5000, maxBytes: 1024 * 1024, maxRedirects: 3 };
const HOST_NAME =
  /^(?=.{1,253}\.?$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?$/;
const HTML_TYPES = ['text/html', 'application/xhtml+xml'];
const USER_AGENT = 'Mozilla/5.0 (compatible; SidelineLinkPreview/1.0)';

/** A refusal; the message quotes the link, shortened (it comes from a user and may be long). */
function fail(url: string, reason: string): ChatError {
  const shown = url.length > 120 ? `${url.slice(0, 119)}…` : url;
  return new ChatError(4, `Could not preview ${shown}: ${reason}`, 400);
}

export async function fetchOpenGraph(url: string, options: OgOptions): Promise<OgResult> {
  const limits = { ...DEFAULTS, ...withoutUndefined(options) };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), limits.timeoutMs);
  try {
    return await scrape(url, limits, controller.signal);
  } catch (error) {
    if (error instanceof ChatError) throw error;
    if (controller.signal.aborted) {
      throw fail(url, `the page did not answer within ${seconds(limits.timeoutMs)}`);
    }
    throw fail(url, describe(error));
  } finally {
    clearTimeout(timer);
  }
}

async function scrape(
  url: string,
  limits: typeof DEFAULTS & { allowPrivate: boolean },
  signal: AbortSignal,
): Promise<OgResult> {
  let target = checkUrl(url);
  for (let hop = 0; ; hop++) {
    const address = await resolveHost(target, url, limits.allowPrivate, signal);
    const response = await get(target, address, signal);
    const location = response.headers.location;
    if (response.statusCode && response.statusCode >= 300 && response.statusCode < 400 && location) {
      response.destroy();
      if (hop >= limits.maxRedirects) {
        throw fail(url, `it redirects more than ${limits.maxRedirects} times`);
      }
      target = checkUrl(new URL(location, target).href, url);
      continue;
    }
    if (!response.statusCode || response.statusCode < 200 || response.statusCode >= 300) {
      response.destroy();
      throw fail(url, `the page answered with HTTP status ${response.statusCode ?? 'unknown'}`);
    }
    return readResult(url, target, response, limits.maxBytes);
  }
}

/** The URL if it is http(s) with a valid host name or IP address. */
function checkUrl(raw: string, original = raw): URL {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw fail(original, `it is not a valid URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw fail(original, `only http and https links have previews (not ${parsed.protocol})`);
  }
  if (parsed.username || parsed.password) throw fail(original, `links with credentials are not fetched`);
  const host = hostOf(parsed);
  if (!isIP(host) && !HOST_NAME.test(host)) throw fail(original, `'${host}' is not a valid host name`);
  return parsed;
}

/** The host without IPv6 brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** One checked address of the URL's host: every resolved address must be allowed. */
async function resolveHost(url: URL, original: string, allowPrivate: boolean, signal: AbortSignal): Promise<string> {
  const host = hostOf(url);
  let addresses: string[];
  if (isIP(host)) {
    addresses = [host];
  } else if (/(^|\.)invalid\.?$/.test(host)) {
    // RFC 6761: .invalid names never resolve; answer at once instead of asking DNS.
    addresses = [];
  } else {
    try {
      addresses = (await abortable(lookup(host, { all: true, verbatim: true }), signal)).map((a) => a.address);
    } catch (error) {
      if (signal.aborted) throw error;
      throw fail(original, `the host ${host} could not be found`);
    }
  }
  if (addresses.length === 0) throw fail(original, `the host ${host} could not be found`);
  if (!allowPrivate && addresses.some(isPrivateAddress)) {
    throw fail(original, `${host} is a private or local address`);
  }
  return addresses[0]!;
}

function get(url: URL, address: string, signal: AbortSignal): Promise<IncomingMessage> {
  const secure = url.protocol === 'https:';
  const host = hostOf(url);
  return new Promise((resolve, reject) => {
    const request = (secure ? httpsRequest : httpRequest)({
      host: address,
      port: url.port || (secure ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      agent: false,
      signal,
      ...(secure && !isIP(host) ? { servername: host } : {}),
      headers: {
        host: url.host,
        'user-agent': USER_AGENT,
        accept: 'text/html,application/xhtml+xml;q=0.9,image/*;q=0.5,*/*;q=0.1',
        'accept-encoding': 'gzip, deflate, br',
      },
    });
    request.on('response', (response) => {
      // Errors surface where the body is read; this keeps a late one from going unhandled.
      response.on('error', () => undefined);
      resolve(response);
    });
    request.on('error', reject);
    request.end();
  });
}

async function readResult(url: string, final: URL, response: IncomingMessage, maxBytes: number): Promise<OgResult> {
  const contentType = response.headers['content-type'] ?? '';
  const mime = contentType.split(';')[0]!.trim().toLowerCase();
  if (mime.startsWith('image/')) {
    response.destroy();
    return { og_scrape_url: url, type: 'image', title_link: final.href, image_url: final.href, thumb_url: final.href };
  }
  if (!HTML_TYPES.includes(mime)) {
    response.destroy();
    throw fail(url, `it is not a web page (${mime || 'no content type'})`);
  }
  const body = await readAtMost(decoded(response), maxBytes);
  response.destroy();
  const declared = /charset\s*=\s*["']?([\w-]+)/i.exec(contentType)?.[1];
  // A <meta charset> must come within the first bytes of the page.
  const sniffed = declared ? undefined : readPageMeta(body.subarray(0, 4096).toString('latin1')).charset;
  const page = readPageMeta(decode(body, declared ?? sniffed));
  const meta = (...keys: string[]) => keys.map((k) => page.meta.get(k)).find((v) => v !== undefined && v.trim() !== '');
  const link = (value: string | undefined) => absoluteHttp(value, final);

  const image = link(meta('og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image', 'twitter:image:src'));
  const siteName = clean(meta('og:site_name'), 200);
  const result: OgResult = {
    og_scrape_url: url,
    title: clean(meta('og:title', 'twitter:title') ?? page.title, 300),
    title_link: link(meta('og:url')) ?? final.href,
    text: clean(meta('og:description', 'twitter:description', 'description'), 1000),
    image_url: image,
    thumb_url: image,
    site_name: siteName,
    type: clean(meta('og:type'), 50),
    author_name: siteName ?? clean(meta('author', 'article:author'), 200),
  };
  if (!result.title && !result.text && !result.image_url) {
    throw fail(url, `the page has no title, description or image`);
  }
  return withoutUndefined(result);
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** The body, decompressed; the size limit applies to what is decompressed. */
function decoded(response: IncomingMessage): Readable {
  const decoder = {
    gzip: createGunzip,
    'x-gzip': createGunzip,
    deflate: createInflate,
    br: createBrotliDecompress,
  }[response.headers['content-encoding']?.trim().toLowerCase() ?? ''];
  // pipeline() passes an abort or error on to the decompressor, so reading never hangs.
  return decoder ? pipeline(response, decoder(), () => undefined) : response;
}

/** Reads up to `maxBytes` (decoded) and stops there; the rest is never read. */
async function readAtMost(stream: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = chunk as Buffer;
    chunks.push(buffer);
    size += buffer.length;
    if (size >= maxBytes) break;
  }
  stream.destroy();
  return Buffer.concat(chunks).subarray(0, maxBytes);
}

function decode(body: Buffer, charset: string | undefined): string {
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

function absoluteHttp(value: string | undefined, base: URL): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new Error('aborted'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function describe(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  const known: Record<string, string> = {
    ECONNREFUSED: 'the connection was refused',
    ECONNRESET: 'the connection was reset',
    EHOSTUNREACH: 'the host is unreachable',
    ENETUNREACH: 'the network is unreachable',
    ETIMEDOUT: 'the connection timed out',
    HPE_INVALID_CONSTANT: 'the answer is not valid HTTP',
    Z_DATA_ERROR: 'the page is not validly compressed',
    Z_BUF_ERROR: 'the page is not validly compressed',
  };
  if (typeof code === 'string' && known[code]) return known[code];
  if (typeof code === 'string' && /^(ERR_TLS|CERT_|UNABLE_TO|DEPTH_ZERO|SELF_SIGNED)/.test(code)) {
    return 'its secure connection could not be verified';
  }
  return 'the page could not be fetched';
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

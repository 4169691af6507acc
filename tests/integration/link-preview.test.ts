/**
 * The link-preview machine with its real actor (src/lib/actors/link-preview-actors.ts) against
 * the chat sandbox's GET /og: a local page with Open Graph tags loads, an unreachable page and
 * a refused link fail, a link without a valid host name is never fetched, and dismissal. The
 * debounce runs on a simulated clock (the chat client's own timers are real). Like the composer,
 * the tests read the child's status from its snapshot (it sends its parent nothing).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StreamChat } from 'stream-chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedClock, waitFor } from 'xstate';
import { linkPreviewMachine, PREVIEW_DEBOUNCE_MS } from '../../machines/link-preview/link-preview.machine';
import {
  selectFailureReason,
  selectPreview,
  selectPreviewError,
  selectPreviewStatus,
} from '../../machines/link-preview/link-preview.selectors';
import type { LinkPreviewStatus } from '../../machines/shared/composer-children';
import { createLinkPreviewActors } from '../../src/lib/actors/link-preview-actors';
import { startAsChild } from '../../machines/shared/child-harness';
import { connectClient, serverClient, settle, startChatServer, type ChatServer } from '../support/chat';

const WAIT = { timeout: 15_000 };

const ARTICLE = `<!doctype html><html><head>
  <title>Fallback</title>
  <meta property="og:title" content="Derby day &amp; the table">
  <meta property="og:description" content="Who won, who lost">
  <meta property="og:image" content="/images/derby.jpg">
  <meta property="og:site_name" content="Riverside League">
  <meta property="og:type" content="article">
</head><body>Body</body></html>`;

/** Every GET /og a client makes (observed through its own axios instance). */
function recordEnrichments(client: StreamChat): string[] {
  const urls: string[] = [];
  client.axiosInstance.interceptors.request.use((config) => {
    if ((config.url ?? '').endsWith('/og')) urls.push(String((config.params as { url?: string } | undefined)?.url));
    return config;
  });
  return urls;
}

/**
 * A composer stand-in: one preview child with the real actor on a simulated clock. `statuses` are
 * the ones the child has been in, in order, read from its snapshots as the composer reads them;
 * `told` is what it sent its parent apart from xstate's own done event.
 */
function spawnPreview(client: StreamChat, url: string) {
  const clock = new SimulatedClock();
  const child = linkPreviewMachine.provide({ actors: createLinkPreviewActors(client) });
  const { parent: composer, child: preview, told } = startAsChild(child, `preview:${url}`, { url }, { clock });
  const seen: LinkPreviewStatus[] = [selectPreviewStatus(preview.getSnapshot())];
  preview.subscribe((snapshot) => {
    const status = selectPreviewStatus(snapshot);
    if (seen.at(-1) !== status) seen.push(status);
  });
  const statuses = () => [...seen];
  const ownTold = () => told().filter((e) => !e.type.startsWith('xstate.'));
  const settled = () => waitFor(preview, (s) => !['pending', 'loading'].includes(selectPreviewStatus(s)), WAIT);
  return { preview, clock, statuses, told: ownTold, settled, composer };
}

describe('link preview machine against the chat sandbox', () => {
  let server: ChatServer;
  let pages: Server;
  let base: string;
  let alice: StreamChat;
  let enrichments: string[];

  beforeAll(async () => {
    pages = createServer((req, res) => {
      if (req.url === '/article') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(ARTICLE);
      } else {
        res.writeHead(404, { 'content-type': 'text/html' });
        res.end('<title>Not found</title>');
      }
    });
    await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
    server = await startChatServer();
    // Local pages may be previewed outside production (CHAT_OG_ALLOW_PRIVATE).
    expect(server.config.chatOgAllowPrivate).toBe(true);
    const admin = serverClient(server);
    await admin.upsertUser({ id: 'alice' });
    await admin.channel('messaging', 'links', { members: ['alice'], created_by_id: 'alice' }).create();
    await admin.channel('messaging', 'links').updatePartial({ set: { config_overrides: { url_enrichment: true } } });
    alice = await connectClient(server, 'alice', 'Alice');
    await alice.channel('messaging', 'links').watch();
    enrichments = recordEnrichments(alice);
  });
  afterAll(async () => {
    await server.close();
    pages.closeAllConnections();
    await new Promise((resolve) => pages.close(resolve));
  });

  it('the channel enables URL enrichment (what the composer checks before spawning previews)', () => {
    expect(alice.channel('messaging', 'links').getConfig()?.url_enrichment).toBe(true);
  });

  it(`fetches nothing for ${PREVIEW_DEBOUNCE_MS} ms, then loads the page's Open Graph data`, async () => {
    const url = `${base}/article`;
    const before = enrichments.length;
    const { preview, clock, statuses, settled } = spawnPreview(alice, url);
    clock.increment(PREVIEW_DEBOUNCE_MS - 1);
    expect(selectPreviewStatus(preview.getSnapshot())).toBe('pending');
    expect(enrichments.length).toBe(before);
    clock.increment(1);
    expect(selectPreviewStatus(preview.getSnapshot())).toBe('loading');
    await settled();
    expect(enrichments.slice(before)).toEqual([url]);

    expect(selectPreviewStatus(preview.getSnapshot())).toBe('loaded');
    expect(selectPreview(preview.getSnapshot())).toEqual({
      og_scrape_url: url,
      title: 'Derby day & the table',
      text: 'Who won, who lost',
      image_url: `${base}/images/derby.jpg`,
      thumb_url: `${base}/images/derby.jpg`,
      title_link: url,
      author_name: 'Riverside League',
      type: 'article',
    });
    expect(statuses()).toEqual(['pending', 'loading', 'loaded']);
  });

  it("an unreachable page fails with the service's reason", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/gone`;
    await new Promise((resolve) => closed.close(resolve));

    const { preview, clock, statuses, settled } = spawnPreview(alice, url);
    clock.increment(PREVIEW_DEBOUNCE_MS);
    await settled();
    expect(selectPreviewStatus(preview.getSnapshot())).toBe('failed');
    expect(selectPreviewError(preview.getSnapshot())).toEqual({ key: 'chat.linkPreview.failed' });
    expect(selectFailureReason(preview.getSnapshot())).toBe(`Could not preview ${url}: the connection was refused`);
    expect(selectPreview(preview.getSnapshot())).toBeNull();
    expect(statuses()).toEqual(['pending', 'loading', 'failed']);
  });

  it('a page the service refuses (an error status, a host DNS cannot find) fails; retry asks again', async () => {
    const missing = spawnPreview(alice, `${base}/missing`);
    missing.clock.increment(PREVIEW_DEBOUNCE_MS);
    await missing.settled();
    expect(selectFailureReason(missing.preview.getSnapshot())).toMatch(/answered with HTTP status 404/);

    const nowhere = spawnPreview(alice, 'http://does-not-exist.invalid/page');
    nowhere.clock.increment(PREVIEW_DEBOUNCE_MS);
    await nowhere.settled();
    expect(selectPreviewStatus(nowhere.preview.getSnapshot())).toBe('failed');
    expect(selectFailureReason(nowhere.preview.getSnapshot())).toMatch(/could not be found/);

    const before = enrichments.length;
    nowhere.preview.send({ type: 'preview.retry' });
    expect(selectPreviewStatus(nowhere.preview.getSnapshot())).toBe('loading');
    await nowhere.settled();
    expect(enrichments.length).toBe(before + 1);
    expect(selectPreviewStatus(nowhere.preview.getSnapshot())).toBe('failed');
  });

  it('never fetches a link whose host is not a valid host name', async () => {
    const url = 'http://bad_host.example/page';
    const before = enrichments.length;
    const { preview, clock, statuses, told } = spawnPreview(alice, url);
    expect(selectPreviewStatus(preview.getSnapshot())).toBe('failed');
    expect(selectPreviewError(preview.getSnapshot())).toEqual({ key: 'chat.linkPreview.notPreviewable' });
    clock.increment(PREVIEW_DEBOUNCE_MS * 2);
    preview.send({ type: 'preview.retry' });
    await settle(50);
    expect(enrichments.length).toBe(before);
    expect(statuses()).toEqual(['failed']);
    expect(told()).toEqual([]);
  });

  it('a loaded preview can be dismissed; dismissing a pending one fetches nothing', async () => {
    const url = `${base}/article`;
    const loaded = spawnPreview(alice, url);
    loaded.clock.increment(PREVIEW_DEBOUNCE_MS);
    await loaded.settled();
    loaded.preview.send({ type: 'preview.dismiss' });
    expect(selectPreviewStatus(loaded.preview.getSnapshot())).toBe('dismissed');
    expect(selectPreview(loaded.preview.getSnapshot())).toBeNull();
    expect(loaded.statuses()).toEqual(['pending', 'loading', 'loaded', 'dismissed']);
    expect(loaded.told()).toEqual([]);

    const before = enrichments.length;
    const early = spawnPreview(alice, `${url}?again`);
    early.clock.increment(PREVIEW_DEBOUNCE_MS - 1);
    early.preview.send({ type: 'preview.dismiss' });
    early.clock.increment(PREVIEW_DEBOUNCE_MS);
    await settle(50);
    expect(enrichments.length).toBe(before);
    expect(early.statuses()).toEqual(['pending', 'dismissed']);
  });
});

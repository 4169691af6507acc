import { createServer, type Server } from 'node:http';
import type { StreamChat } from 'stream-chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient, rawChat, serverClient, startChatServer, type ChatServer } from '../support/chat.js';

describe('URL enrichment of sent messages', () => {
  let server: ChatServer;
  let page: Server;
  let pageUrl: string;
  let alice: StreamChat;

  beforeAll(async () => {
    page = createServer((_request, response) => {
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(
        '<html><head><title>Fixture</title><meta property="og:title" content="Saturday fixtures">' +
          '<meta property="og:description" content="All kick-off times"><meta property="og:image" content="https://img.example/x.png"></head></html>',
      );
    });
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    pageUrl = `http://127.0.0.1:${(page.address() as { port: number }).port}/fixtures`;
    server = await startChatServer();
    alice = await connectClient(server, 'alice');
    const admin = serverClient(server);
    await admin.channel('messaging', 'links', { members: ['alice'], created_by_id: 'alice' }).create();
    await admin.channel('messaging', 'plain', { members: ['alice'], created_by_id: 'alice' }).create();
    await admin.channel('messaging', 'links').updatePartial({ set: { config_overrides: { url_enrichment: true } } });
  });
  afterAll(async () => {
    await server.close();
    await new Promise((resolve) => page.close(resolve));
  });

  it('adds the Open Graph preview of the first link when the channel enables it', async () => {
    const { message } = await alice.channel('messaging', 'links').sendMessage({ text: `Fixtures: ${pageUrl}` });
    expect(message.attachments).toEqual([
      expect.objectContaining({
        og_scrape_url: pageUrl,
        title: 'Saturday fixtures',
        text: 'All kick-off times',
        image_url: 'https://img.example/x.png',
      }),
    ]);
  });

  it('leaves links alone when the channel does not enable it, or the sender skips it', async () => {
    const plain = await alice.channel('messaging', 'plain').sendMessage({ text: `Fixtures: ${pageUrl}` });
    expect(plain.message.attachments).toEqual([]);
    const skipped = await alice
      .channel('messaging', 'links')
      .sendMessage({ text: `Again ${pageUrl}` }, { skip_enrich_url: true });
    expect(skipped.message.attachments).toEqual([]);
  });

  it('sends the message without a preview when the page cannot be fetched', async () => {
    const { message } = await alice
      .channel('messaging', 'links')
      .sendMessage({ text: 'See http://does-not-exist.invalid/page' });
    expect(message.text).toContain('does-not-exist.invalid');
    expect(message.attachments).toEqual([]);
  });

  it('refuses a preview url that is not one text of at most 2,048 characters with code 4 naming the field', async () => {
    const twice = await rawChat(server, 'GET', `/og?url=${encodeURIComponent(pageUrl)}&url=x`, 'alice');
    expect(twice.status).toBe(400);
    expect(twice.body).toMatchObject({
      code: 4,
      message: 'field "url" must be string',
      exception_fields: { url: 'must be string' },
    });
    const huge = await rawChat(
      server,
      'GET',
      `/og?url=${encodeURIComponent(`${pageUrl}?${'a'.repeat(2_100)}`)}`,
      'alice',
    );
    expect(huge.status).toBe(400);
    expect(huge.body).toMatchObject({ code: 4, exception_fields: { url: expect.any(String) } });
  });
});

import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../support/engines.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

describe('serving the web app', () => {
  let server: TestServer;

  beforeAll(async () => {
    const probe = await startTestServer(ENGINES[0]!);
    const webRoot = probe.config.webRoot;
    await probe.close();
    // A stand-in build: the real one is made by `npm start` and exercised end to end.
    await mkdir(join(webRoot, 'assets'), { recursive: true });
    await writeFile(join(webRoot, 'index.html'), '<!doctype html><title>Sideline</title><div id="root"></div>');
    await writeFile(join(webRoot, 'assets', 'app-1234.js'), 'console.log(1)');
    server = await startTestServer(ENGINES[0]!, { WEB_ROOT: webRoot });
  });
  afterAll(() => server.close());

  it.each([
    '/',
    '/dashboard',
    '/roster/7?tab=games',
    '/chat',
    '/chat/team/general',
    '/chat/messaging/!members-ab_1?message=m-1',
    '/chat/threads',
    '/chat/reminders',
    '/chat/team/general/thread/m-1',
  ])('answers %s with index.html for client-side routing', async (path) => {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain('<div id="root">');
  });

  it('serves hashed assets with a long cache life', async () => {
    const response = await fetch(`${server.url}/assets/app-1234.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/immutable/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers a missing file and an unknown API path with JSON 404s, not the page', async () => {
    const file = await fetch(`${server.url}/assets/missing.js`);
    expect(file.status).toBe(404);
    expect(await file.json()).toMatchObject({ error: 'Not Found', statusCode: 404 });
    const api = await fetch(`${server.url}/api/teams`);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ statusCode: 404, message: expect.stringContaining('/api/teams') });
  });

  it('refuses an over-long path part or a broken %-escape with a 4xx in the shape of the API asked', async () => {
    const long = 'x'.repeat(300);
    const product = await fetch(`${server.url}/api/leagues/${long}`);
    expect(product.status).toBe(414);
    expect(await product.json()).toMatchObject({ statusCode: 414, message: expect.stringContaining('256 characters') });
    const broken = await fetch(`${server.url}/api/leagues/%E0%A4%A`);
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ statusCode: 400, message: expect.stringContaining('%-escape') });
    const chat = await fetch(`${server.url}/chat/messages/${long}?api_key=${server.config.chatApiKey}`);
    expect(chat.status).toBe(400);
    expect(await chat.json()).toMatchObject({ code: 4, StatusCode: 400, message: expect.stringContaining('256') });
  });
});

/**
 * Every route of the chat sandbox declares what it accepts (issue #15): a query-string schema,
 * a params schema naming each path parameter, and a body schema where a body is sent. Fastify
 * checks them before the handler runs; the fuzz test (route-fuzz.test.ts) checks what they let
 * through.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../server/app.js';
import { startChatServer, type ChatServer } from '../support/chat.js';
import { SCREENS_UNDER_SERVICE_PREFIXES } from '../../server/http/web-app.js';

/** The product's own pages under /chat (the chat screen), served by the web app. */
const PAGES = new Set(SCREENS_UNDER_SERVICE_PREFIXES);

function missing(route: RouteEntry): string[] {
  const schema = (route.schema ?? {}) as Record<string, { properties?: Record<string, unknown> } | undefined>;
  const gaps: string[] = [];
  if (!schema.querystring) gaps.push('querystring');
  const names = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  for (const name of names) if (!schema.params?.properties?.[name]) gaps.push(`params.${name}`);
  const takesBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
  const upload = /\/(file|image)$/.test(route.url);
  if (takesBody && !upload && !schema.body) gaps.push('body');
  return gaps;
}

describe('chat sandbox route schemas', () => {
  let server: ChatServer;
  beforeAll(async () => {
    server = await startChatServer();
  });
  afterAll(() => server.close());

  it('every route declares its query string, path parameters and body', () => {
    const routes = server.app.routeTable.filter(
      (route) =>
        route.url.startsWith('/chat/') &&
        !PAGES.has(route.url) &&
        route.method !== 'HEAD' &&
        route.method !== 'OPTIONS',
    );
    expect(routes.length).toBeGreaterThan(80);
    const gaps = routes
      .map((route) => [`${route.method} ${route.url}`, missing(route)] as const)
      .filter(([, g]) => g.length > 0);
    expect(Object.fromEntries(gaps)).toEqual({});
  });

  it('routes/ holds route modules only: each exports its xRoutes plugin and nothing else', async () => {
    const folder = join(import.meta.dirname, '../../server/chat-sandbox/routes');
    const files = readdirSync(folder).filter((file) => file.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(15);
    const exports: Record<string, string[]> = {};
    for (const file of files) {
      const module = (await import(join(folder, file))) as Record<string, unknown>;
      exports[file] = Object.keys(module).filter(
        (name) => !/^[a-z][A-Za-z]*Routes$/.test(name) || typeof module[name] !== 'function',
      );
      if (!Object.keys(module).some((name) => name.endsWith('Routes'))) exports[file].push('(no route plugin)');
    }
    expect(Object.fromEntries(Object.entries(exports).filter(([, extra]) => extra.length > 0))).toEqual({});
  });
});

/**
 * The security headers (server/http/security-headers.ts): on pages and API answers alike, a CSP
 * that names the chat service's origins from configuration and nothing else it does not need,
 * the Permissions-Policy and Cross-Origin-Opener-Policy; bad upload origins stop the start.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { contentSecurityPolicy } from '../../server/http/security-headers.js';
import { ENGINES } from '../support/engines.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** The CSP as directive → sources. */
const parse = (csp: string) =>
  new Map(
    csp.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name!, sources] as const;
    }),
  );

describe('the Content-Security-Policy from configuration', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sideline-csp-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('keeps everything on this origin with the sandbox', () => {
    const csp = parse(contentSecurityPolicy(loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'https://league.example' }, dir)));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('media-src')).toEqual(["'self'", 'https://league.example', 'blob:']);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
  });

  it('names the hosted service’s API, WebSocket and upload origins with CHAT_PROVIDER=stream', () => {
    const hosted = parse(contentSecurityPolicy(loadConfig({ DATA_DIR: dir, CHAT_PROVIDER: 'stream' }, dir)));
    expect(hosted.get('connect-src')).toEqual([
      "'self'",
      'https://chat.stream-io-api.com',
      'wss://chat.stream-io-api.com',
    ]);
    expect(hosted.get('img-src')).toContain('https://*.stream-io-cdn.com');
    expect(hosted.get('media-src')).toContain('https://*.stream-io-cdn.com');
    const own = parse(
      contentSecurityPolicy(
        loadConfig(
          {
            DATA_DIR: dir,
            CHAT_PROVIDER: 'stream',
            CHAT_BASE_URL: 'https://chat.league.example/api',
            CHAT_UPLOAD_ORIGINS: 'https://files.league.example https://*.cdn.example:8443',
          },
          dir,
        ),
      ),
    );
    expect(own.get('connect-src')).toEqual(["'self'", 'https://chat.league.example', 'wss://chat.league.example']);
    expect(own.get('media-src')).toEqual([
      "'self'",
      'http://localhost:3000',
      'blob:',
      'https://files.league.example',
      'https://*.cdn.example:8443',
    ]);
  });

  it.each(['http://files.example', 'https://files.example/path', "https://x.example 'unsafe-eval'", '*'])(
    'refuses CHAT_UPLOAD_ORIGINS=%s',
    (value) => {
      expect(() => loadConfig({ DATA_DIR: dir, CHAT_UPLOAD_ORIGINS: value }, dir)).toThrow(/CHAT_UPLOAD_ORIGINS/);
    },
  );
});

describe.each(ENGINES)('security headers on $name', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server?.close());

  it.each(['/dashboard', '/api/auth/me', '/chat/app?api_key=nope', '/api/nothing-here'])('are on %s', async (path) => {
    const response = await fetch(`${server.url}${path}`);
    expect(response.headers.get('content-security-policy')).toBe(contentSecurityPolicy(server.config));
    expect(response.headers.get('permissions-policy')).toMatch(
      /^geolocation=\(self\), microphone=\(self\), camera=\(\)/,
    );
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });
});

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.js';

/** What production needs for the chat: the hosted service, its key and secret, and a session secret. */
const PRODUCTION_CHAT = {
  SESSION_SECRET: 's'.repeat(40),
  CHAT_API_SECRET: 'c'.repeat(40),
  CHAT_PROVIDER: 'stream',
  CHAT_API_KEY: 'hosted-key',
};

describe('configuration', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sideline-config-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('has working defaults on the embedded database', () => {
    const config = loadConfig({ DATA_DIR: dir }, dir);
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      databaseUrl: null,
      chatApiKey: 'sideline-local',
      avatarMaxBytes: 5 * 1024 * 1024,
    });
  });

  it('generates development secrets once under the data folder and reuses them', async () => {
    const first = loadConfig({ DATA_DIR: dir }, dir);
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.chatApiSecret).not.toBe(first.sessionSecret);
    const stored = JSON.parse(await readFile(join(dir, 'secrets.json'), 'utf8')) as Record<string, string>;
    expect(stored).toEqual({ sessionSecret: first.sessionSecret, chatApiSecret: first.chatApiSecret });
    const second = loadConfig({ DATA_DIR: dir }, dir);
    expect(second.sessionSecret).toBe(first.sessionSecret);
  });

  it('seeds the demo league as of now unless DEMO_SEED_AT names a moment with its offset', () => {
    expect(loadConfig({ DATA_DIR: dir }, dir).demoSeedAt).toBeNull();
    expect(
      loadConfig({ DATA_DIR: dir, DEMO_SEED_AT: '2026-05-17T08:00:00+02:00' }, dir).demoSeedAt?.toISOString(),
    ).toBe('2026-05-17T06:00:00.000Z');
    for (const bad of ['2026-05-17', 'Sunday', '2026-05-17T08:00:00', '2026-13-40T08:00:00Z'])
      expect(() => loadConfig({ DATA_DIR: dir, DEMO_SEED_AT: bad }, dir), bad).toThrow(
        /DEMO_SEED_AT must be an ISO 8601 date and time with an offset/,
      );
  });

  it('refuses to start in production without real secrets', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dir }, dir)).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dir }, dir)).toThrow(
      /SESSION_SECRET is required in production/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, SESSION_SECRET: 's'.repeat(40) }, dir)).toThrow(
      /CHAT_API_SECRET is required/,
    );
    const ok = loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, ...PRODUCTION_CHAT }, dir);
    expect(ok.seedDemo).toBe(false);
    expect(ok.chatProvider).toBe('stream');
  });

  it('refuses to run the chat sandbox in production, saying what to set instead', () => {
    const secrets = { SESSION_SECRET: 's'.repeat(40), CHAT_API_SECRET: 'c'.repeat(40) };
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, ...secrets }, dir)).toThrow(
      /CHAT_PROVIDER=sandbox \(the default\) is a development and test stand-in .* set CHAT_PROVIDER=stream with CHAT_API_KEY and CHAT_API_SECRET/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, ...secrets, CHAT_PROVIDER: 'sandbox' }, dir),
    ).toThrow(/cannot run in production/);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, ...secrets, CHAT_PROVIDER: 'stream' }, dir),
    ).toThrow(/CHAT_API_KEY is required in production/);
    // Outside production the sandbox stays the default.
    expect(loadConfig({ DATA_DIR: dir }, dir).chatProvider).toBe('sandbox');
  });

  it('derives the public address from the port unless PUBLIC_URL is set', () => {
    expect(loadConfig({ DATA_DIR: dir }, dir).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ DATA_DIR: dir, PORT: '4100' }, dir).publicUrl).toBe('http://localhost:4100');
    expect(loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'https://league.example/app/' }, dir).publicUrl).toBe(
      'https://league.example/app',
    );
  });

  it('lets link previews reach private addresses outside production only, unless configured', () => {
    const production = { NODE_ENV: 'production', ...PRODUCTION_CHAT };
    expect(loadConfig({ DATA_DIR: dir }, dir).chatOgAllowPrivate).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, ...production }, dir).chatOgAllowPrivate).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, CHAT_OG_ALLOW_PRIVATE: 'false' }, dir).chatOgAllowPrivate).toBe(false);
  });

  it.each([
    [{ PUBLIC_URL: 'league.example' }, /PUBLIC_URL has an invalid value 'league.example'/],
    [{ PUBLIC_URL: 'https://league.example/?x=1' }, /PUBLIC_URL has an invalid value/],
    [{ CHAT_OG_ALLOW_PRIVATE: 'sometimes' }, /CHAT_OG_ALLOW_PRIVATE must be true or false/],
    [{ PORT: 'abc' }, /PORT must be a whole number from 1 to 65535 \(got 'abc'\)/],
    [{ PORT: '70000' }, /PORT must be a whole number/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must start with postgres:\/\//],
    [{ SESSION_SECRET: 'short' }, /SESSION_SECRET must be at least 32 characters/],
    [{ TRUST_PROXY: 'maybe' }, /TRUST_PROXY must be true or false/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
    [{ NODE_ENV: 'staging' }, /NODE_ENV must be development, production or test/],
    [{ AVATAR_MAX_BYTES: '10' }, /AVATAR_MAX_BYTES must be a whole number from 1024/],
  ])('explains a bad value: %o', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dir, ...env }, dir)).toThrow(message);
  });

  it('reads the database limits from the environment and refuses ones out of range', () => {
    expect(loadConfig({ DATA_DIR: dir }, dir)).toMatchObject({ databasePoolMax: 10, sqliteBusyTimeoutMs: 5000 });
    expect(loadConfig({ DATA_DIR: dir, DATABASE_POOL_MAX: '25', SQLITE_BUSY_TIMEOUT_MS: '0' }, dir)).toMatchObject({
      databasePoolMax: 25,
      sqliteBusyTimeoutMs: 0,
    });
    expect(() => loadConfig({ DATA_DIR: dir, DATABASE_POOL_MAX: '0' }, dir)).toThrow(/DATABASE_POOL_MAX/);
    expect(() => loadConfig({ DATA_DIR: dir, SQLITE_BUSY_TIMEOUT_MS: 'soon' }, dir)).toThrow(/SQLITE_BUSY_TIMEOUT_MS/);
  });

  it('reads how much the league reads keep from the environment and refuses a limit out of range', () => {
    expect(loadConfig({ DATA_DIR: dir }, dir)).toMatchObject({ leagueCacheLeagues: 100, leagueCacheBodies: 32 });
    expect(loadConfig({ DATA_DIR: dir, LEAGUE_CACHE_BODIES: '1' }, dir).leagueCacheBodies).toBe(1);
    expect(() => loadConfig({ DATA_DIR: dir, LEAGUE_CACHE_BODIES: '0' }, dir)).toThrow(/LEAGUE_CACHE_BODIES/);
  });

  it('lists every problem at once', () => {
    try {
      loadConfig({ DATA_DIR: dir, PORT: 'x', LOG_LEVEL: 'y' }, dir);
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT[\s\S]*LOG_LEVEL/);
    }
  });
});

describe('interface languages', () => {
  it('are the same twelve on the server (validation) and in the browser (locales)', async () => {
    const server = await import('../../server/api/users/user-view.js');
    const browser = await import('../../src/i18n/languages.js');
    expect([...server.LANGUAGES]).toEqual([...browser.LANGUAGES]);
    expect(server.LANGUAGES).toHaveLength(12);
  });
});

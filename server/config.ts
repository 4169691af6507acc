/**
 * The only reader of process.env. Every setting is parsed and validated here, once, at start;
 * a bad value stops the server with a message that names the setting and what is wrong.
 * The README's configuration table lists the same settings.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { DEFAULT_AVATAR_SIZE } from './storage/images.js';
import { BLOCKLIST_WORD_LENGTH_CAP, BLOCKLIST_WORDS_CAP } from './chat-sandbox/blocklist-limits.js';

export type Environment = 'development' | 'production' | 'test';

export interface Config {
  env: Environment;
  host: string;
  port: number;
  /** Public address of the app (no trailing slash) for absolute links, e.g. avatar images in chat. */
  publicUrl: string;
  /** Folder for the SQLite file, generated secrets and uploaded files. */
  dataDir: string;
  /** `postgres://…` for PostgreSQL; otherwise SQLite at `<dataDir>/sideline.sqlite`. */
  databaseUrl: string | null;
  sessionSecret: string;
  sessionTtlDays: number;
  /** `sandbox` (default): the local chat sandbox under /chat. `stream`: the hosted chat service. */
  chatProvider: 'sandbox' | 'stream';
  /** Base URL of the chat service for the server-side client and the browser; default: this server's /chat. */
  chatBaseUrl: string | null;
  chatApiKey: string;
  /** Largest chat upload the sandbox accepts (its app upload config's size_limit). */
  chatUploadMaxBytes: number;
  /** Largest chat image in pixels (width × height), read from its header before decoding; larger ones are refused. */
  chatUploadMaxPixels: number;
  /** Bytes of resized chat images (`?w=&h=`) the sandbox keeps in memory; 0 keeps none. */
  chatThumbnailCacheBytes: number;
  /** Origins the chat service serves uploads from, allowed in the pages' Content-Security-Policy. */
  chatUploadOrigins: string[];
  /** The sandbox's block lists: lists per app, words per list, characters per word (the hosted service's 15, 10,000, 40). */
  chatBlocklistMaxLists: number;
  chatBlocklistMaxWords: number;
  chatBlocklistWordMaxLength: number;
  chatApiSecret: string;
  chatTokenTtlSeconds: number;
  /** Whether the sandbox's link previews (GET /chat/og) may fetch private, loopback and link-local addresses. */
  chatOgAllowPrivate: boolean;
  /** How deeply a chat request's JSON (body or `payload`) may nest; deeper ones are refused with code 4. */
  chatRequestMaxDepth: number;
  /**
   * Whether a chat client may update its own chat user (name, picture, custom fields) with its user
   * token. The hosted service's default grants allow it; the sandbox's default is off, since the
   * product is the source of names and pictures (it upserts them server-side).
   */
  chatClientUserUpdates: boolean;
  /**
   * The sandbox's app setting `multi_tenant_enabled` at start (a value stored by `PATCH /chat/app`
   * wins): users see only users and channels of their teams (docs/decisions/0035).
   */
  chatMultiTenant: boolean;
  /** Most teams a chat user belongs to, and the longest team name in bytes (the hosted service's 250 and 100). */
  chatUserMaxTeams: number;
  chatTeamNameMaxBytes: number;
  /** The chat outbox's retry delays: the first, doubling after each failure up to the longest. */
  chatOutboxRetryBaseMs: number;
  chatOutboxRetryMaxMs: number;
  /** How often the chat outbox looks for due changes, and how long one worker holds a league's changes. */
  chatOutboxPollMs: number;
  chatOutboxLeaseMs: number;
  avatarMaxBytes: number;
  /** Largest avatar in pixels (width × height) that is decoded at all; larger ones are refused. */
  avatarMaxPixels: number;
  /** Width and height of the square WebP every avatar is re-encoded to. */
  avatarSize: number;
  /** Failed sign-ins per (address, email) within the window before each try waits, doubling. */
  loginMaxFailures: number;
  loginWindowSeconds: number;
  /** The longest of those waits. */
  loginMaxDelaySeconds: number;
  /** Failed sign-ins per address (all emails) within the window before 429. */
  loginAddressMaxFailures: number;
  /** Failed sign-ins per email (all addresses) within the window before 429: a much higher ceiling. */
  loginEmailMaxFailures: number;
  /** Registrations per address within registerWindowSeconds before 429. */
  registerMaxPerAddress: number;
  registerWindowSeconds: number;
  /** How many leagues' teams, fixtures and players the league reads keep in memory. */
  leagueCacheLeagues: number;
  /** How many serialized read answers (standings, player pages, weeks) each kept league keeps. */
  leagueCacheBodies: number;
  /** Most teams a league's schedule is generated for (docs/api.md, "Schedule"). */
  scheduleMaxTeams: number;
  /** Most kick-off times, and most venues, in one schedule pattern. */
  scheduleMaxTimes: number;
  scheduleMaxVenues: number;
  /** Invitations by link (docs/decisions/0034): the most uses one link may allow. */
  invitationMaxUses: number;
  /** Days an invitation lasts when its commissioner names none, and the most they may name. */
  invitationDefaultDays: number;
  invitationMaxDays: number;
  /** Invitations a league may have open (not expired, revoked or used up) at once. */
  invitationMaxOpen: number;
  /** Unknown invitation tokens asked for per address within the window before 429. */
  invitationMaxMisses: number;
  invitationWindowSeconds: number;
  /** The most teams a league may have. */
  leagueMaxTeams: number;
  /** The largest squad a league's rules may allow (its `squad_max` at most). */
  leagueSquadLimit: number;
  /** The highest shirt number a player added to a squad may wear (PLAYER_SHIRT_MAX). */
  playerShirtMax: number;
  /** The most points one adjustment may add or deduct (decision 0031). */
  adjustmentMaxPoints: number;
  /** Largest accepted team crest upload; crests are then re-encoded like avatars. */
  crestMaxBytes: number;
  /** How many compiled SQLite statements are kept for reuse. */
  sqliteStatementCache: number;
  /** How long a SQLite write waits for another writer's lock before it fails. */
  sqliteBusyTimeoutMs: number;
  /** How many PostgreSQL connections the server keeps at most. */
  databasePoolMax: number;
  trustProxy: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Where the built web app lives; served with a client-side routing fallback. */
  webRoot: string;
  /** Whether the demo users are seeded on first run. */
  seedDemo: boolean;
  /** Password of the demo users (public demo data, not a secret). */
  demoPassword: string;
  /**
   * The moment the demo league is seeded as of (its dates, and which of its matches are over),
   * instead of the clock's: a test suite that needs week 10 all ahead sets a day that is not a
   * Saturday. Null: now.
   */
  demoSeedAt: Date | null;
}

export class ConfigError extends Error {
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const MIN_SECRET_LENGTH = 32;
/** Where the hosted chat service serves uploaded files from. */
const HOSTED_UPLOAD_ORIGINS = 'https://*.stream-io-cdn.com';
/** A space-separated list of https origins, each host optionally starting with a `*.` wildcard. */
const UPLOAD_ORIGINS = /^https:\/\/(\*\.)?[a-z0-9.-]+(:\d+)?( https:\/\/(\*\.)?[a-z0-9.-]+(:\d+)?)*$/;
const DEFAULT_LOG_LEVEL: Record<Environment, Config['logLevel']> = {
  test: 'silent',
  development: 'warn',
  production: 'info',
};

/** Reads and validates the configuration. `env` defaults to process.env; tests pass their own. */
export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const problems: string[] = [];
  const read = new Reader(env, problems);

  const nodeEnv = env.NODE_ENV ?? 'development';
  const environment: Environment = ['development', 'production', 'test'].includes(nodeEnv)
    ? (nodeEnv as Environment)
    : 'development';
  if (!['development', 'production', 'test'].includes(nodeEnv)) {
    problems.push(`NODE_ENV must be development, production or test (got '${nodeEnv}')`);
  }

  const dataDirRaw = env.DATA_DIR ?? 'data';
  const dataDir = isAbsolute(dataDirRaw) ? dataDirRaw : resolve(cwd, dataDirRaw);
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push(
      `DATABASE_URL must start with postgres:// or postgresql:// (got '${databaseUrl.split(':')[0]}:…'); leave it unset for the embedded SQLite database`,
    );
  }

  const port = read.integer('PORT', 3000, 1, 65535);
  const config: Omit<Config, 'sessionSecret' | 'chatApiSecret'> = {
    env: environment,
    host: env.HOST?.trim() || '0.0.0.0',
    port,
    publicUrl: read
      .string('PUBLIC_URL', `http://localhost:${port}`, /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/)
      .replace(/\/+$/, ''),
    dataDir,
    databaseUrl,
    sessionTtlDays: read.integer('SESSION_TTL_DAYS', 30, 1, 365),
    chatProvider: read.oneOf('CHAT_PROVIDER', 'sandbox', ['sandbox', 'stream'] as const),
    chatBaseUrl: read.string('CHAT_BASE_URL', '', /^https?:\/\/[^\s]+$/) || null,
    chatApiKey: read.string('CHAT_API_KEY', 'sideline-local', /^[A-Za-z0-9_-]{3,64}$/),
    chatUploadMaxBytes: read.integer('CHAT_UPLOAD_MAX_BYTES', 100 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    chatUploadMaxPixels: read.integer('CHAT_UPLOAD_MAX_PIXELS', 50_000_000, 1024, 268_402_689),
    chatThumbnailCacheBytes: read.integer('CHAT_THUMBNAIL_CACHE_BYTES', 32 * 1024 * 1024, 0, 1024 * 1024 * 1024),
    chatUploadOrigins: read
      .string('CHAT_UPLOAD_ORIGINS', env.CHAT_PROVIDER === 'stream' ? HOSTED_UPLOAD_ORIGINS : '', UPLOAD_ORIGINS)
      .split(/\s+/)
      .filter(Boolean),
    chatBlocklistMaxLists: read.integer('CHAT_BLOCKLIST_MAX_LISTS', 15, 1, 1000),
    chatBlocklistMaxWords: read.integer('CHAT_BLOCKLIST_MAX_WORDS', 10_000, 1, BLOCKLIST_WORDS_CAP),
    chatBlocklistWordMaxLength: read.integer('CHAT_BLOCKLIST_WORD_LENGTH', 40, 1, BLOCKLIST_WORD_LENGTH_CAP),
    chatTokenTtlSeconds: read.integer('CHAT_TOKEN_TTL_SECONDS', 3600, 60, 24 * 3600),
    chatOgAllowPrivate: read.boolean('CHAT_OG_ALLOW_PRIVATE', environment !== 'production'),
    chatRequestMaxDepth: read.integer('CHAT_REQUEST_MAX_DEPTH', 16, 4, 256),
    chatClientUserUpdates: read.boolean('CHAT_CLIENT_USER_UPDATES', false),
    chatMultiTenant: read.boolean('CHAT_MULTI_TENANT', true),
    chatUserMaxTeams: read.integer('CHAT_USER_MAX_TEAMS', 250, 1, 10_000),
    chatTeamNameMaxBytes: read.integer('CHAT_TEAM_NAME_MAX_BYTES', 100, 1, 1000),
    chatOutboxRetryBaseMs: read.integer('CHAT_OUTBOX_RETRY_BASE_MS', 1000, 10, 3_600_000),
    chatOutboxRetryMaxMs: read.integer('CHAT_OUTBOX_RETRY_MAX_MS', 5 * 60_000, 10, 24 * 3_600_000),
    chatOutboxPollMs: read.integer('CHAT_OUTBOX_POLL_MS', 1000, 10, 600_000),
    chatOutboxLeaseMs: read.integer('CHAT_OUTBOX_LEASE_MS', 2 * 60_000, 1000, 3_600_000),
    avatarMaxBytes: read.integer('AVATAR_MAX_BYTES', 5 * 1024 * 1024, 1024, 50 * 1024 * 1024),
    avatarMaxPixels: read.integer('AVATAR_MAX_PIXELS', 50_000_000, 1024, 268_402_689),
    avatarSize: read.integer('AVATAR_SIZE', DEFAULT_AVATAR_SIZE, 32, 1024),
    loginMaxFailures: read.integer('LOGIN_MAX_FAILURES', 5, 1, 1000),
    loginWindowSeconds: read.integer('LOGIN_WINDOW_SECONDS', 15 * 60, 1, 24 * 3600),
    loginMaxDelaySeconds: read.integer('LOGIN_MAX_DELAY_SECONDS', 15 * 60, 1, 24 * 3600),
    loginAddressMaxFailures: read.integer('LOGIN_ADDRESS_MAX_FAILURES', 50, 1, 1_000_000),
    loginEmailMaxFailures: read.integer('LOGIN_EMAIL_MAX_FAILURES', 200, 1, 1_000_000),
    registerMaxPerAddress: read.integer('REGISTER_MAX_PER_ADDRESS', 10, 1, 1_000_000),
    registerWindowSeconds: read.integer('REGISTER_WINDOW_SECONDS', 3600, 1, 7 * 24 * 3600),
    leagueCacheLeagues: read.integer('LEAGUE_CACHE_LEAGUES', 100, 1, 100000),
    leagueCacheBodies: read.integer('LEAGUE_CACHE_BODIES', 32, 1, 10000),
    scheduleMaxTeams: read.integer('SCHEDULE_MAX_TEAMS', 40, 2, 500),
    scheduleMaxTimes: read.integer('SCHEDULE_MAX_TIMES', 8, 1, 100),
    scheduleMaxVenues: read.integer('SCHEDULE_MAX_VENUES', 20, 1, 500),
    invitationMaxUses: read.integer('INVITATION_MAX_USES', 100, 1, 100_000),
    invitationDefaultDays: read.integer('INVITATION_DEFAULT_DAYS', 7, 1, 365),
    invitationMaxDays: read.integer('INVITATION_MAX_DAYS', 30, 1, 365),
    invitationMaxOpen: read.integer('INVITATION_MAX_OPEN', 50, 1, 10_000),
    invitationMaxMisses: read.integer('INVITATION_MAX_MISSES', 20, 1, 1_000_000),
    invitationWindowSeconds: read.integer('INVITATION_WINDOW_SECONDS', 15 * 60, 1, 24 * 3600),
    leagueMaxTeams: read.integer('LEAGUE_MAX_TEAMS', 40, 2, 1000),
    leagueSquadLimit: read.integer('LEAGUE_SQUAD_LIMIT', 50, 1, 200),
    playerShirtMax: read.integer('PLAYER_SHIRT_MAX', 99, 1, 999),
    adjustmentMaxPoints: read.integer('ADJUSTMENT_MAX_POINTS', 100, 1, 10_000),
    crestMaxBytes: read.integer('CREST_MAX_BYTES', 2 * 1024 * 1024, 1024, 50 * 1024 * 1024),
    sqliteStatementCache: read.integer('SQLITE_STATEMENT_CACHE', 200, 1, 100000),
    sqliteBusyTimeoutMs: read.integer('SQLITE_BUSY_TIMEOUT_MS', 5000, 0, 600_000),
    databasePoolMax: read.integer('DATABASE_POOL_MAX', 10, 1, 1000),
    trustProxy: read.boolean('TRUST_PROXY', false),
    logLevel: read.oneOf('LOG_LEVEL', DEFAULT_LOG_LEVEL[environment], LOG_LEVELS),
    webRoot: resolve(cwd, env.WEB_ROOT ?? 'dist'),
    seedDemo: read.boolean('SEED_DEMO', environment !== 'production'),
    demoPassword: read.string('DEMO_PASSWORD', 'sideline-demo', /^.{8,128}$/),
    demoSeedAt: read.instant('DEMO_SEED_AT'),
  };

  if (config.invitationDefaultDays > config.invitationMaxDays)
    problems.push(
      `INVITATION_DEFAULT_DAYS (${config.invitationDefaultDays}) must not be more than INVITATION_MAX_DAYS (${config.invitationMaxDays})`,
    );
  if (environment === 'production') problems.push(...productionChatProblems(env, config.chatProvider));
  const secrets = resolveSecrets(env, environment, dataDir, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  return { ...config, ...secrets };
}

/**
 * The chat sandbox is a development and test double: no durability, scaling or abuse protection
 * of the hosted service. Production runs only against the hosted service, with its own key.
 */
function productionChatProblems(env: Env, provider: Config['chatProvider']): string[] {
  if (provider === 'sandbox')
    return [
      'CHAT_PROVIDER=sandbox (the default) is a development and test stand-in for the chat service and cannot run ' +
        'in production: set CHAT_PROVIDER=stream with CHAT_API_KEY and CHAT_API_SECRET from the hosted chat app',
    ];
  return env.CHAT_API_KEY ? [] : ["CHAT_API_KEY is required in production (the hosted chat app's key)"];
}

/**
 * Secrets come from the environment. Outside production, a missing one is generated once and
 * kept in `<dataDir>/secrets.json` (git-ignored) so sessions and chat tokens survive restarts.
 * Production refuses to start without real ones.
 */
function resolveSecrets(
  env: Env,
  environment: Environment,
  dataDir: string,
  problems: string[],
): { sessionSecret: string; chatApiSecret: string } {
  const given = { sessionSecret: env.SESSION_SECRET, chatApiSecret: env.CHAT_API_SECRET };
  const names = { sessionSecret: 'SESSION_SECRET', chatApiSecret: 'CHAT_API_SECRET' } as const;
  for (const key of Object.keys(names) as (keyof typeof names)[]) {
    const value = given[key];
    if (value !== undefined && value.length < MIN_SECRET_LENGTH) {
      problems.push(`${names[key]} must be at least ${MIN_SECRET_LENGTH} characters long`);
    }
    if (value === undefined && environment === 'production') {
      problems.push(`${names[key]} is required in production (at least ${MIN_SECRET_LENGTH} random characters)`);
    }
  }
  if (given.sessionSecret && given.chatApiSecret) {
    return { sessionSecret: given.sessionSecret, chatApiSecret: given.chatApiSecret };
  }
  if (environment === 'production') return { sessionSecret: '', chatApiSecret: '' };
  const stored = readOrCreateDevSecrets(dataDir);
  return {
    sessionSecret: given.sessionSecret ?? stored.sessionSecret,
    chatApiSecret: given.chatApiSecret ?? stored.chatApiSecret,
  };
}

function readOrCreateDevSecrets(dataDir: string): { sessionSecret: string; chatApiSecret: string } {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<Record<string, string>>;
    if (parsed.sessionSecret && parsed.chatApiSecret) {
      return { sessionSecret: parsed.sessionSecret, chatApiSecret: parsed.chatApiSecret };
    }
  }
  mkdirSync(dataDir, { recursive: true });
  const secrets = {
    sessionSecret: randomBytes(32).toString('base64url'),
    chatApiSecret: randomBytes(32).toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

class Reader {
  constructor(
    private readonly env: Env,
    private readonly problems: string[],
  ) {}

  integer(name: string, fallback: number, min: number, max: number): number {
    const raw = this.env[name]?.trim();
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!/^-?\d+$/.test(raw) || value < min || value > max) {
      this.problems.push(`${name} must be a whole number from ${min} to ${max} (got '${raw}')`);
      return fallback;
    }
    return value;
  }

  /** An ISO 8601 date and time with its offset (`2026-05-13T09:00:00Z`), or null when unset. */
  instant(name: string): Date | null {
    const raw = this.env[name]?.trim();
    if (raw === undefined || raw === '') return null;
    const pattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
    const value = new Date(raw);
    if (!pattern.test(raw) || Number.isNaN(value.getTime())) {
      this.problems.push(
        `${name} must be an ISO 8601 date and time with an offset, e.g. 2026-05-13T09:00:00Z (got '${raw}')`,
      );
      return null;
    }
    return value;
  }

  boolean(name: string, fallback: boolean): boolean {
    const raw = this.env[name]?.trim().toLowerCase();
    if (raw === undefined || raw === '') return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
    if (['0', 'false', 'no', 'off'].includes(raw)) return false;
    this.problems.push(`${name} must be true or false (got '${raw}')`);
    return fallback;
  }

  string(name: string, fallback: string, pattern: RegExp): string {
    const raw = this.env[name]?.trim();
    if (raw === undefined || raw === '') return fallback;
    if (!pattern.test(raw)) {
      this.problems.push(`${name} has an invalid value '${raw}' (expected ${pattern.source})`);
      return fallback;
    }
    return raw;
  }

  oneOf<T extends string>(name: string, fallback: T, allowed: readonly T[]): T {
    const raw = this.env[name]?.trim();
    if (raw === undefined || raw === '') return fallback;
    if (!allowed.includes(raw as T)) {
      this.problems.push(`${name} must be one of ${allowed.join(', ')} (got '${raw}')`);
      return fallback;
    }
    return raw as T;
  }
}

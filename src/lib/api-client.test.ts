// @vitest-environment node
/**
 * The product API client against a real local HTTP server (no mocked fetch): retries, timeout,
 * CSRF handling, 401 handling, error messages and response parsing (spec sections 7 and 8).
 */
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, CSRF_HEADER, type ApiClient } from './api-client';

interface Seen {
  method: string;
  /** Path and query as the server received them. */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  /** performance.now() when the request was complete on the server. */
  at: number;
}

type Handler = (seen: Seen, res: ServerResponse, req: IncomingMessage) => void;

const TIMEOUT_MS = 150;

let server: Server;
let baseURL: string;
let handler: Handler;
let seen: Seen[] = [];
let hanging: ServerResponse[] = [];
let csrfCount = 0;

let client: ApiClient;
let onUnauthorized: ReturnType<typeof vi.fn<() => void>>;
let retryDelayMs: ReturnType<typeof vi.fn<() => number>>;

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** Answers GET /api/csrf with token-1, token-2, … and passes every other request on. */
function withCsrf(next: Handler): Handler {
  return (request, res, req) => {
    if (request.method === 'GET' && request.path === '/api/csrf') {
      csrfCount += 1;
      json(res, 200, { csrfToken: `token-${csrfCount}` });
      return;
    }
    next(request, res, req);
  };
}

/** Never answers (the client's timeout has to fire). */
const hang: Handler = (_seen, res) => {
  hanging.push(res);
};

/** Kills the connection without an answer (a network error for the client). */
const drop: Handler = (_seen, _res, req) => {
  req.socket.destroy();
};

const ok: Handler = (_seen, res) => json(res, 200, { ok: true });

/** Requests the server saw, optionally only those to /api<path>. */
function requests(path?: string): Seen[] {
  return path === undefined ? seen : seen.filter((entry) => entry.path === `/api${path}`);
}

function calls(): string[] {
  return seen.map((entry) => `${entry.method} ${entry.path}`);
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const entry: Seen = {
        method: req.method ?? '',
        url: req.url ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: performance.now(),
      };
      seen.push(entry);
      handler(entry, res, req);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseURL = `http://127.0.0.1:${port}/api`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
});

beforeEach(() => {
  seen = [];
  hanging = [];
  csrfCount = 0;
  handler = withCsrf(ok);
  onUnauthorized = vi.fn<() => void>();
  retryDelayMs = vi.fn<() => number>(() => 1);
  client = createApiClient({ baseURL, timeoutMs: TIMEOUT_MS, retryDelayMs, onUnauthorized });
});

afterEach(() => {
  for (const res of hanging) res.destroy();
});

describe('responses', () => {
  it('returns a parsed JSON body from the path under the base URL', async () => {
    handler = (_seen, res) => json(res, 200, { teams: [{ id: 7, name: 'Otters' }] });

    await expect(client.get('/teams')).resolves.toEqual({ teams: [{ id: 7, name: 'Otters' }] });
    expect(calls()).toEqual(['GET /api/teams']);
  });

  it('sends Accept: application/json on GET and on change calls', async () => {
    await client.get('/teams');
    await client.post('/teams', { name: 'Otters' });

    expect(requests('/teams')).toHaveLength(2);
    for (const entry of requests('/teams')) expect(entry.headers.accept).toBe('application/json');
  });

  it('sends POST and PUT bodies as JSON and returns the parsed answer', async () => {
    handler = withCsrf((entry, res) => json(res, 200, { echoed: JSON.parse(entry.body) as unknown }));

    await expect(client.post('/teams', { name: 'Otters' })).resolves.toEqual({ echoed: { name: 'Otters' } });
    await expect(client.put('/teams/7', { name: 'Seals' })).resolves.toEqual({ echoed: { name: 'Seals' } });

    const [post, put] = [requests('/teams')[0]!, requests('/teams/7')[0]!];
    expect(post.method).toBe('POST');
    expect(post.headers['content-type']).toBe('application/json');
    expect(put.method).toBe('PUT');
    expect(put.headers['content-type']).toBe('application/json');
  });

  it('returns undefined for 204 No Content', async () => {
    handler = withCsrf((_seen, res) => {
      res.writeHead(204);
      res.end();
    });

    await expect(client.get('/nothing')).resolves.toBeUndefined();
    await expect(client.post('/nothing', { a: 1 })).resolves.toBeUndefined();
  });

  it.each([
    ['without a content type', {}],
    ['with a JSON content type', { 'content-type': 'application/json' }],
  ])('returns undefined for an empty 200 body %s', async (_label, headers: Record<string, string>) => {
    handler = withCsrf((_seen, res) => {
      res.writeHead(200, headers);
      res.end();
    });

    await expect(client.get('/empty')).resolves.toBeUndefined();
    await expect(client.put('/empty', { a: 1 })).resolves.toBeUndefined();
  });

  it('passes query options through', async () => {
    await client.get('/games', { query: { team: 7, upcoming: true, q: 'a b&c' } });

    const [entry] = requests('/games');
    expect(entry!.query.get('team')).toBe('7');
    expect(entry!.query.get('upcoming')).toBe('true');
    expect(entry!.query.get('q')).toBe('a b&c');
    expect(entry!.query.has('_ts')).toBe(false);
  });

  it('adds a numeric _ts timestamp with cacheBust, next to the other query options', async () => {
    const before = Date.now();
    await client.get('/games', { cacheBust: true, query: { team: 7 } });
    const after = Date.now();

    const [entry] = requests('/games');
    const ts = entry!.query.get('_ts');
    expect(ts).toMatch(/^\d+$/);
    expect(Number(ts)).toBeGreaterThanOrEqual(before);
    expect(Number(ts)).toBeLessThanOrEqual(after);
    expect(entry!.query.get('team')).toBe('7');
  });
});

describe('error messages', () => {
  it('uses the body error before its message and carries status, body and headers', async () => {
    const body = { error: 'Conflict', message: 'The name is taken', statusCode: 409 };
    handler = withCsrf((_seen, res) => json(res, 409, body, { 'x-request-id': 'req-42' }));

    const error = await failure(client.post('/teams', { name: 'Otters' }));

    expect(error.message).toBe('Conflict');
    expect(error.status).toBe(409);
    expect(error.body).toEqual(body);
    expect(error.headers?.get('x-request-id')).toBe('req-42');
  });

  it('uses the body message when there is no error', async () => {
    handler = (_seen, res) => json(res, 422, { message: 'The date is in the past' });

    const error = await failure(client.get('/games'));

    expect(error.message).toBe('The date is in the past');
    expect(error.status).toBe(422);
    expect(error.body).toEqual({ message: 'The date is in the past' });
  });

  it('falls back to "<status> <statusText>" for a non-JSON body', async () => {
    handler = (_seen, res) => {
      res.writeHead(500, { 'content-type': 'text/html' });
      res.end('<html>oops</html>');
    };

    const error = await failure(client.get('/games'));

    expect(error.message).toBe('500 Internal Server Error');
    expect(error.status).toBe(500);
  });

  it('falls back to "<status> <statusText>" for an empty body', async () => {
    handler = (_seen, res) => {
      res.writeHead(503);
      res.end();
    };

    const error = await failure(client.get('/games'));

    expect(error.message).toBe('503 Service Unavailable');
    expect(error.status).toBe(503);
  });

  it('falls back to "<status> <statusText>" for a JSON body without error or message', async () => {
    handler = (_seen, res) => json(res, 500, { code: 'E_DB' });

    const error = await failure(client.get('/games'));

    expect(error.message).toBe('500 Internal Server Error');
    expect(error.body).toEqual({ code: 'E_DB' });
  });

  it('does not retry a GET that got an HTTP error answer', async () => {
    handler = (_seen, res) => json(res, 500, { error: 'Internal Server Error' });

    const error = await failure(client.get('/games'));

    expect(error.status).toBe(500);
    expect(requests('/games')).toHaveLength(1);
    expect(retryDelayMs).not.toHaveBeenCalled();
  });
});

describe('GET retry on network failure and timeout', () => {
  it('retries a GET once after a network error and returns the second answer', async () => {
    let count = 0;
    handler = (entry, res, req) => (++count === 1 ? drop(entry, res, req) : json(res, 200, { second: true }));

    await expect(client.get('/games')).resolves.toEqual({ second: true });
    expect(requests('/games')).toHaveLength(2);
    expect(retryDelayMs).toHaveBeenCalledTimes(1);
  });

  it('raises the error when the single retry fails too (2 tries in total)', async () => {
    handler = drop;

    const error = await failure(client.get('/games'));

    expect(error.status).toBe(0);
    expect(requests('/games')).toHaveLength(2);
    expect(retryDelayMs).toHaveBeenCalledTimes(1);
  });

  it('fails a GET to a server that never answers with status 0 after 2 tries', async () => {
    handler = hang;

    const error = await failure(client.get('/games'));

    expect(error.status).toBe(0);
    expect(requests('/games')).toHaveLength(2);
  });

  it('retries a GET once after a timeout and returns the second answer', async () => {
    let count = 0;
    handler = (entry, res, req) => (++count === 1 ? hang(entry, res, req) : json(res, 200, { late: false }));

    await expect(client.get('/games')).resolves.toEqual({ late: false });
    expect(requests('/games')).toHaveLength(2);
  });

  it('does not retry a GET the caller aborted', async () => {
    handler = hang;
    const controller = new AbortController();
    const call = failure(client.get('/games', { signal: controller.signal }));
    await vi.waitFor(() => expect(requests('/games')).toHaveLength(1));

    controller.abort();
    const error = await call;

    expect(error.status).toBe(0);
    expect(retryDelayMs).not.toHaveBeenCalled();
    expect(requests('/games')).toHaveLength(1);
  });

  it.each(['post', 'put'] as const)('does not retry a %s after a network error', async (method) => {
    handler = withCsrf(drop);

    const error = await failure(client[method]('/teams/7', { name: 'Otters' }));

    expect(error.status).toBe(0);
    expect(requests('/teams/7')).toHaveLength(1);
    expect(retryDelayMs).not.toHaveBeenCalled();
  });

  it.each(['post', 'put'] as const)('fails a %s to a server that never answers after one try', async (method) => {
    handler = withCsrf(hang);

    const error = await failure(client[method]('/teams/7', { name: 'Otters' }));

    expect(error.status).toBe(0);
    expect(requests('/teams/7')).toHaveLength(1);
    expect(retryDelayMs).not.toHaveBeenCalled();
  });

  it('waits the default random 200–500 ms before the retry', async () => {
    const defaultClient = createApiClient({ baseURL, timeoutMs: TIMEOUT_MS, onUnauthorized });
    let count = 0;
    handler = (entry, res, req) => (++count === 1 ? drop(entry, res, req) : json(res, 200, { ok: true }));

    await expect(defaultClient.get('/games')).resolves.toEqual({ ok: true });

    const [first, second] = requests('/games');
    const waited = second!.at - first!.at;
    expect(waited).toBeGreaterThanOrEqual(200);
    expect(waited).toBeLessThan(1500);
  });
});

describe('CSRF token', () => {
  it('is never fetched nor sent for GET calls', async () => {
    await client.get('/teams');
    await client.get('/games', { cacheBust: true });

    expect(calls()).toEqual(['GET /api/teams', 'GET /api/games']);
    for (const entry of seen) expect(entry.headers['x-csrf-token']).toBeUndefined();
  });

  it('is fetched from GET /api/csrf before the first change call and sent as X-CSRF-Token', async () => {
    expect(CSRF_HEADER).toBe('X-CSRF-Token');

    await client.post('/teams', { name: 'Otters' });

    expect(calls()).toEqual(['GET /api/csrf', 'POST /api/teams']);
    expect(requests('/teams')[0]!.headers['x-csrf-token']).toBe('token-1');
  });

  it('is cached: later POST and PUT calls do not fetch it again', async () => {
    await client.post('/teams', { name: 'Otters' });
    await client.post('/teams', { name: 'Seals' });
    await client.put('/teams/7', { name: 'Walruses' });

    expect(requests('/csrf')).toHaveLength(1);
    expect(requests('/teams').map((entry) => entry.headers['x-csrf-token'])).toEqual(['token-1', 'token-1']);
    expect(requests('/teams/7')[0]!.headers['x-csrf-token']).toBe('token-1');
  });

  it('is fetched only once for two concurrent POSTs', async () => {
    handler = (entry, res, req) =>
      entry.path === '/api/csrf'
        ? setTimeout(() => withCsrf(ok)(entry, res, req), 30) // both POSTs wait for the same answer
        : ok(entry, res, req);

    await Promise.all([client.post('/a', { n: 1 }), client.post('/b', { n: 2 })]);

    expect(requests('/csrf')).toHaveLength(1);
    expect(requests('/a')[0]!.headers['x-csrf-token']).toBe('token-1');
    expect(requests('/b')[0]!.headers['x-csrf-token']).toBe('token-1');
  });

  it('is refreshed after a 403 that mentions csrf, and the call is retried once with the new token', async () => {
    handler = withCsrf((entry, res) =>
      entry.headers['x-csrf-token'] === 'token-1'
        ? json(res, 403, { error: 'Forbidden', message: 'Missing or invalid csrf token', statusCode: 403 })
        : json(res, 200, { saved: true }),
    );

    await expect(client.post('/teams', { name: 'Otters' })).resolves.toEqual({ saved: true });

    expect(calls()).toEqual(['GET /api/csrf', 'POST /api/teams', 'GET /api/csrf', 'POST /api/teams']);
    expect(requests('/teams').map((entry) => entry.headers['x-csrf-token'])).toEqual(['token-1', 'token-2']);
    expect(requests('/teams').map((entry) => entry.body)).toEqual(['{"name":"Otters"}', '{"name":"Otters"}']);

    await client.put('/teams/7', { name: 'Seals' });
    expect(requests('/csrf')).toHaveLength(2);
    expect(requests('/teams/7')[0]!.headers['x-csrf-token']).toBe('token-2');
  });

  it('raises a second consecutive csrf 403 instead of retrying again', async () => {
    const body = { error: 'Forbidden', message: 'Missing or invalid csrf token', statusCode: 403 };
    handler = withCsrf((_seen, res) => json(res, 403, body));

    const error = await failure(client.post('/teams', { name: 'Otters' }));

    expect(error.status).toBe(403);
    expect(error.message).toBe('Forbidden');
    expect(error.body).toEqual(body);
    expect(requests('/teams')).toHaveLength(2);
    expect(requests('/csrf')).toHaveLength(2);
  });

  it('does not retry a 403 that does not mention csrf, and keeps the token', async () => {
    const body = { error: 'Forbidden', message: 'Only coaches may edit the roster', statusCode: 403 };
    handler = withCsrf((entry, res, req) =>
      entry.path === '/api/roster' ? json(res, 403, body) : ok(entry, res, req),
    );

    const error = await failure(client.put('/roster', { players: [] }));

    expect(error.status).toBe(403);
    expect(error.message).toBe('Forbidden');
    expect(requests('/roster')).toHaveLength(1);
    expect(requests('/csrf')).toHaveLength(1);

    await client.post('/teams', { name: 'Otters' });
    expect(requests('/csrf')).toHaveLength(1);
  });
});

describe('401 Unauthorized', () => {
  it('on a path ending /me calls logout with a CSRF token, then onUnauthorized, and raises status 401', async () => {
    let logoutsWhenNotified = -1;
    onUnauthorized.mockImplementation(() => {
      logoutsWhenNotified = requests('/auth/logout').length;
    });
    handler = withCsrf((entry, res) =>
      entry.path === '/api/auth/me'
        ? json(res, 401, { error: 'Unauthorized', message: 'Session expired', statusCode: 401 })
        : res.writeHead(204).end(),
    );

    const error = await failure(client.get('/auth/me'));

    expect(error.status).toBe(401);
    expect(error.body).toEqual({ error: 'Unauthorized', message: 'Session expired', statusCode: 401 });
    expect(calls()).toEqual(['GET /api/auth/me', 'GET /api/csrf', 'POST /api/auth/logout']);
    expect(requests('/auth/logout')[0]!.headers['x-csrf-token']).toBe('token-1');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(logoutsWhenNotified).toBe(1);
  });

  it('on /me still calls onUnauthorized and raises 401 when the logout call fails', async () => {
    handler = withCsrf((entry, res) =>
      entry.path === '/api/auth/me' ? json(res, 401, { message: 'Session expired' }) : json(res, 500, {}),
    );

    const error = await failure(client.get('/auth/me'));

    expect(error.status).toBe(401);
    expect(requests('/auth/logout')).toHaveLength(1);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it.each(['get', 'post'] as const)(
    'elsewhere (%s) raises exactly "Unauthorized" and calls onUnauthorized, without a logout',
    async (method) => {
      const body = { error: 'Session gone', message: 'Please sign in again', statusCode: 401 };
      handler = withCsrf((_seen, res) => json(res, 401, body));

      const error = await failure(method === 'get' ? client.get('/teams') : client.post('/teams', { name: 'x' }));

      expect(error.message).toBe('Unauthorized');
      expect(error.status).toBe(401);
      expect(error.body).toEqual(body);
      expect(onUnauthorized).toHaveBeenCalledTimes(1);
      expect(requests('/auth/logout')).toHaveLength(0);
      expect(requests('/teams')).toHaveLength(1);
    },
  );

  it.each([
    ['the body error', { error: 'Invalid credentials', message: 'Wrong password' }, 'Invalid credentials'],
    ['the body message', { message: 'Wrong password' }, 'Wrong password'],
    ['"<status> <statusText>"', null, '401 Unauthorized'],
  ])('with skipAuthRedirect raises %s and does not call onUnauthorized', async (_label, body, message) => {
    handler = withCsrf((_seen, res) => {
      if (body === null) res.writeHead(401).end();
      else json(res, 401, body);
    });

    const error = await failure(client.post('/auth/login', { email: 'a@b.c' }, { skipAuthRedirect: true }));

    expect(error.message).toBe(message);
    expect(error.status).toBe(401);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(requests('/auth/logout')).toHaveLength(0);
  });
});

describe('logout()', () => {
  it('posts /api/auth/logout with the CSRF token and forgets the token afterwards', async () => {
    handler = withCsrf((_seen, res) => res.writeHead(204).end());

    await expect(client.logout()).resolves.toBeUndefined();
    await client.post('/teams', { name: 'Otters' });

    expect(calls()).toEqual(['GET /api/csrf', 'POST /api/auth/logout', 'GET /api/csrf', 'POST /api/teams']);
    expect(requests('/auth/logout')[0]!.headers['x-csrf-token']).toBe('token-1');
    expect(requests('/teams')[0]!.headers['x-csrf-token']).toBe('token-2');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../support/engines.js';
import { Visitor } from '../support/http-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

describe.each(ENGINES)('csrf on $name', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  it('hands out a token bound to a new visitor session', async () => {
    const visitor = new Visitor(server.url);
    const answer = await visitor.send<{ csrfToken: string }>('GET', '/api/csrf');
    expect(answer.status).toBe(200);
    expect(answer.body.csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(visitor.cookies.get('sideline_sid')).toBeTruthy();
    const again = await visitor.send<{ csrfToken: string }>('GET', '/api/csrf');
    expect(again.body.csrfToken).toBe(answer.body.csrfToken);
    const other = await new Visitor(server.url).send<{ csrfToken: string }>('GET', '/api/csrf');
    expect(other.body.csrfToken).not.toBe(answer.body.csrfToken);
  });

  it('refuses every non-GET API route without a token, before doing anything', async () => {
    const routes = server.app.routeTable.filter((r) => r.url.startsWith('/api/') && !SAFE.has(r.method));
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'POST /api/auth/login',
        'POST /api/auth/register',
        'POST /api/auth/logout',
        'PUT /api/users/:id',
      ]),
    );
    const visitor = new Visitor(server.url);
    await visitor.fetchCsrf();
    for (const route of routes) {
      const path = route.url.replace(/:[A-Za-z_]+/g, '1');
      const answer = await visitor.send(route.method, path, { json: {}, csrf: false });
      expect({ route: `${route.method} ${route.url}`, status: answer.status }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 403,
      });
      expect(answer.body).toMatchObject({ error: 'Forbidden', statusCode: 403 });
      expect(String(answer.body.message)).toMatch(/csrf/i);
    }
  });

  it('refuses a wrong token and a token from another session', async () => {
    const visitor = new Visitor(server.url);
    await visitor.fetchCsrf();
    const wrong = await visitor.send('POST', '/api/auth/logout', {
      headers: { 'x-csrf-token': 'x'.repeat(43) },
      csrf: false,
    });
    expect(wrong.status).toBe(403);

    const stranger = new Visitor(server.url);
    const foreignToken = await stranger.fetchCsrf();
    const foreign = await visitor.send('POST', '/api/auth/logout', {
      headers: { 'x-csrf-token': foreignToken },
      csrf: false,
    });
    expect(foreign.status).toBe(403);
  });

  it('makes the token stale when the session rotates at sign-in', async () => {
    const member = new Visitor(server.url);
    await member.register('stale@league.example', 'Stale Token');
    await member.send('POST', '/api/auth/logout');
    const visitor = new Visitor(server.url);
    const before = await visitor.fetchCsrf();
    expect((await visitor.signIn('stale@league.example', 'correct horse battery')).status).toBe(200);
    const stale = await visitor.send('PUT', '/api/users/1', {
      json: { name: 'Changed' },
      headers: { 'x-csrf-token': before },
      csrf: false,
    });
    expect(stale.status).toBe(403);
    expect(String(stale.body.message)).toMatch(/csrf/);
    const fresh = await visitor.fetchCsrf();
    expect(fresh).not.toBe(before);
  });

  it('does not accept a token without the session cookie it belongs to', async () => {
    const visitor = new Visitor(server.url);
    const token = await visitor.fetchCsrf();
    const response = await fetch(`${server.url}/api/auth/logout`, {
      method: 'POST',
      headers: { 'x-csrf-token': token },
    });
    expect(response.status).toBe(403);
  });
});

import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../support/engines.js';
import { Visitor } from '../support/http-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const PASSWORD = 'correct horse battery';

function decodeJwt(token: string) {
  const [header, payload, signature] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(header!, 'base64url').toString()) as Record<string, unknown>,
    payload: JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>,
    signed: `${header}.${payload}`,
    signature: signature!,
  };
}

describe.each(ENGINES)('auth on $name', (engine) => {
  let server: TestServer;
  let counter = 0;
  const email = () => `member${++counter}@league.example`;

  beforeAll(async () => {
    server = await startTestServer(engine, { LOGIN_MAX_FAILURES: '3', LOGIN_WINDOW_SECONDS: '60' });
  });
  afterAll(() => server.close());

  it('registers a member, signs them in and answers /me with a chat token', async () => {
    const visitor = new Visitor(server.url);
    const address = email();
    const registered = await visitor.register(address, '  Sam Taylor ', PASSWORD);
    expect(registered.status).toBe(201);
    expect(registered.body).toMatchObject({ name: 'Sam Taylor', email: address, avatar_url: null, language: null });
    expect(registered.body).not.toHaveProperty('password_hash');

    const me = await visitor.send('GET', '/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.headers.get('cache-control')).toBe('no-store');
    const jwt = decodeJwt(me.body.token as string);
    expect(jwt.header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(jwt.payload.user_id).toBe(String(me.body.id));
    expect(jwt.payload.exp).toBe((jwt.payload.iat as number) + server.config.chatTokenTtlSeconds);
    const expected = createHmac('sha256', server.config.chatApiSecret).update(jwt.signed).digest('base64url');
    expect(jwt.signature).toBe(expected);
  });

  it('sets the session cookie HttpOnly and SameSite=Lax, and Secure only over HTTPS', async () => {
    const plain = await new Visitor(server.url).send('GET', '/api/csrf');
    const cookie = plain.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/^sideline_sid=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);

    const proxied = await startTestServer(engine, { TRUST_PROXY: 'true' });
    try {
      const secure = await new Visitor(proxied.url).send('GET', '/api/csrf', {
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(secure.headers.getSetCookie()[0]).toMatch(/; Secure/);
    } finally {
      await proxied.close();
    }
  });

  it('refuses a second account with the same email, whatever its case', async () => {
    const address = email();
    expect((await new Visitor(server.url).register(address, 'First')).status).toBe(201);
    const again = await new Visitor(server.url).register(address.toUpperCase(), 'Second');
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: 'Conflict',
      message: expect.stringContaining('already exists'),
      statusCode: 409,
    });
  });

  it('rotates the session id at sign-in and the old cookie no longer works', async () => {
    const address = email();
    await new Visitor(server.url).register(address, 'Rotating Member');
    const visitor = new Visitor(server.url);
    await visitor.fetchCsrf();
    const before = visitor.cookies.get('sideline_sid');
    expect(before).toBeTruthy();
    const signedIn = await visitor.signIn(address, PASSWORD);
    expect(signedIn.status).toBe(200);
    const after = visitor.cookies.get('sideline_sid');
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);

    const old = await fetch(`${server.url}/api/auth/me`, { headers: { cookie: `sideline_sid=${before}` } });
    expect(old.status).toBe(401);
    expect((await visitor.send('GET', '/api/auth/me')).status).toBe(200);
  });

  it('answers wrong password and unknown email with the same generic 401', async () => {
    const address = email();
    await new Visitor(server.url).register(address, 'Careful Member');
    const wrong = await new Visitor(server.url).signIn(address, 'not the password');
    const unknown = await new Visitor(server.url).signIn(email(), 'not the password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({ error: 'Unauthorized', message: 'Incorrect email or password', statusCode: 401 });
  });

  it('rate-limits repeated failures with 429 and Retry-After, even for the right password', async () => {
    const address = email();
    await new Visitor(server.url).register(address, 'Targeted Member');
    for (let i = 0; i < 3; i++) expect((await new Visitor(server.url).signIn(address, 'guess' + i)).status).toBe(401);
    const limited = await new Visitor(server.url).signIn(address, PASSWORD);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.body.message).toMatch(/try again in \d+ seconds/);
  });

  it('signs out server-side: the cookie is cleared and the old session is dead', async () => {
    const visitor = new Visitor(server.url);
    await visitor.register(email(), 'Leaving Member');
    const sid = visitor.cookies.get('sideline_sid');
    const out = await visitor.send('POST', '/api/auth/logout');
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie()[0]).toMatch(/sideline_sid=;/);
    const replay = await fetch(`${server.url}/api/auth/me`, { headers: { cookie: `sideline_sid=${sid}` } });
    expect(replay.status).toBe(401);
  });

  it('treats forged and expired session cookies as signed out', async () => {
    const forged = await fetch(`${server.url}/api/auth/me`, { headers: { cookie: `sideline_sid=${'A'.repeat(43)}` } });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ error: 'Unauthorized', message: 'You are not signed in', statusCode: 401 });

    const visitor = new Visitor(server.url);
    await visitor.register(email(), 'Expired Member');
    await server.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await visitor.send('GET', '/api/auth/me')).status).toBe(401);
  });

  describe('bad input changes nothing', () => {
    const countUsers = async () =>
      Number(
        (
          await server.database.db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    it.each([
      ['malformed JSON', '{"email": "x@y.example",', 400, /not valid JSON/],
      ['a missing field', { email: 'a@b.example', password: PASSWORD }, 400, /must have required property 'name'/],
      [
        'an extra field',
        { email: 'a@b.example', name: 'A', password: PASSWORD, admin: true },
        400,
        /must NOT have additional properties/,
      ],
      [
        'an over-long name',
        { email: 'a@b.example', name: 'x'.repeat(61), password: PASSWORD },
        400,
        /name must NOT have more than 60 characters/,
      ],
      ['a blank name', { email: 'a@b.example', name: '   ', password: PASSWORD }, 400, /body\/name must not be blank/],
      [
        'a short password',
        { email: 'a@b.example', name: 'A', password: 'short' },
        400,
        /password must NOT have fewer than 8/,
      ],
      [
        'a bad email',
        { email: 'not-an-email', name: 'A', password: PASSWORD },
        400,
        /body\/email must be an email address/,
      ],
      ['a number as name', { email: 'a@b.example', name: 42, password: PASSWORD }, 400, /name must be string/],
      ['an unknown language', { email: 'a@b.example', name: 'A', password: PASSWORD, language: 'xx' }, 400, /language/],
    ])('registering with %s is a 400 that says so', async (_label, json, status, message) => {
      const before = await countUsers();
      const answer = await new Visitor(server.url).send('POST', '/api/auth/register', { json });
      expect(answer.status).toBe(status);
      expect(answer.body.error).toBe('Bad Request');
      expect(answer.body.statusCode).toBe(status);
      expect(answer.body.message).toMatch(message);
      expect(await countUsers()).toBe(before);
    });

    it('refuses a body that is not JSON with 415', async () => {
      const answer = await new Visitor(server.url).send('POST', '/api/auth/login', {
        body: 'email=a@b.example&password=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(answer.status).toBe(415);
      expect(answer.body).toMatchObject({ error: 'Unsupported Media Type', statusCode: 415 });
      expect(answer.body.message).toMatch(/send JSON/);
    });

    it('refuses an empty JSON body with 400', async () => {
      const answer = await new Visitor(server.url).send('POST', '/api/auth/login', {
        body: '',
        headers: { 'content-type': 'application/json' },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/empty/);
    });

    it('answers an unknown API route with a JSON 404', async () => {
      const answer = await new Visitor(server.url).send('GET', '/api/nothing-here');
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({
        error: 'Not Found',
        message: 'There is no GET /api/nothing-here in the API',
        statusCode: 404,
      });
    });
  });
});

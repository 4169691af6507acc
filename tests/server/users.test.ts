import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../support/engines.js';
import { Visitor } from '../support/http-client.js';
import { describeServed, solid } from '../support/image-samples.js';
import { form, gif, png } from '../support/images.js';
import { startTestServer, storedAvatars, userRow, type TestServer } from '../support/test-server.js';

describe.each(ENGINES)('profiles and avatars on $name', (engine) => {
  let server: TestServer;
  let member: Visitor;
  let memberId: number;
  let other: Visitor;
  let otherId: number;

  const row = (id: number) => userRow(server, id);
  const avatarFiles = () => storedAvatars(server);

  beforeAll(async () => {
    server = await startTestServer(engine, { AVATAR_MAX_BYTES: '4096' });
    member = new Visitor(server.url);
    memberId = (await member.register('pat@league.example', 'Pat Quinn')).body.id as number;
    other = new Visitor(server.url);
    otherId = (await other.register('robin@league.example', 'Robin Vale')).body.id as number;
  });
  afterAll(() => server.close());

  it('updates the own profile and /me shows it', async () => {
    const answer = await member.send('PUT', `/api/users/${memberId}`, {
      json: {
        name: ' Pat Q. ',
        language: 'fr',
        bio: 'Left back.',
        phone: '+44 20 7946 0958',
        timezone: 'Europe/Paris',
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: memberId,
      name: 'Pat Q.',
      language: 'fr',
      bio: 'Left back.',
      phone: '+44 20 7946 0958',
      timezone: 'Europe/Paris',
    });
    const me = await member.send('GET', '/api/auth/me');
    expect(me.body).toMatchObject({ name: 'Pat Q.', language: 'fr' });
    const cleared = await member.send('PUT', `/api/users/${memberId}`, { json: { language: null, phone: null } });
    expect(cleared.body).toMatchObject({ language: null, phone: null, name: 'Pat Q.' });
  });

  it("refuses to change another member's profile or avatar, and changes nothing", async () => {
    const before = await row(otherId);
    const profile = await member.send('PUT', `/api/users/${otherId}`, { json: { name: 'Hijacked' } });
    expect(profile.status).toBe(403);
    expect(profile.body).toEqual({
      error: 'Forbidden',
      message: 'You can only change your own profile',
      statusCode: 403,
    });
    const avatar = await member.send('PUT', `/api/users/${otherId}/avatar`, { body: form('avatar', png()) });
    expect(avatar.status).toBe(403);
    expect(await row(otherId)).toEqual(before);
  });

  it('requires sign-in to change a profile', async () => {
    const visitor = new Visitor(server.url);
    const answer = await visitor.send('PUT', `/api/users/${memberId}`, { json: { name: 'Anonymous' } });
    expect(answer.status).toBe(401);
  });

  describe('profile bad input', () => {
    it.each([
      ['an empty object', {}, /must NOT have fewer than 1 properties/],
      ['an unknown field', { email: 'new@league.example' }, /must NOT have additional properties/],
      ['an over-long bio', { bio: 'b'.repeat(281) }, /bio must NOT have more than 280 characters/],
      ['an over-long name', { name: 'n'.repeat(61) }, /name must NOT have more than 60 characters/],
      ['an unknown language', { language: 'xx' }, /language/],
      ['a malformed phone', { phone: 'call me' }, /phone/],
      ['an unknown time zone', { timezone: 'Mars/Olympus' }, /not a known time zone/],
      ['a wrong type', { bio: 7 }, /bio must be string/],
    ])('%s is a 400 that says what is wrong', async (_label, json, message) => {
      const before = await row(memberId);
      const answer = await member.send('PUT', `/api/users/${memberId}`, { json });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(message);
      expect(await row(memberId)).toEqual(before);
    });

    it('a non-numeric id is a 400', async () => {
      const answer = await member.send('PUT', '/api/users/abc', { json: { name: 'X' } });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/params\/id must be integer/);
    });
  });

  it.each([
    ['PNG', async () => png()],
    ['JPEG', () => solid('jpeg', 32, 24)],
    ['WebP', () => solid('webp', 24, 32)],
    ['GIF', async () => gif()],
  ])('accepts a %s avatar, recognised by content, and serves it re-encoded with nosniff', async (_label, make) => {
    const data = await make();
    const answer = await member.send('PUT', `/api/users/${memberId}/avatar`, {
      body: form('avatar', data, 'picture.txt', 'text/plain'),
    });
    expect(answer.status).toBe(200);
    const url = answer.body.avatar_url as string;
    expect(url).toMatch(new RegExp(`^/api/users/${memberId}/avatar\\?v=[a-f0-9]{16}$`));

    const served = await other.send('GET', url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(
      await (await fetch(`${server.url}${url}`, { headers: { cookie: other.cookieHeader() } })).arrayBuffer(),
    );
    expect(bytes.equals(data)).toBe(false);
    expect(await describeServed(bytes)).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(await avatarFiles()).toHaveLength(1);
  });

  it('does not serve avatars to visitors who are not signed in', async () => {
    const me = await member.send('GET', '/api/auth/me');
    const answer = await new Visitor(server.url).send('GET', me.body.avatar_url as string);
    expect(answer.status).toBe(401);
  });

  describe('avatar bad input stores nothing', () => {
    const truncatedPng = () => png().subarray(0, 40);
    let truncatedJpeg: Buffer;
    beforeAll(async () => {
      const whole = await solid('jpeg', 64, 64);
      truncatedJpeg = whole.subarray(0, whole.length - 40);
    });
    const cases: [string, () => RequestInit & { body: BodyInit }, number, RegExp][] = [
      [
        'a text file named .png',
        () => ({ body: form('avatar', Buffer.from('hello, not an image'), 'evil.png') }),
        415,
        /PNG, JPEG, WebP or GIF/,
      ],
      [
        'an SVG',
        () => ({
          body: form('avatar', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'a.svg', 'image/svg+xml'),
        }),
        415,
        /PNG, JPEG, WebP or GIF/,
      ],
      ['a truncated PNG', () => ({ body: form('avatar', truncatedPng()) }), 400, /incomplete/],
      ['a truncated JPEG', () => ({ body: form('avatar', truncatedJpeg) }), 400, /incomplete/],
      [
        'a file over the size limit',
        () => ({ body: form('avatar', Buffer.concat([png(), Buffer.alloc(5000)])) }),
        413,
        /larger than the .* limit/,
      ],
      ['the wrong field name', () => ({ body: form('picture', png()) }), 400, /must be named avatar/],
      ['an empty file', () => ({ body: form('avatar', Buffer.alloc(0)) }), 400, /missing or empty/],
      ['no file at all', () => ({ body: new FormData() }), 400, /missing or empty/],
      [
        'JSON instead of multipart',
        () => ({ body: '{}', headers: { 'content-type': 'application/json' } }),
        415,
        /multipart\/form-data/,
      ],
    ];

    it.each(cases)('%s', async (_label, make, status, message) => {
      const before = await row(memberId);
      const filesBefore = await avatarFiles();
      const init = make();
      const answer = await member.send('PUT', `/api/users/${memberId}/avatar`, {
        body: init.body,
        headers: (init.headers as Record<string, string> | undefined) ?? {},
      });
      expect(answer.status).toBe(status);
      expect(answer.body.message).toMatch(message);
      expect(await row(memberId)).toEqual(before);
      expect(await avatarFiles()).toEqual(filesBefore);
    });

    it('two files in one upload', async () => {
      const body = form('avatar', png());
      body.append('avatar', new Blob([new Uint8Array(png())], { type: 'image/png' }), 'second.png');
      const before = await row(memberId);
      const answer = await member.send('PUT', `/api/users/${memberId}/avatar`, { body });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/exactly one/);
      expect(await row(memberId)).toEqual(before);
    });
  });
});

/**
 * The text policy in the product API (docs/api.md, "Text fields"): every human-entered name and
 * short text is refused with a 400 that names the field and the rule, and the refusal changes
 * nothing; what is stored is NFC and trimmed; emails are stored and looked up in one normal form.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../support/engines.js';
import { HOSTILE_NAMES, WORLD_NAMES } from '../support/hostile-texts.js';
import { Visitor } from '../support/http-client.js';
import { buildLeague, type BuiltLeague } from '../support/league-builder.js';
import { leagueHelpers } from '../support/league-rows.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const PASSWORD = 'correct horse battery';

const hostileNames = HOSTILE_NAMES.map(({ label, value, api }) => [label, value, api] as const);

describe.each(ENGINES)('the text policy in the product API on $name', (engine) => {
  let server: TestServer;
  let member: Visitor;
  let memberId: number;
  let league: BuiltLeague;
  const db = () => server.database.db;
  const { fixtureOf, refuse } = leagueHelpers(() => ({ server, league }));

  const count = async (table: 'users' | 'registrations') =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const row = (id: number) => db().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const register = (json: Record<string, unknown>) =>
    new Visitor(server.url).send('POST', '/api/auth/register', { json: { password: PASSWORD, ...json } });

  beforeAll(async () => {
    server = await startTestServer(engine);
    member = new Visitor(server.url);
    memberId = (await member.register('pat@league.example', 'Pat Quinn')).body.id as number;
    league = await buildLeague(server);
  });
  afterAll(() => server.close());

  describe('member names', () => {
    it.each(hostileNames)(
      'registering with %s is a 400 naming body/name, and changes nothing',
      async (_l, name, why) => {
        const users = await count('users');
        const registrations = await count('registrations');
        const answer = await register({ email: 'hostile@league.example', name });
        expect(answer.status, answer.text).toBe(400);
        expect(answer.body).toMatchObject({ error: 'Bad Request', statusCode: 400 });
        expect(answer.body.message).toMatch(/^body\/name /);
        expect(answer.body.message).toMatch(why);
        expect(await count('users')).toBe(users);
        expect(await count('registrations')).toBe(registrations);
      },
    );

    it.each(hostileNames)(
      'a profile name with %s is a 400 naming body/name, and changes nothing',
      async (_l, name, why) => {
        const before = await row(memberId);
        const answer = await member.send('PUT', `/api/users/${memberId}`, { json: { name, bio: 'Changed' } });
        expect(answer.status, answer.text).toBe(400);
        expect(answer.body.message).toMatch(/^body\/name /);
        expect(answer.body.message).toMatch(why);
        expect(await row(memberId)).toEqual(before);
      },
    );

    it('stores a name sent decomposed (NFD) composed (NFC), trimmed, on register and profile update', async () => {
      const answer = await register({ email: 'zoe@league.example', name: ' Zoe\u0308 Ferna\u0301ndez ' });
      expect(answer.status, answer.text).toBe(201);
      expect(answer.body.name).toBe('Zo\u00eb Fern\u00e1ndez');
      const id = answer.body.id as number;
      expect((await row(id)).name).toBe('Zo\u00eb Fern\u00e1ndez');

      const nfd = 'e\u0301'.repeat(60); // 120 code points sent, 60 characters stored
      const updated = await member.send('PUT', `/api/users/${memberId}`, { json: { name: nfd } });
      expect(updated.status, updated.text).toBe(200);
      expect((await row(memberId)).name).toBe('\u00e9'.repeat(60));
    });

    it.each(WORLD_NAMES)('accepts the name %s and stores it as sent', async (name) => {
      const answer = await member.send('PUT', `/api/users/${memberId}`, { json: { name } });
      expect(answer.status, answer.text).toBe(200);
      expect((await row(memberId)).name).toBe(name);
    });
  });

  describe('the bio (a multi-line short text)', () => {
    it('keeps line feeds and stores NFC, trimmed', async () => {
      const answer = await member.send('PUT', `/api/users/${memberId}`, {
        json: { bio: 'Left back.\nCaptain, Zu\u0308rich.\n' },
      });
      expect(answer.status, answer.text).toBe(200);
      expect((await row(memberId)).bio).toBe('Left back.\nCaptain, Z\u00fcrich.');
    });

    it.each([
      ['a tab', 'Left\tback', /body\/bio must not contain control characters other than line feeds \(U\+0009\)/],
      ['a carriage return', 'Left back.\r\nCaptain', /body\/bio must not contain control.*\(U\+000D\)/],
      ['NUL', 'Left\u0000back', /body\/bio must not contain control.*\(U\+0000\)/],
      ['a right-to-left override', 'Left \u202Ekcab', /body\/bio must not contain bidirectional.*\(U\+202E\)/],
      ['only zero-width characters', '\u200b\u200d', /body\/bio must contain a visible character/],
      ['281 characters', 'b'.repeat(281), /body\/bio must NOT have more than 280 characters/],
    ])('a bio with %s is a 400 and changes nothing', async (_label, bio, why) => {
      const before = await row(memberId);
      const answer = await member.send('PUT', `/api/users/${memberId}`, { json: { name: 'Changed', bio } });
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body.message).toMatch(why);
      expect(await row(memberId)).toEqual(before);
    });
  });

  describe('emails', () => {
    it('stores one normal form and signs in with the address in another case or normalisation', async () => {
      const answer = await register({ email: '  Jo\u0308rg.Mu\u0308ller@Bu\u0308cher.EXAMPLE ', name: 'Jörg' });
      expect(answer.status, answer.text).toBe(201);
      expect((await row(answer.body.id as number)).email).toBe('j\u00f6rg.m\u00fcller@b\u00fccher.example');
      for (const email of ['JÖRG.MÜLLER@BÜCHER.EXAMPLE', 'jo\u0308rg.mu\u0308ller@bu\u0308cher.example']) {
        const signIn = await new Visitor(server.url).send('POST', '/api/auth/login', {
          json: { email, password: PASSWORD },
        });
        expect(signIn.status, `${email}: ${signIn.text}`).toBe(200);
        expect(signIn.body.id).toBe(answer.body.id);
      }
      const again = await register({ email: 'JÖRG.müller@bücher.example', name: 'Jörg Two' });
      expect(again.status).toBe(409);
    });

    it.each([
      ['NUL', 'pat\u0000@league.example', /body\/email must not contain control characters.*\(U\+0000\)/],
      [
        'a right-to-left override',
        'pat@\u202Eelpmaxe.eugael',
        /body\/email must not contain bidirectional.*\(U\+202E\)/,
      ],
      ['a space inside', 'pat quinn@league.example', /body\/email must not contain spaces/],
      ['a double dot', 'pat@league..example', /body\/email must be an email address/],
      ['no top-level domain', 'pat@localhost', /body\/email must be an email address/],
      ['a trailing dot', 'pat@league.example.', /body\/email must be an email address/],
      ['markup', '<b>@league.example', /body\/email must be an email address/],
      ['a 65-byte local part', `${'p'.repeat(65)}@league.example`, /before the @; it has 65/],
    ])('registering with %s in the email is a 400 and changes nothing', async (_label, email, why) => {
      const users = await count('users');
      const answer = await register({ email, name: 'Someone' });
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body.message).toMatch(why);
      expect(await count('users')).toBe(users);
    });

    it.each([
      ['NUL', 'pat\u0000@league.example'],
      ['a C1 control', 'pat\u0085@league.example'],
      ['a right-to-left override', 'pat@\u202Eelpmaxe.eugael'],
    ])('signing in with %s in the email is a 400, not a server error', async (_label, email) => {
      const answer = await new Visitor(server.url).send('POST', '/api/auth/login', {
        json: { email, password: PASSWORD },
      });
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body.message).toMatch(/^body\/email /);
    });
  });

  describe('fixture venue and referee name', () => {
    const path = () => `/api/fixtures/${fixtureOf(5, 0).id}`;

    it.each(hostileNames.filter(([label]) => label !== '61 characters'))(
      'a venue or referee name with %s is a 400 naming the field, and changes nothing',
      async (_label, text, why) => {
        const { commissioner } = league.members;
        for (const field of ['venue', 'referee_name']) {
          const named = new RegExp(`^body/${field} .*${why.source}`);
          await refuse(commissioner.visitor, 'PATCH', path(), { [field]: text }, 400, named);
        }
      },
    );

    it('refuses a venue over 120 and a referee name over 80 characters', async () => {
      const { commissioner } = league.members;
      await refuse(commissioner.visitor, 'PATCH', path(), { venue: 'v'.repeat(121) }, 400, /venue must NOT.*120/);
      await refuse(commissioner.visitor, 'PATCH', path(), { referee_name: 'r'.repeat(81) }, 400, /name must NOT.*80/);
    });

    it('stores a venue and referee name sent decomposed composed, trimmed', async () => {
      const answer = await league.members.commissioner.visitor.send('PATCH', path(), {
        json: { venue: ' Stade de Gene\u0300ve ', referee_name: 'Rene\u0301 Mu\u0308ller' },
      });
      expect(answer.status, answer.text).toBe(200);
      const fixture = await db()
        .selectFrom('fixtures')
        .selectAll()
        .where('id', '=', fixtureOf(5, 0).id)
        .executeTakeFirstOrThrow();
      expect([fixture.venue, fixture.referee_name]).toEqual(['Stade de Gen\u00e8ve', 'Ren\u00e9 M\u00fcller']);
    });
  });
});

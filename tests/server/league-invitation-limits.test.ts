/**
 * The limits of invitations by link (docs/decisions/0034): the settings' defaults, the most open
 * invitations a league may have, and the count of unknown links per address behind the 429.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.js';
import { ENGINES } from '../support/engines.js';
import { Visitor } from '../support/http-client.js';
import { invite, unknownToken } from '../support/invitations.js';
import { buildLeague } from '../support/league-builder.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const DAY_MS = 86_400_000;
const SMALL = { teams: 2, squad: 1, freeAgents: 0, weeks: 1, currentWeek: 1 };
/** Secrets given, so loading the configuration writes no file. */
const ENV = { NODE_ENV: 'test', SESSION_SECRET: 's'.repeat(32), CHAT_API_SECRET: 'c'.repeat(32) };

describe('invitation settings', () => {
  it('default to 7 days (at most 30), 100 uses, 50 open links and 20 unknown tokens per 15 minutes', () => {
    const config = loadConfig(ENV);
    expect(config).toMatchObject({
      invitationDefaultDays: 7,
      invitationMaxDays: 30,
      invitationMaxUses: 100,
      invitationMaxOpen: 50,
      invitationMaxMisses: 20,
      invitationWindowSeconds: 900,
    });
  });

  it('refuses a default lifetime longer than the longest allowed', () => {
    expect(() => loadConfig({ ...ENV, INVITATION_DEFAULT_DAYS: '40' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...ENV, INVITATION_DEFAULT_DAYS: '40' })).toThrow(/INVITATION_MAX_DAYS/);
    expect(loadConfig({ ...ENV, INVITATION_DEFAULT_DAYS: '40', INVITATION_MAX_DAYS: '60' }).invitationMaxDays).toBe(60);
  });
});

describe.each(ENGINES)('invitation limits on $name', (engine) => {
  let server: TestServer;
  const db = () => server.database.db;
  beforeAll(async () => {
    server = await startTestServer(engine, { INVITATION_MAX_MISSES: '3', TRUST_PROXY: 'true' });
  });
  afterAll(() => server.close());

  it('refuses more open invitations than INVITATION_MAX_OPEN (50) at once', async () => {
    const own = await buildLeague(server, SMALL);
    const visitor = own.members.commissioner.visitor;
    expect(server.config.invitationMaxOpen).toBe(50);
    const future = new Date(Date.now() + DAY_MS).toISOString();
    await db()
      .insertInto('league_invitations')
      .values(
        Array.from({ length: 50 }, (_, i) => ({
          league_id: own.id,
          token_hash: `open-${own.id}-${i}`,
          role: 'player' as const,
          team_id: null,
          max_uses: 1,
          expires_at: future,
          revoked_at: null,
          created_by: own.members.commissioner.id,
          created_at: new Date().toISOString(),
        })),
      )
      .execute();
    const full = await visitor.send('POST', `/api/leagues/${own.id}/invitations`, { json: { role: 'player' } });
    expect(full.status).toBe(409);
    expect(full.body.message).toMatch(/50 open invitations, the most it may have; revoke one/);
    // An expired one no longer counts.
    await db()
      .updateTable('league_invitations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', `open-${own.id}-0`)
      .execute();
    await invite(visitor, own.id, { role: 'player' });
  });

  it('answers 429 with Retry-After after too many unknown links from one address, not others', async () => {
    const league = await buildLeague(server, SMALL);
    const created = await invite(league.members.commissioner.visitor, league.id, { role: 'supporter', max_uses: 3 });
    const guesser = new Visitor(server.url, { 'x-forwarded-for': '203.0.113.7' });
    await guesser.register('guesser@invite.example', 'Guesser');
    // A known link does not count, however often it is looked at.
    for (let i = 0; i < 4; i++)
      expect((await guesser.send('GET', `/api/invitations/${created.token}`)).status).toBe(200);
    expect((await guesser.send('GET', `/api/invitations/${unknownToken()}`)).status).toBe(404);
    expect((await guesser.send('GET', `/api/invitations/${unknownToken()}`)).status).toBe(404);
    expect((await guesser.send('POST', `/api/invitations/${unknownToken()}/accept`)).status).toBe(404);

    const limited = await guesser.send('GET', `/api/invitations/${created.token}`);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body.message).toMatch(/Too many links that are not invitations were tried from this address/);
    expect((await guesser.send('POST', `/api/invitations/${created.token}/accept`)).status).toBe(429);

    const neighbour = new Visitor(server.url, { 'x-forwarded-for': '203.0.113.8' });
    expect((await neighbour.send('GET', `/api/invitations/${created.token}`)).status).toBe(200);
  });
});

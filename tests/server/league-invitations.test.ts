/**
 * Invitations by link on each engine (docs/decisions/0034): creating, listing and revoking them
 * as the commissioner, what the link shows to anyone, accepting it, who may do what, bad input,
 * expired, revoked and used-up links, the single-use limit under concurrency, the open and lookup
 * limits, and the membership event a join sends.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../support/engines.js';
import { Visitor } from '../support/http-client.js';
import { invitationRow, invite, joinWith, membershipRow, recording, unknownToken } from '../support/invitations.js';
import { buildLeague, registerMember, type BuiltLeague } from '../support/league-builder.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const DAY_MS = 86_400_000;

describe.each(ENGINES)('invitations on $name', (engine) => {
  let server: TestServer;
  let league: BuiltLeague;
  const db = () => server.database.db;
  const commissioner = () => league.members.commissioner.visitor;
  const invitationsPath = () => `/api/leagues/${league.id}/invitations`;
  /** A league of its own, for tests that count its invitations. */
  const ownLeague = async () => ({
    league: await buildLeague(server, { teams: 2, squad: 1, freeAgents: 0, weeks: 1, currentWeek: 1 }),
  });

  beforeAll(async () => {
    server = await startTestServer(engine);
    league = await buildLeague(server, { teams: 2, squad: 2, freeAgents: 0, weeks: 2, currentWeek: 1 });
  });
  afterAll(() => server.close());

  describe('POST /api/leagues/:id/invitations', () => {
    it('creates a link whose token is shown once and kept only as its SHA-256', async () => {
      const before = Date.now();
      const created = await invite(commissioner(), league.id, { role: 'player', team_id: league.teams[0]!.id });
      expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(created.path).toBe(`/join/${created.token}`);
      expect(created).toMatchObject({ role: 'player', max_uses: 1, uses: 0, status: 'active' });
      expect(created.team).toMatchObject({ id: league.teams[0]!.id, name: league.teams[0]!.name });
      // The default lifetime: 7 days.
      const lifetime = Date.parse(created.expires_at) - before;
      expect(lifetime).toBeGreaterThanOrEqual(7 * DAY_MS - 1000);
      expect(lifetime).toBeLessThanOrEqual(7 * DAY_MS + 5000);

      const row = await invitationRow(server, created.id);
      expect(row.token_hash).toBe(createHash('sha256').update(created.token).digest('hex'));
      expect(JSON.stringify(row)).not.toContain(created.token);
      expect(row).toMatchObject({ league_id: league.id, created_by: league.members.commissioner.id, revoked_at: null });
    });

    it('takes a number of uses and a lifetime in days, within the settings', async () => {
      const created = await invite(commissioner(), league.id, {
        role: 'supporter',
        max_uses: 100,
        expires_in_days: 30,
      });
      expect(created).toMatchObject({ role: 'supporter', team: null, max_uses: 100 });
      expect(Date.parse(created.expires_at) - Date.now()).toBeGreaterThan(30 * DAY_MS - 5000);
      const coach = await invite(commissioner(), league.id, { role: 'coach', team_id: null, expires_in_days: 1 });
      expect(coach).toMatchObject({ role: 'coach', team: null });
    });

    it('refuses bad input, naming what is wrong, and creates nothing', async () => {
      const count = async () => (await db().selectFrom('league_invitations').select('id').execute()).length;
      const before = await count();
      const cases: [Record<string, unknown>, number, RegExp][] = [
        [{ role: 'captain' }, 400, /role must be equal to one of the allowed values/],
        [{ role: 'commissioner' }, 400, /role must be equal to one of the allowed values/],
        [{}, 400, /must have required property 'role'/],
        [{ role: 'player', team_id: league.teams[0]!.id + 100000 }, 422, /is not a team of this league/],
        [{ role: 'referee', team_id: league.teams[0]!.id }, 400, /team_id is for player and coach invitations/],
        [{ role: 'supporter', team_id: league.teams[0]!.id }, 400, /a supporter has no team/],
        [{ role: 'player', max_uses: 0 }, 400, /max_uses must be >= 1/],
        [{ role: 'player', max_uses: 101 }, 400, /max_uses must be <= 100/],
        [{ role: 'player', expires_in_days: 0 }, 400, /expires_in_days must be >= 1/],
        [{ role: 'player', expires_in_days: 31 }, 400, /expires_in_days must be <= 30/],
        [{ role: 'player', max_uses: '2' }, 400, /max_uses must be integer/],
        [{ role: 'player', note: 'hi' }, 400, /must NOT have additional properties/],
      ];
      for (const [json, status, message] of cases) {
        const answer = await commissioner().send('POST', invitationsPath(), { json });
        expect(answer.status, JSON.stringify(json)).toBe(status);
        expect(answer.body.message).toMatch(message);
      }
      // A team of another league: the outsider's league has none, so use a team id of this one there.
      const elsewhere = await league.members.outsider.visitor.send('GET', '/api/leagues');
      const otherLeague = (elsewhere.body.leagues as { id: number }[])[0]!.id;
      const foreign = await league.members.outsider.visitor.send('POST', `/api/leagues/${otherLeague}/invitations`, {
        json: { role: 'player', team_id: league.teams[0]!.id },
      });
      expect(foreign.status).toBe(422);
      expect(foreign.body.message).toMatch(/is not a team of this league/);
      expect(await count()).toBe(before);
    });

    it('is the commissioner’s: 403 for other members, 404 outside the league, 401 signed out, 403 without csrf', async () => {
      const body = { json: { role: 'player' } };
      const coach = await league.members.coach.visitor.send('POST', invitationsPath(), body);
      expect([coach.status, coach.body.message]).toEqual([403, 'Only the commissioner may invite members']);
      const outsider = await league.members.outsider.visitor.send('POST', invitationsPath(), body);
      expect(outsider.status).toBe(404);
      expect(outsider.body.message).toMatch(/does not exist or is not in one of your leagues/);
      const anonymous = await league.anonymous.send('POST', invitationsPath(), body);
      expect(anonymous.status).toBe(401);
      const noCsrf = await commissioner().send('POST', invitationsPath(), { ...body, csrf: false });
      expect(noCsrf.status).toBe(403);
      expect(noCsrf.body.message).toMatch(/csrf/);
    });
  });

  describe('GET /api/invitations/:token', () => {
    it('shows anyone holding the link only the league, role, team, inviter and expiry', async () => {
      const created = await invite(commissioner(), league.id, { role: 'coach', team_id: league.teams[1]!.id });
      const visitor = new Visitor(server.url);
      const answer = await visitor.send('GET', `/api/invitations/${created.token}`);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      const leagueRow = await db()
        .selectFrom('leagues')
        .selectAll()
        .where('id', '=', league.id)
        .executeTakeFirstOrThrow();
      expect(answer.body).toEqual({
        league: { name: leagueRow.name, sport: 'football', season: '2026' },
        role: 'coach',
        team: { name: league.teams[1]!.name },
        invited_by: 'Commissioner Tester',
        expires_at: created.expires_at,
        league_id: null,
      });

      const asMember = await league.members.player.visitor.send('GET', `/api/invitations/${created.token}`);
      expect(asMember.body.league_id).toBe(league.id);
    });

    it('answers 404 for an unknown link, 410 naming why for an expired, revoked or used-up one', async () => {
      const unknown = await league.anonymous.send('GET', `/api/invitations/${unknownToken()}`);
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toMatch(/There is no invitation at this link/);
      const malformed = await league.anonymous.send('GET', '/api/invitations/short');
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toMatch(/params\/token must match pattern/);

      const expired = await invite(commissioner(), league.id, { role: 'player' });
      await db()
        .updateTable('league_invitations')
        .set({ expires_at: '2020-01-01T00:00:00.000Z' })
        .where('id', '=', expired.id)
        .execute();
      const revoked = await invite(commissioner(), league.id, { role: 'player' });
      await commissioner().send('DELETE', `${invitationsPath()}/${revoked.id}`);
      const usedUp = await invite(commissioner(), league.id, { role: 'player' });
      await joinWith(server, 'first', usedUp.token);

      for (const [token, message] of [
        [
          expired.token,
          /This invitation expired at 2020-01-01T00:00:00.000Z; ask the league's commissioner for a new link/,
        ],
        [revoked.token, /This invitation was withdrawn by the commissioner/],
        [usedUp.token, /This invitation has been used once, all it allows/],
      ] as const) {
        const preview = await league.anonymous.send('GET', `/api/invitations/${token}`);
        expect(preview.status).toBe(410);
        expect(preview.body.message).toMatch(message);
        const late = await registerMember(server, 'late');
        const accepted = await late.visitor.send('POST', `/api/invitations/${token}/accept`);
        expect(accepted.status).toBe(410);
        expect(accepted.body.message).toMatch(message);
        expect(await membershipRow(server, league.id, late.id)).toBeUndefined();
      }
      expect((await invitationRow(server, expired.id)).uses).toBe(0);
      expect((await invitationRow(server, revoked.id)).uses).toBe(0);
      expect((await invitationRow(server, usedUp.id)).uses).toBe(1);
    });
  });

  describe('POST /api/invitations/:token/accept', () => {
    it('joins the league with the role and team, after registering from a signed-out visit', async () => {
      const created = await invite(commissioner(), league.id, { role: 'player', team_id: league.teams[1]!.id });
      const newcomer = await registerMember(server, 'newcomer');
      const denied = await newcomer.visitor.send('GET', `/api/leagues/${league.id}`);
      expect(denied.status).toBe(404);

      const recorded = await recording(server, league.id, async () => {
        const accepted = await newcomer.visitor.send('POST', `/api/invitations/${created.token}/accept`);
        expect(accepted.status, accepted.text).toBe(201);
        expect(accepted.body.league).toMatchObject({ id: league.id, my_role: 'player' });
        expect((accepted.body.league as { my_team: { id: number } }).my_team.id).toBe(league.teams[1]!.id);
      });
      // The chat change is recorded with the membership (decision 0038).
      expect(recorded).toBe(1);
      const detail = await newcomer.visitor.send('GET', `/api/leagues/${league.id}`);
      expect(detail.status).toBe(200);
      expect(await membershipRow(server, league.id, newcomer.id)).toMatchObject({
        role: 'player',
        team_id: league.teams[1]!.id,
        invitation_id: created.id,
      });
      expect((await invitationRow(server, created.id)).uses).toBe(1);
    });

    it('refuses a member of the league with 409 and takes no use', async () => {
      const created = await invite(commissioner(), league.id, { role: 'supporter', max_uses: 5 });
      const answer = await league.members.player.visitor.send('POST', `/api/invitations/${created.token}/accept`);
      expect(answer.status).toBe(409);
      expect(answer.body.message).toMatch(/You are already a member of .*; the invitation is left for someone else/);
      expect((await invitationRow(server, created.id)).uses).toBe(0);
      expect(await membershipRow(server, league.id, league.members.player.id)).toMatchObject({ role: 'player' });
    });

    it('needs sign-in (401), the csrf token (403), and counts an unknown link (404)', async () => {
      const created = await invite(commissioner(), league.id, { role: 'supporter' });
      const path = `/api/invitations/${created.token}/accept`;
      expect((await league.anonymous.send('POST', path)).status).toBe(401);
      const member = await registerMember(server, 'nocsrf');
      const noCsrf = await member.visitor.send('POST', path, { csrf: false });
      expect(noCsrf.status).toBe(403);
      expect(noCsrf.body.message).toMatch(/csrf/);
      expect((await member.visitor.send('POST', `/api/invitations/${unknownToken()}/accept`)).status).toBe(404);
      expect((await invitationRow(server, created.id)).uses).toBe(0);
    });

    it('admits exactly one of two accounts accepting a single-use link at once', async () => {
      for (let round = 0; round < 4; round++) {
        const created = await invite(commissioner(), league.id, { role: 'supporter' });
        const [a, b] = await Promise.all([registerMember(server, 'racer'), registerMember(server, 'racer')]);
        const answers = await Promise.all(
          [a, b].map((m) => m.visitor.send('POST', `/api/invitations/${created.token}/accept`)),
        );
        expect(answers.map((x) => x.status).sort(), answers.map((x) => x.text).join(' | ')).toEqual([201, 410]);
        expect(answers.find((x) => x.status === 410)!.body.message).toMatch(/used once, all it allows/);
        const joined = await db()
          .selectFrom('league_members')
          .select('user_id')
          .where('invitation_id', '=', created.id)
          .execute();
        expect(joined).toHaveLength(1);
        expect((await invitationRow(server, created.id)).uses).toBe(1);
      }
    });

    it('takes one use when the same account accepts twice at once', async () => {
      const created = await invite(commissioner(), league.id, { role: 'supporter', max_uses: 3 });
      const member = await registerMember(server, 'twice');
      await member.visitor.fetchCsrf();
      const answers = await Promise.all(
        [0, 1].map(() => member.visitor.send('POST', `/api/invitations/${created.token}/accept`)),
      );
      expect(answers.map((x) => x.status).sort()).toEqual([201, 409]);
      expect((await invitationRow(server, created.id)).uses).toBe(1);
    });
  });

  describe('GET and DELETE /api/leagues/:id/invitations', () => {
    it('lists the league’s invitations without tokens, open ones first, with their status', async () => {
      const { league: own } = await ownLeague();
      const visitor = own.members.commissioner.visitor;
      const base = `/api/leagues/${own.id}/invitations`;
      const expired = await invite(visitor, own.id, { role: 'player' });
      await db()
        .updateTable('league_invitations')
        .set({ expires_at: '2020-01-01T00:00:00.000Z' })
        .where('id', '=', expired.id)
        .execute();
      const revoked = await invite(visitor, own.id, { role: 'referee' });
      await visitor.send('DELETE', `${base}/${revoked.id}`);
      const usedUp = await invite(visitor, own.id, { role: 'supporter' });
      await joinWith(server, 'listed', usedUp.token);
      const active = await invite(visitor, own.id, { role: 'coach', team_id: own.teams[0]!.id, max_uses: 3 });

      const answer = await visitor.send('GET', base);
      expect(answer.status).toBe(200);
      const list = answer.body.invitations as { id: number; status: string }[];
      expect(list.map((i) => [i.id, i.status])).toEqual([
        [active.id, 'active'],
        [usedUp.id, 'used_up'],
        [revoked.id, 'revoked'],
        [expired.id, 'expired'],
      ]);
      expect(list[0]).toMatchObject({
        role: 'coach',
        max_uses: 3,
        uses: 0,
        created_by: { name: 'Commissioner Tester' },
      });
      for (const token of [expired, revoked, usedUp, active].map((i) => i.token))
        expect(answer.text).not.toContain(token);
      expect(answer.text).not.toMatch(/token/);

      const limited = await visitor.send('GET', `${base}?limit=1`);
      expect((limited.body.invitations as unknown[]).length).toBe(1);
      expect((await visitor.send('GET', `${base}?limit=0`)).status).toBe(400);
      expect((await own.members.player.visitor.send('GET', base)).status).toBe(403);
      expect((await own.members.outsider.visitor.send('GET', base)).status).toBe(404);
      expect((await own.anonymous.send('GET', base)).status).toBe(401);
    });

    it('revokes once and answers the same when revoked again; only the commissioner, only this league’s', async () => {
      const created = await invite(commissioner(), league.id, { role: 'player', max_uses: 2 });
      const path = `${invitationsPath()}/${created.id}`;
      expect((await league.members.coach.visitor.send('DELETE', path)).status).toBe(403);
      expect((await commissioner().send('DELETE', path, { csrf: false })).status).toBe(403);
      expect((await invitationRow(server, created.id)).revoked_at).toBeNull();

      const first = await commissioner().send('DELETE', path);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ id: created.id, status: 'revoked' });
      const second = await commissioner().send('DELETE', path);
      expect(second.status).toBe(200);
      expect(second.body.revoked_at).toBe(first.body.revoked_at);

      expect((await commissioner().send('DELETE', `${invitationsPath()}/2147483647`)).status).toBe(404);
      const { league: own } = await ownLeague();
      const foreign = await own.members.commissioner.visitor.send(
        'DELETE',
        `/api/leagues/${own.id}/invitations/${created.id}`,
      );
      expect(foreign.status).toBe(404);
      expect(foreign.body.message).toMatch(/does not exist in this league/);
    });
  });
});

/**
 * For the set-up screens' tests: leagues made the way a member makes them, through the REAL
 * set-up API (not written into the database as tests/support/league-builder.ts does): a newly
 * registered member starts a league, adds teams, invites people, plays a fixture; and the suite
 * that renders the screens against a server of its own (`uiSuite`).
 */
import { cleanup } from '@testing-library/react';
import { randomBytes } from 'node:crypto';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { initTestI18n } from './chat-ui.js';
import { ENGINES } from './engines.js';
import type { BuiltMember } from './league-builder.js';
import { Visitor } from './http-client.js';
import { leagueUi, type LeagueUi } from './league-ui.js';
import { startTestServer, type TestServer } from './test-server.js';

/** A newly registered member, signed in. */
export async function registerMember(server: TestServer, name: string): Promise<BuiltMember & { name: string }> {
  const visitor = new Visitor(server.url);
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${randomBytes(4).toString('hex')}@setup.example`;
  const answer = await visitor.register(email, name);
  if (answer.status !== 201 && answer.status !== 200)
    throw new Error(`could not register ${email}: ${answer.status} ${answer.text}`);
  return { id: answer.body.id as number, visitor, name };
}

export interface StartedLeague {
  id: number;
  name: string;
  teams: { id: number; name: string }[];
}

const COLOURS = ['#c62828', '#1565c0', '#2e7d32', '#212121', '#6a1b9a', '#00838f'];

/** `member` starts a league (football, the sport's defaults) and adds `teams` teams. */
export async function startLeague(member: BuiltMember, name: string, teams: string[] = []): Promise<StartedLeague> {
  const created = await member.visitor.send<{ id: number }>('POST', '/api/leagues', {
    json: { name, sport: 'football', season: '2026', time_zone: 'Europe/London' },
  });
  if (created.status !== 201) throw new Error(`could not start ${name}: ${created.status} ${created.text}`);
  const added: StartedLeague['teams'] = [];
  for (const [i, team] of teams.entries()) {
    const answer = await member.visitor.send<{ id: number; name: string }>(
      'POST',
      `/api/leagues/${created.body.id}/teams`,
      { json: { name: team, colours: { primary: COLOURS[i % COLOURS.length], secondary: '#ffffff' } } },
    );
    if (answer.status !== 201) throw new Error(`could not add ${team}: ${answer.status} ${answer.text}`);
    added.push({ id: answer.body.id, name: answer.body.name });
  }
  return { id: created.body.id, name, teams: added };
}

/** An invitation link's token, made by the league's commissioner. */
export async function invite(
  commissioner: BuiltMember,
  leagueId: number,
  body: { role: string; team_id?: number | null; max_uses?: number; expires_in_days?: number },
): Promise<{ id: number; token: string }> {
  const answer = await commissioner.visitor.send<{ id: number; token: string }>(
    'POST',
    `/api/leagues/${leagueId}/invitations`,
    { json: body },
  );
  if (answer.status !== 201) throw new Error(`could not invite: ${answer.status} ${answer.text}`);
  return answer.body;
}

/** The commissioner generates a single round robin (one venue, one time) and records week 1's first result. */
export async function playFirstFixture(commissioner: BuiltMember, leagueId: number): Promise<{ id: number }> {
  const body = { rounds: 1, first_date: '2026-03-14', times: ['14:00'], venues: ['Riverside Park'] };
  const { visitor } = commissioner;
  const preview = await visitor.send<{ revision: number }>('POST', `/api/leagues/${leagueId}/schedule/preview`, {
    json: body,
  });
  const saved = await visitor.send<{ fixtures: { id: number }[] }>('PUT', `/api/leagues/${leagueId}/schedule`, {
    json: { ...body, revision: preview.body.revision },
  });
  if (saved.status !== 200) throw new Error(`could not save the schedule: ${saved.status} ${saved.text}`);
  const fixture = saved.body.fixtures[0]!;
  const result = await visitor.send('POST', `/api/fixtures/${fixture.id}/result`, {
    json: { home_score: 1, away_score: 0 },
  });
  if (result.status !== 200) throw new Error(`could not record a result: ${result.status} ${result.text}`);
  return fixture;
}

export interface UiSuite {
  server: TestServer;
  ui: LeagueUi;
  /** The member the page is signed in as (the page's requests carry their session). */
  signedIn: BuiltMember;
}

/**
 * A describe file's set-up for screens against a real server: i18n, a server of its own, the
 * page harness (tests/support/league-ui.tsx) rendering `routes`; each test ends once the page's
 * requests are answered, and the server closes after the last. Set `signedIn` before rendering.
 */
export function uiSuite(routes: () => Promise<ReactNode>): UiSuite {
  const suite = {} as UiSuite;
  beforeAll(async () => {
    await initTestI18n();
    suite.server = await startTestServer(ENGINES[0]!);
    suite.ui = await leagueUi(suite.server, () => suite.signedIn, { routes });
  }, 60_000);
  afterEach(async () => {
    await suite.ui.settled();
    cleanup();
    localStorage.clear();
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
    await suite.server?.close();
  });
  return suite;
}

/** A league of `teams` that a newly registered commissioner starts before the file's tests, signed in. */
export function withLeague(suite: UiSuite, name: string, teams: string[]) {
  const given = {} as { commissioner: BuiltMember & { name: string }; league: StartedLeague };
  beforeAll(async () => {
    given.commissioner = await registerMember(suite.server, 'Cora Commish');
    given.league = await startLeague(given.commissioner, name, teams);
    suite.signedIn = given.commissioner;
  }, 60_000);
  return given;
}

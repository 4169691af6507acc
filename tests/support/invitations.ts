/**
 * Invitations and members for API tests: create an invitation as a commissioner, bring a new
 * account in through one, and read an invitation's or a membership's row straight from the
 * database.
 *
 *   const { token } = await invite(league.members.commissioner.visitor, league.id, { role: 'supporter' });
 *   const fan = await joinWith(server, 'fan', token);
 */
import { expect } from 'vitest';
import { registerMember, type BuiltMember } from './league-builder.js';
import type { Visitor } from './http-client.js';
import type { TestServer } from './test-server.js';

export interface Created {
  id: number;
  token: string;
  path: string;
  role: string;
  team: { id: number; name: string } | null;
  max_uses: number;
  uses: number;
  expires_at: string;
  status: string;
}

export async function invite(visitor: Visitor, leagueId: number, json: Record<string, unknown>): Promise<Created> {
  const answer = await visitor.send<Created>('POST', `/api/leagues/${leagueId}/invitations`, { json });
  expect(answer.status, answer.text).toBe(201);
  return answer.body;
}

/** A new account that accepted `token` (and so belongs to its league). */
export async function joinWith(server: TestServer, label: string, token: string): Promise<BuiltMember> {
  const member = await registerMember(server, label);
  const answer = await member.visitor.send('POST', `/api/invitations/${token}/accept`);
  expect(answer.status, answer.text).toBe(201);
  return member;
}

export const invitationRow = (server: TestServer, id: number) =>
  server.database.db.selectFrom('league_invitations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

export const membershipRow = (server: TestServer, leagueId: number, userId: number) =>
  server.database.db
    .selectFrom('league_members')
    .selectAll()
    .where('league_id', '=', leagueId)
    .where('user_id', '=', userId)
    .executeTakeFirst();

let unknown = 0;
/** A token of the right shape (43 base64url characters) that no invitation has. */
export const unknownToken = () => `unknown${String(unknown++).padStart(36, '0')}`;

/**
 * How many chat changes the league's routes have recorded for league `leagueId` (done or not):
 * a change that must reach the chat records one in its own transaction (decision 0038).
 */
export async function chatChanges(server: TestServer, leagueId: number): Promise<number> {
  const row = await server.database.db
    .selectFrom('chat_outbox')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('league_id', '=', leagueId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The chat changes recorded for `leagueId` while `run` runs. */
export async function recording(server: TestServer, leagueId: number, run: () => Promise<void>): Promise<number> {
  const before = await chatChanges(server, leagueId);
  await run();
  return (await chatChanges(server, leagueId)) - before;
}

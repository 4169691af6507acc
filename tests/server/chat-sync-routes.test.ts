/**
 * The commissioner's view of the league's chat sync (issue #28 item 6, decision 0040): GET
 * /api/leagues/:id/chat-sync says what is pending, whether and why the last try failed and when
 * the chat was last confirmed in step; POST …/retry makes a failing change due at once, or records
 * a full sync when nothing is pending (once, however often it is asked). Only the commissioner;
 * signed out 401, another league 404, a member who is not its commissioner 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatSyncState } from '../../server/api/chat/chat-sync-state.js';
import { brokenChatService } from '../support/broken-chat.js';
import { startChatServer, type ChatServer } from '../support/chat.js';
import { ENGINES } from '../support/engines.js';
import { Visitor } from '../support/http-client.js';
import { registerMember, startLeague, type Member } from '../support/league-setup.js';

describe.each(ENGINES)("the league's chat sync state on $name", (engine) => {
  let server: ChatServer;
  let founder: Member;
  let player: Member;
  let outsider: Member;
  let leagueId: number;

  const state = async (who: Member = founder) => {
    const answer = await who.visitor.send<ChatSyncState>('GET', `/api/leagues/${leagueId}/chat-sync`);
    expect(answer.status, answer.text).toBe(200);
    return answer.body;
  };
  const retry = (who: Member = founder) =>
    who.visitor.send<ChatSyncState>('POST', `/api/leagues/${leagueId}/chat-sync/retry`);
  /** Runs the outbox until `done` holds for the league's state. */
  const runUntil = async (done: (s: ChatSyncState) => boolean) => {
    await expect
      .poll(
        async () => {
          await server.app.chatOutbox.runDue();
          return done(await state());
        },
        { interval: 50, timeout: 10_000 },
      )
      .toBe(true);
  };

  beforeAll(async () => {
    // Retries wait ten minutes: only "try now" makes a failed change due.
    server = await startChatServer(engine, {
      CHAT_OUTBOX_POLL_MS: '600000',
      CHAT_OUTBOX_RETRY_BASE_MS: '600000',
      CHAT_OUTBOX_RETRY_MAX_MS: '600000',
    });
    founder = await registerMember(server, 'founder');
    player = await registerMember(server, 'player');
    outsider = await registerMember(server, 'outsider');
    // The test runs the outbox itself: with the worker stopped, "try now" only makes changes due.
    await server.app.chatOutbox.stop();
    leagueId = await startLeague(server, founder, [[player, 'player']]);
    await startLeague(server, outsider);
  });
  afterAll(() => server.close());

  it('shows the commissioner what is pending, then when the chat was confirmed in step', async () => {
    // Starting the league recorded its channels' sync.
    const before = await state();
    expect(before).toMatchObject({ pending: 1, failing: null, confirmed_at: null });
    expect(Date.parse(before.next_attempt_at!)).toBeLessThanOrEqual(Date.now());
    await runUntil((s) => s.pending === 0);
    const after = await state();
    expect(after).toMatchObject({ pending: 0, failing: null, next_attempt_at: null });
    expect(Date.parse(after.confirmed_at!)).toBeGreaterThanOrEqual(Date.parse(before.next_attempt_at!));
  });

  it('shows why the last try failed; "try now" makes it due at once, and the sync lands once the chat is back', async () => {
    const outage = await brokenChatService();
    server.app.chatDirectory.setBaseUrl(outage.url);
    try {
      // Nothing pending: "try now" records one full sync, and asking again records no second one.
      const first = await retry();
      expect(first.status, first.text).toBe(202);
      expect((await retry()).body.pending).toBe(1);
      await runUntil((s) => s.failing !== null);
      const failing = await state();
      expect(failing).toMatchObject({ pending: 1, failing: { attempts: 1, last_error: expect.stringMatching(/503/) } });
      expect(Date.parse(failing.failing!.next_attempt_at) - Date.now()).toBeGreaterThan(60_000);
      expect(failing.next_attempt_at).toBe(failing.failing!.next_attempt_at);

      // Ten minutes away, but tried again at once.
      const now = await retry();
      expect(now.status, now.text).toBe(202);
      await runUntil((s) => s.failing?.attempts === 2);
      expect((await state()).pending).toBe(1);
    } finally {
      server.app.chatDirectory.setBaseUrl(null);
      await outage.close();
    }
    expect((await retry()).status).toBe(202);
    await runUntil((s) => s.pending === 0);
    expect(await state()).toMatchObject({ pending: 0, failing: null });
  });

  it("is the commissioner's: a player gets 403, another league's member 404, a visitor 401, a bad id 400", async () => {
    for (const [method, path] of [
      ['GET', `/api/leagues/${leagueId}/chat-sync`],
      ['POST', `/api/leagues/${leagueId}/chat-sync/retry`],
    ] as const) {
      const refused = await player.visitor.send(method, path);
      expect(refused.status, refused.text).toBe(403);
      expect(refused.body).toMatchObject({ message: expect.stringMatching(/Only the commissioner/) });
      expect((await outsider.visitor.send(method, path)).status).toBe(404);
      expect((await new Visitor(server.url).send(method, path)).status).toBe(401);
      expect((await founder.visitor.send(method, path.replace(String(leagueId), 'abc'))).status).toBe(400);
      expect((await founder.visitor.send(method, path.replace(String(leagueId), '999999'))).status).toBe(404);
    }
    // The refused "try now" recorded nothing.
    expect((await state()).pending).toBe(0);
  });
});

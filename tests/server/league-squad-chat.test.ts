/**
 * Team channels follow the squads (issue #28 items 4 and 6, decision 0038), against the real
 * sandbox: a member who joins as a player, one added to a squad with their account, one whose
 * team is changed and one moved by a transfer are each in their team's channel once the chat
 * outbox has applied what the route recorded in its own transaction; while the chat service is
 * down, the change stays pending with its error, and it is applied once the service is back.
 */
import type { StreamChat } from 'stream-chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxState } from '../../server/api/chat/chat-outbox.js';
import { LEAGUE_CHANNEL_TYPE, teamChannelId } from '../../server/api/chat/league-chat.js';
import { brokenChatService } from '../support/broken-chat.js';
import { serverClient, startChatServer, type ChatServer } from '../support/chat.js';
import { ENGINES } from '../support/engines.js';
import { invite, joinWith } from '../support/invitations.js';
import { addTeam, registerMember, startLeague, type Member } from '../support/league-setup.js';

describe.each(ENGINES)('team channels follow the squads on $name', (engine) => {
  let server: ChatServer;
  let admin: StreamChat;
  let founder: Member;
  let leagueId: number;
  let teamA: number;
  let teamB: number;
  let striker: Member;

  /** Runs what the routes recorded until nothing is left (the woken worker may hold the rows a moment). */
  const applyOutbox = async () => {
    await expect
      .poll(
        async () => {
          await server.app.chatOutbox.runDue();
          return outboxState(server.database.db, leagueId);
        },
        { interval: 50, timeout: 10_000 },
      )
      .toEqual({ pending: 0, failing: null });
  };
  const memberIds = async (teamId: number) => {
    const channel = admin.channel(LEAGUE_CHANNEL_TYPE, teamChannelId(leagueId, teamId));
    const { members } = await channel.queryMembers({}).catch(() => ({ members: [] }));
    return members.map((m) => Number(m.user_id)).sort((a, b) => a - b);
  };
  const playerOf = async (userId: number) =>
    (
      await server.database.db
        .selectFrom('players')
        .select('id')
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    // The test applies the outbox itself; a failed try is retried after 50 ms.
    server = await startChatServer(engine, { CHAT_OUTBOX_POLL_MS: '600000', CHAT_OUTBOX_RETRY_BASE_MS: '50' });
    admin = serverClient(server);
    founder = await registerMember(server, 'founder');
    leagueId = await startLeague(server, founder);
    teamA = (await addTeam(founder, leagueId, { name: 'Harbour Rovers' })).body.id;
    teamB = (await addTeam(founder, leagueId, { name: 'Old Town Owls' })).body.id;
  });
  afterAll(() => server.close());

  it("puts a member who joins as a player in their team's squad and channel", async () => {
    const { token } = await invite(founder.visitor, leagueId, { role: 'player', team_id: teamA });
    striker = await joinWith(server, 'striker', token);
    await applyOutbox();
    expect(await memberIds(teamA)).toEqual([striker.id]);
  });

  it("moves a player whose team is changed to the new team's channel", async () => {
    const moved = await founder.visitor.send('PATCH', `/api/leagues/${leagueId}/members/${striker.id}`, {
      json: { team_id: teamB },
    });
    expect(moved.status, moved.text).toBe(200);
    await applyOutbox();
    expect(await memberIds(teamB)).toEqual([striker.id]);
    expect(await memberIds(teamA)).toEqual([]);
  });

  it("moves a player transferred between teams to the new team's channel", async () => {
    const transfer = await founder.visitor.send('POST', `/api/leagues/${leagueId}/transfers`, {
      json: { kind: 'moved', player_id: await playerOf(striker.id), team_id: teamA },
    });
    expect(transfer.status, transfer.text).toBe(201);
    await applyOutbox();
    expect(await memberIds(teamA)).toEqual([striker.id]);
    expect(await memberIds(teamB)).toEqual([]);
  });

  it("puts a member added to a squad with their account in the team's channel", async () => {
    const fan = await joinWith(server, 'fan', (await invite(founder.visitor, leagueId, { role: 'supporter' })).token);
    const added = await founder.visitor.send('POST', `/api/teams/${teamB}/players`, {
      json: { position: 'FW', user_id: fan.id },
    });
    expect(added.status, added.text).toBe(201);
    await applyOutbox();
    expect(await memberIds(teamB)).toEqual([fan.id]);
  });

  it('keeps a team change pending while the chat service is down, and applies it once back', async () => {
    const outage = await brokenChatService();
    server.app.chatDirectory.setBaseUrl(outage.url);
    try {
      const moved = await founder.visitor.send('PATCH', `/api/leagues/${leagueId}/members/${striker.id}`, {
        json: { team_id: teamB },
      });
      expect(moved.status, moved.text).toBe(200);
      await expect
        .poll(
          async () => {
            await server.app.chatOutbox.runDue();
            return (await outboxState(server.database.db, leagueId)).failing?.last_error ?? '';
          },
          { interval: 50, timeout: 10_000 },
        )
        .toMatch(/503/);
      expect((await outboxState(server.database.db, leagueId)).pending).toBeGreaterThan(0);
    } finally {
      server.app.chatDirectory.setBaseUrl(null);
      await outage.close();
    }
    expect(await memberIds(teamA)).toContain(striker.id);
    await applyOutbox();
    expect(await memberIds(teamB)).toContain(striker.id);
    expect(await memberIds(teamA)).toEqual([]);
  });
});

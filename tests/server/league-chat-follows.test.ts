/**
 * The league's own routes keep its chat in step (issue #28 item 6, decision 0035): starting a
 * league gives it its channels, a team gets its channel with its coach as moderator, a member who
 * joins by invitation is in the league's channels, and one removed is out of them — each through
 * the chat outbox, recorded with the league change and applied by the worker.
 */
import type { StreamChat } from 'stream-chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxState } from '../../server/api/chat/chat-outbox.js';
import { LEAGUE_CHANNEL_TYPE, leagueChannelId, teamChannelId } from '../../server/api/chat/league-chat.js';
import { serverClient, startChatServer, type ChatServer } from '../support/chat.js';
import { ENGINES } from '../support/engines.js';
import { invite, joinWith } from '../support/invitations.js';
import { addTeam, registerMember, startLeague, type Member } from '../support/league-setup.js';

describe.each(ENGINES)("the league's chat follows its routes on $name", (engine) => {
  let server: ChatServer;
  let admin: StreamChat;
  let founder: Member;
  let leagueId: number;

  /**
   * Runs what the routes recorded until nothing is left. A membership change also wakes the worker
   * itself, which may hold the league's rows for a moment, so this waits for it too.
   */
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
  const memberIds = async (channelId: string) => {
    const { members } = await admin.channel(LEAGUE_CHANNEL_TYPE, channelId).queryMembers({});
    return members.map((m) => Number(m.user_id)).sort((a, b) => a - b);
  };
  const moderatorIds = async (channelId: string) => {
    const { members } = await admin.channel(LEAGUE_CHANNEL_TYPE, channelId).queryMembers({});
    return members.filter((m) => m.channel_role === 'channel_moderator').map((m) => Number(m.user_id));
  };

  beforeAll(async () => {
    // The test applies the outbox itself, so the worker's poll never races it.
    server = await startChatServer(engine, { CHAT_OUTBOX_POLL_MS: '600000' });
    admin = serverClient(server);
    founder = await registerMember(server, 'founder');
    leagueId = await startLeague(server, founder);
  });
  afterAll(() => server.close());

  it('a new league gets general, match-day and results channels, its results channel takes its cards', async () => {
    const league = await server.database.db
      .selectFrom('leagues')
      .select('chat_channel')
      .where('id', '=', leagueId)
      .executeTakeFirstOrThrow();
    expect(league.chat_channel).toBe(`${LEAGUE_CHANNEL_TYPE}:${leagueChannelId(leagueId, 'results')}`);
    expect((await outboxState(server.database.db, leagueId)).pending).toBeGreaterThan(0);
    await applyOutbox();
    for (const kind of ['general', 'match-day', 'results'] as const) {
      expect(await memberIds(leagueChannelId(leagueId, kind))).toEqual([founder.id]);
      expect(await moderatorIds(leagueChannelId(leagueId, kind))).toEqual([founder.id]);
    }
  });

  it('a team gets its channel, and a member who joins by invitation as its coach is in it and moderates it', async () => {
    const team = await addTeam(founder, leagueId, { name: 'Harbour Rovers' });
    expect(team.status, team.text).toBe(201);
    const { token } = await invite(founder.visitor, leagueId, { role: 'coach', team_id: team.body.id });
    const coach = await joinWith(server, 'coach', token);
    await applyOutbox();
    const channel = teamChannelId(leagueId, team.body.id);
    expect(await memberIds(channel)).toEqual([coach.id]);
    expect(await moderatorIds(channel)).toEqual([coach.id]);
    expect(await memberIds(leagueChannelId(leagueId, 'general'))).toEqual([founder.id, coach.id].sort((a, b) => a - b));

    // Removed by the commissioner: out of every channel of the league.
    const removed = await founder.visitor.send('DELETE', `/api/leagues/${leagueId}/members/${coach.id}`);
    expect(removed.status, removed.text).toBe(204);
    await applyOutbox();
    expect(await memberIds(channel)).toEqual([]);
    for (const kind of ['general', 'match-day', 'results'] as const)
      expect(await memberIds(leagueChannelId(leagueId, kind))).toEqual([founder.id]);
  });
});

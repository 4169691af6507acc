/**
 * The demo league's chat follows its data like any league's (decision 0040): its general, match
 * day and results channels and its four team channels keep their ids (`general`, `harbour-hawks`,
 * …) and messages, but their members come from the league through the chat sync — a team channel
 * holds the team's registered squad players who are members, its coach and its team-role members
 * (commissioners are not in team channels) — after a start, and again after a transfer.
 */
import type { StreamChat } from 'stream-chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxState } from '../../server/api/chat/chat-outbox.js';
import { syncDemoChat } from '../../server/api/chat/demo-chat.js';
import { LEAGUE_CHANNEL_TYPE } from '../../server/api/chat/league-chat.js';
import { DEMO_USERS } from '../../server/db/seed/demo-users.js';
import { seedDemoData } from '../../server/db/seed/seed.js';
import { serverClient, startChatServer, type ChatServer } from '../support/chat.js';
import { ENGINES } from '../support/engines.js';
import { Visitor } from '../support/http-client.js';

/** The demo team channels and who must be in them, as indexes of the demo members. */
const TEAM_CHANNELS = {
  'harbour-hawks': { team: 'Harbour Hawks', members: [1, 4, 11] },
  'canal-street-comets': { team: 'Canal Street Comets', members: [2, 3] },
  'old-town-owls': { team: 'Old Town Owls', members: [5, 9] },
  'bayside-bears': { team: 'Bayside Bears', members: [6, 7] },
} as const;

describe.each(ENGINES)("the demo league's chat follows its data on $name", (engine) => {
  let server: ChatServer;
  let admin: StreamChat;
  let leagueId: number;
  let ids: number[];

  const db = () => server.database.db;
  const memberIds = async (channelId: string) => {
    const { members } = await admin.channel(LEAGUE_CHANNEL_TYPE, channelId).queryMembers({});
    return members.map((m) => Number(m.user_id)).sort((a, b) => a - b);
  };
  const sorted = (list: number[]) => [...new Set(list)].sort((a, b) => a - b);
  /** The team's squad players who are members, its coach and its team-role members, from the database. */
  const squadOf = async (teamName: string) => {
    const team = await db()
      .selectFrom('teams')
      .select(['id', 'coach_user_id'])
      .where('league_id', '=', leagueId)
      .where('name', '=', teamName)
      .executeTakeFirstOrThrow();
    const players = await db()
      .selectFrom('players as p')
      .innerJoin('squad_memberships as sm', 'sm.player_id', 'p.id')
      .innerJoin('league_members as lm', (join) =>
        join.onRef('lm.user_id', '=', 'p.user_id').on('lm.league_id', '=', leagueId),
      )
      .select('p.user_id')
      .where('sm.team_id', '=', team.id)
      .where('sm.until_at', 'is', null)
      .execute();
    const roles = await db()
      .selectFrom('league_members')
      .select('user_id')
      .where('league_id', '=', leagueId)
      .where('team_id', '=', team.id)
      .execute();
    return sorted([
      ...players.map((p) => p.user_id!),
      ...roles.map((r) => r.user_id),
      ...(team.coach_user_id ? [team.coach_user_id] : []),
    ]);
  };

  beforeAll(async () => {
    server = await startChatServer(engine, { CHAT_OUTBOX_POLL_MS: '600000' });
    await server.app.chatOutbox.stop();
    admin = serverClient(server);
    // What `npm start` does: seed, then (listening) set up the demo chat.
    await seedDemoData(server.database, server.config.dataDir, server.config.demoPassword);
    leagueId = (await db().selectFrom('leagues').select('id').executeTakeFirstOrThrow()).id;
    expect((await outboxState(db(), leagueId)).pending).toBe(1);
    await syncDemoChat(server.app.chatDirectory, server.database);
    const users = await db()
      .selectFrom('users')
      .select(['id', 'email'])
      .where(
        'email',
        'in',
        DEMO_USERS.map((u) => u.email),
      )
      .execute();
    ids = DEMO_USERS.map((u) => users.find((row) => row.email === u.email)!.id);
  });
  afterAll(() => server.close());

  it("after a start, each team channel holds the team's registered players, coach and team members; the league channels everyone", async () => {
    for (const [channel, { team, members }] of Object.entries(TEAM_CHANNELS)) {
      const expected = sorted(members.map((m) => ids[m]!));
      expect(await squadOf(team)).toEqual(expected);
      expect(await memberIds(channel)).toEqual(expected);
    }
    for (const channel of ['general', 'matchday', 'results']) expect(await memberIds(channel)).toEqual(sorted(ids));
    // The coach moderates the team channel; the commissioner the league channels.
    const { members } = await admin.channel(LEAGUE_CHANNEL_TYPE, 'harbour-hawks').queryMembers({});
    expect(members.filter((m) => m.channel_role === 'channel_moderator').map((m) => Number(m.user_id))).toEqual([
      ids[1],
    ]);
    const general = await admin.channel(LEAGUE_CHANNEL_TYPE, 'general').queryMembers({});
    expect(general.members.filter((m) => m.channel_role === 'channel_moderator').map((m) => Number(m.user_id))).toEqual(
      [ids[0]],
    );
    // Its messages stayed.
    const [hawks] = await admin.queryChannels({ id: 'harbour-hawks' }, [], { message_limit: 10 });
    expect(hawks!.state.messages.map((m) => m.text)).toContain('Training on Thursday at 19:00, bring both kits.');
  });

  it('follows a transfer: the player leaves the old team channel and joins the new one', async () => {
    const alex = new Visitor(server.url);
    expect((await alex.signIn(DEMO_USERS[0]!.email, server.config.demoPassword)).status).toBe(200);
    const teams = await db().selectFrom('teams').select(['id', 'name']).where('league_id', '=', leagueId).execute();
    const teamId = (name: string) => teams.find((t) => t.name === name)!.id;
    const priya = await db()
      .selectFrom('players')
      .select('id')
      .where('user_id', '=', ids[4]!)
      .executeTakeFirstOrThrow();
    const moved = await alex.send('POST', `/api/leagues/${leagueId}/transfers`, {
      json: {
        kind: 'moved',
        player_id: priya.id,
        team_id: teamId('Canal Street Comets'),
        from_team_id: teamId('Harbour Hawks'),
      },
    });
    expect(moved.status, moved.text).toBe(201);
    // The commissioner's "try now" brings the chat in step with whatever the league has now.
    expect((await alex.send('POST', `/api/leagues/${leagueId}/chat-sync/retry`)).status).toBe(202);
    await expect
      .poll(
        async () => {
          await server.app.chatOutbox.runDue();
          return outboxState(db(), leagueId);
        },
        { interval: 50, timeout: 10_000 },
      )
      .toEqual({ pending: 0, failing: null });
    expect(await memberIds('harbour-hawks')).toEqual(sorted([ids[1]!, ids[11]!]));
    expect(await memberIds('canal-street-comets')).toEqual(sorted([ids[2]!, ids[3]!, ids[4]!]));
    expect(await memberIds('canal-street-comets')).toEqual(await squadOf('Canal Street Comets'));
  });
});

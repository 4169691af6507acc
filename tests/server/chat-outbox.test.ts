/**
 * The chat outbox and "sync league" (docs/decisions/0035) against the real sandbox, on every
 * engine: a league change recorded in the database is applied to the chat service, retried while
 * the service is down (a real HTTP server answering 503), applied once it is back, idempotent,
 * and a removed member leaves every league channel, their open socket included.
 */
import type { Event, StreamChat } from 'stream-chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue, outboxState, retryDelay } from '../../server/api/chat/chat-outbox.js';
import { leagueChannelId, teamChannelId } from '../../server/api/chat/league-chat.js';
import { syncLeagueChat } from '../../server/api/chat/league-sync.js';
import { buildLeague, type BuiltLeague } from '../support/league-builder.js';
import { connectClient, serverClient, settle, startChatServer, type ChatServer } from '../support/chat.js';
import { ENGINES } from '../support/engines.js';
import { brokenChatService } from '../support/broken-chat.js';

const BASE_MS = 40;
const MAX_MS = 160;

describe('chat outbox retry delays', () => {
  it('doubles from the base up to the longest', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelay(n, 1000, 5000))).toEqual([1000, 2000, 4000, 5000, 5000]);
    expect(retryDelay(0, 1000, 5000)).toBe(1000);
    expect(retryDelay(500, 1000, 300_000)).toBe(300_000);
  });
});

describe.each(ENGINES)('the chat outbox on $name', (engine) => {
  let server: ChatServer;
  let admin: StreamChat;
  let league: BuiltLeague;
  /** Team 0's registered players besides `player` (17, so the squad has 18 members with accounts). */
  let squad: number[];

  const db = () => server.database.db;
  const sync = async (leagueId = league.id) => {
    await enqueue(db(), { kind: 'sync-league', leagueId });
    return server.app.chatOutbox.runDue();
  };
  const membersOf = async (id: string) => {
    const { members } = await admin.channel('team', id).queryMembers({}, [{ created_at: 1 }], { limit: 300 });
    return members;
  };
  const idsOf = async (id: string) => (await membersOf(id)).map((m) => Number(m.user_id)).sort((a, b) => a - b);
  const moderatorsOf = async (id: string) =>
    (await membersOf(id))
      .filter((m) => m.channel_role === 'channel_moderator')
      .map((m) => Number(m.user_id))
      .sort((a, b) => a - b);
  const chatTeams = async (userId: number) => (await admin.queryUsers({ id: String(userId) })).users[0]?.teams;
  const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

  beforeAll(async () => {
    server = await startChatServer(engine, {
      CHAT_OUTBOX_RETRY_BASE_MS: String(BASE_MS),
      CHAT_OUTBOX_RETRY_MAX_MS: String(MAX_MS),
      // The tests run the outbox themselves (runDue), except where they wake the worker.
      CHAT_OUTBOX_POLL_MS: '600000',
    });
    admin = serverClient(server);
    league = await buildLeague(server, { teams: 3, squad: 18 });
    // 17 more of team 0's players get accounts (straight in the database: no chat user yet).
    squad = [];
    const players = league.teams[0]!.players.slice(1);
    for (const [i, playerId] of players.entries()) {
      const user = await db()
        .insertInto('users')
        .values({
          email: `squad-${i}-${league.id}@league.example`,
          name: `Squad Player ${i}`,
          password_hash: 'not-a-hash',
          bio: '',
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db().updateTable('players').set({ user_id: user.id }).where('id', '=', playerId).execute();
      await db()
        .insertInto('league_members')
        .values({ league_id: league.id, user_id: user.id, role: 'player', team_id: league.teams[0]!.id })
        .execute();
      squad.push(user.id);
    }
  });
  afterAll(() => server.close());

  it("creates the league's channels with every member, the squad and coach in their team's channel", async () => {
    expect(await sync()).toBe(1);
    const { commissioner, coach, otherCoach, player, referee, outsider } = league.members;
    const everyone = sorted([commissioner.id, coach.id, otherCoach.id, player.id, referee.id, ...squad]);
    for (const kind of ['general', 'match-day', 'results'] as const) {
      const id = leagueChannelId(league.id, kind);
      expect(await idsOf(id)).toEqual(everyone);
      expect(await moderatorsOf(id)).toEqual([commissioner.id]);
    }
    const [general] = await admin.queryChannels({ id: leagueChannelId(league.id, 'general') });
    expect(general?.data).toMatchObject({
      team: `league-${league.id}`,
      name: expect.stringContaining('Test League') as unknown,
      league_id: league.id,
      league_channel: 'general',
    });

    // The 18-player squad and its coach, who moderates it.
    const first = teamChannelId(league.id, league.teams[0]!.id);
    expect(await idsOf(first)).toEqual(sorted([coach.id, player.id, ...squad]));
    expect(await idsOf(first)).toHaveLength(19);
    expect(await moderatorsOf(first)).toEqual([coach.id]);
    const second = teamChannelId(league.id, league.teams[1]!.id);
    expect(await idsOf(second)).toEqual([otherCoach.id]);
    // Nobody of the league has an account in team 2: its channel waits for someone.
    expect(await admin.queryChannels({ id: teamChannelId(league.id, league.teams[2]!.id) })).toEqual([]);

    // Chat users in the league's team (those without one created), the outsider not.
    expect(await chatTeams(squad[0]!)).toEqual([`member-${squad[0]}`, `league-${league.id}`]);
    expect(await chatTeams(player.id)).toEqual([`member-${player.id}`, `league-${league.id}`]);
    expect((await chatTeams(outsider.id))?.includes(`league-${league.id}`)).toBe(false);
    expect(await outboxState(db(), league.id)).toEqual({ pending: 0, failing: null });
  });

  it('lets a member find and message only people of their league', async () => {
    const { player, outsider, referee } = league.members;
    const client = await connectClient(server, String(player.id));
    const channels = (await client.queryChannels({ type: 'team' })).map((c) => c.id).sort();
    expect(channels).toEqual(
      [
        leagueChannelId(league.id, 'general'),
        leagueChannelId(league.id, 'match-day'),
        leagueChannelId(league.id, 'results'),
        teamChannelId(league.id, league.teams[0]!.id),
      ].sort(),
    );
    const found = (await client.queryUsers({ name: { $autocomplete: 'tester' } }, [], { limit: 100 })).users;
    expect(found.map((u) => Number(u.id))).toContain(referee.id);
    expect(found.map((u) => Number(u.id))).not.toContain(outsider.id);
    const direct = client.channel('messaging', {
      members: [String(player.id), String(referee.id)],
      team: `league-${league.id}`,
    });
    await direct.watch();
    await expect(
      client
        .channel('messaging', { members: [String(player.id), String(outsider.id)], team: `league-${league.id}` })
        .create(),
    ).rejects.toMatchObject({ code: 17 });
    // A member of no league finds nobody and opens no conversation.
    const loner = await connectClient(server, String(outsider.id));
    await db().deleteFrom('league_members').where('user_id', '=', outsider.id).execute();
    await admin.partialUpdateUser({ id: String(outsider.id), set: { teams: [`member-${outsider.id}`] } });
    expect((await loner.queryUsers({ name: { $autocomplete: 'tester' } })).users.map((u) => u.id)).toEqual([
      String(outsider.id),
    ]);
    await expect(
      loner.channel('messaging', { members: [String(outsider.id), String(referee.id)] }).create(),
    ).rejects.toMatchObject({
      code: 17,
    });
  });

  it('changes nothing when the same sync runs again', async () => {
    const client = await connectClient(server, String(league.members.coach.id));
    await client.queryChannels({ type: 'team' }, [], { watch: true });
    const events: Event[] = [];
    client.on((event) => {
      if (event.type !== 'health.check' && !event.type.startsWith('connection.')) events.push(event);
    });
    const channelsBefore = await admin.queryChannels({ team: `league-${league.id}` }, [{ created_at: 1 }]);
    const before = channelsBefore.map((c) => [c.id, c.data?.updated_at]);
    expect(await sync()).toBe(1);
    await syncLeagueChat(server.app.chatDirectory, db(), league.id);
    await settle(300);
    expect(events.map((e) => e.type)).toEqual([]);
    const after = (await admin.queryChannels({ team: `league-${league.id}` }, [{ created_at: 1 }])).map((c) => [
      c.id,
      c.data?.updated_at,
    ]);
    expect(after).toEqual(before);
  });

  it('follows role and team changes: moderators swapped, a player moved between team channels', async () => {
    const { commissioner, referee, player } = league.members;
    await db().updateTable('league_members').set({ role: 'referee' }).where('user_id', '=', commissioner.id).execute();
    await db().updateTable('league_members').set({ role: 'commissioner' }).where('user_id', '=', referee.id).execute();
    await db()
      .updateTable('league_members')
      .set({ team_id: league.teams[1]!.id })
      .where('user_id', '=', player.id)
      .execute();
    await db()
      .updateTable('squad_memberships')
      .set({ team_id: league.teams[1]!.id })
      .where('player_id', '=', league.teams[0]!.players[0]!)
      .execute();
    expect(await sync()).toBe(1);
    expect(await moderatorsOf(leagueChannelId(league.id, 'general'))).toEqual([referee.id]);
    expect(await idsOf(leagueChannelId(league.id, 'general'))).toContain(commissioner.id);
    expect(await idsOf(teamChannelId(league.id, league.teams[0]!.id))).not.toContain(player.id);
    expect(await idsOf(teamChannelId(league.id, league.teams[1]!.id))).toContain(player.id);
  });

  it('keeps a change pending with its attempts and error while the chat service is down, and applies it once back', async () => {
    const moved = squad[0]!;
    await db()
      .updateTable('league_members')
      .set({ team_id: league.teams[2]!.id })
      .where('user_id', '=', moved)
      .execute();
    await db()
      .updateTable('squad_memberships')
      .set({ team_id: league.teams[2]!.id })
      .where('player_id', '=', league.teams[0]!.players[1]!)
      .execute();
    const outage = await brokenChatService();
    server.app.chatDirectory.setBaseUrl(outage.url);
    try {
      expect(await sync()).toBe(0);
      const first = await outboxState(db(), league.id);
      expect(first).toMatchObject({ pending: 1, failing: { attempts: 1, last_error: expect.stringMatching(/503/) } });
      expect(Date.parse(first.failing!.next_attempt_at) - Date.now()).toBeGreaterThan(0);
      expect(await server.app.chatOutbox.runDue()).toBe(0); // not due yet: nothing tried
      expect((await outboxState(db(), league.id)).failing?.attempts).toBe(1);
      await settle(BASE_MS + 20);
      expect(await server.app.chatOutbox.runDue()).toBe(0);
      const second = await outboxState(db(), league.id);
      expect(second.failing?.attempts).toBe(2);
      // The wait doubled: about 2 × base after the second failure.
      expect(Date.parse(second.failing!.next_attempt_at) - Date.now()).toBeGreaterThan(BASE_MS);
      expect(await idsOf(teamChannelId(league.id, league.teams[2]!.id)).catch(() => [])).toEqual([]);
    } finally {
      server.app.chatDirectory.setBaseUrl(null);
      await outage.close();
    }
    await settle(2 * BASE_MS + 20);
    expect(await server.app.chatOutbox.runDue()).toBe(1);
    expect(await outboxState(db(), league.id)).toEqual({ pending: 0, failing: null });
    expect(await idsOf(teamChannelId(league.id, league.teams[2]!.id))).toEqual([moved]);
    expect(await idsOf(teamChannelId(league.id, league.teams[0]!.id))).not.toContain(moved);
  });

  it('applies several recorded changes of a league in one run, and one server at a time', async () => {
    await enqueue(db(), { kind: 'sync-league', leagueId: league.id });
    await enqueue(db(), { kind: 'sync-league', leagueId: league.id });
    await enqueue(db(), { kind: 'sync-league', leagueId: league.id });
    expect((await outboxState(db(), league.id)).pending).toBe(3);
    const runs = await Promise.all([server.app.chatOutbox.runDue(), server.app.chatOutbox.runDue()]);
    expect(runs[0] + runs[1]).toBe(1);
    expect(await outboxState(db(), league.id)).toEqual({ pending: 0, failing: null });
  });

  it('takes a removed member out of every league channel and its team, their open socket too', async () => {
    const leaving = squad[1]!;
    const client = await connectClient(server, String(leaving));
    const watched = await client.queryChannels({ type: 'team' }, [], { watch: true });
    expect(watched).toHaveLength(4);
    const removals: string[] = [];
    client.on('notification.removed_from_channel', (event) => removals.push(event.cid!));
    await db().deleteFrom('league_members').where('user_id', '=', leaving).execute();
    await db().updateTable('players').set({ user_id: null }).where('user_id', '=', leaving).execute();
    expect(await sync()).toBe(1);

    const stillIn = await admin.queryChannels({ team: `league-${league.id}`, members: { $in: [String(leaving)] } });
    expect(stillIn).toEqual([]);
    expect(await chatTeams(leaving)).toEqual([`member-${leaving}`]);
    await settle(200);
    expect(removals.sort()).toEqual(watched.map((c) => c.cid).sort());
    const heard: Event[] = [];
    client.on('message.new', (event) => heard.push(event));
    await admin
      .channel('team', leagueChannelId(league.id, 'general'))
      .sendMessage({ text: 'Only for members', user_id: String(league.members.referee.id) });
    await settle(300);
    expect(heard).toEqual([]);
    await expect(client.channel('team', leagueChannelId(league.id, 'general')).watch()).rejects.toMatchObject({
      code: 17,
    });
  });

  it('runs with the server: a woken worker applies a recorded change on its own', async () => {
    await db().updateTable('teams').set({ name: 'Renamed Rovers' }).where('id', '=', league.teams[1]!.id).execute();
    await enqueue(db(), { kind: 'sync-league', leagueId: league.id });
    server.app.chatOutbox.wake();
    const deadline = Date.now() + 5000;
    while ((await outboxState(db(), league.id)).pending > 0 && Date.now() < deadline) await settle(50);
    const [renamed] = await admin.queryChannels({ id: teamChannelId(league.id, league.teams[1]!.id) });
    expect(renamed?.data?.name).toBe('Renamed Rovers');
  });
});

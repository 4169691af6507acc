import type { Channel, StreamChat } from 'stream-chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../support/engines.js';
import {
  connectClient,
  nextEvent,
  rawChat,
  recordEvents,
  serverClient,
  settle,
  startChatServer,
  type ChatServer,
} from '../support/chat.js';

/** The protocol error a rejected client call carries. */
async function failure(call: Promise<unknown>): Promise<{ code?: number; status?: number; message: string }> {
  try {
    await call;
  } catch (error) {
    const { code, status, message } = error as { code?: number; status?: number; message: string };
    return { code, status, message };
  }
  throw new Error('the call succeeded');
}

describe.each(ENGINES)('chat moderation on $name', (engine) => {
  let server: ChatServer;
  let alice: StreamChat;
  let aliceTablet: StreamChat;
  let bob: StreamChat;
  let carol: StreamChat;
  let dave: StreamChat;
  let admin: StreamChat;
  const cid = 'messaging:pitch';
  const pitch = (client: StreamChat): Channel => client.channel('messaging', 'pitch');

  beforeAll(async () => {
    server = await startChatServer(engine);
    alice = await connectClient(server, 'alice', 'Alice Adams');
    aliceTablet = await connectClient(server, 'alice', 'Alice Adams');
    bob = await connectClient(server, 'bob', 'Bob Brown');
    carol = await connectClient(server, 'carol', 'Carol Clark');
    dave = await connectClient(server, 'dave', 'Dave Dunn');
    await serverClient(server).upsertUser({ id: 'root', name: 'Root', role: 'admin' });
    admin = await connectClient(server, 'root', 'Root');
    const setup = serverClient(server).channel('messaging', 'pitch', {
      members: ['alice', 'bob', 'carol', 'dave'],
      created_by_id: 'alice',
    });
    await setup.create();
    await setup.addModerators(['alice']);
    for (const client of [alice, bob, carol, dave]) await pitch(client).watch();
  });
  afterAll(() => server.close());

  describe('user mutes', () => {
    it('mutes a user: the answer, notification.mutes_updated with a complete me on every connection', async () => {
      const onPhone = nextEvent(alice, 'notification.mutes_updated');
      const onTablet = nextEvent(aliceTablet, 'notification.mutes_updated');
      const bobEvents = recordEvents(bob, 'notification.mutes_updated');
      const answer = await alice.muteUser('bob');
      expect(answer.mute).toMatchObject({ user: { id: 'alice' }, target: { id: 'bob', name: 'Bob Brown' } });
      expect(answer.mute?.created_at).toBeTruthy();
      expect(answer.own_user?.mutes.map((m) => m.target.id)).toEqual(['bob']);
      const event = await onPhone;
      expect(event.me).toMatchObject({ id: 'alice', channel_mutes: [], total_unread_count: expect.any(Number) });
      expect(event.me?.mutes.map((m) => m.target.id)).toEqual(['bob']);
      await onTablet;
      expect(alice.mutedUsers.map((m) => m.target.id)).toEqual(['bob']);
      expect(aliceTablet.mutedUsers.map((m) => m.target.id)).toEqual(['bob']);
      expect(alice.userMuteStatus('bob')).toBe(true);
      await settle();
      expect(bobEvents).toHaveLength(0);
    });

    it("does not count a muted user's messages as unread", async () => {
      const before = pitch(alice).countUnread();
      const arrived = nextEvent(alice, 'message.new');
      await pitch(bob).sendMessage({ text: 'muted chatter' });
      await arrived;
      expect(pitch(alice).countUnread()).toBe(before);
    });

    it('mutes with a timeout in minutes and unmutes', async () => {
      const { mute } = await alice.muteUser('carol', undefined, { timeout: 60 });
      const expires = Date.parse(mute?.expires ?? '');
      expect(expires - Date.now()).toBeGreaterThan(59 * 60_000);
      expect(expires - Date.now()).toBeLessThanOrEqual(60 * 60_000);
      const updated = nextEvent(alice, 'notification.mutes_updated');
      expect(await alice.unmuteUser('bob')).toMatchObject({ duration: expect.any(String) });
      expect((await updated).me?.mutes.map((m) => m.target.id)).toEqual(['carol']);
      expect(alice.userMuteStatus('bob')).toBe(false);
      await alice.unmuteUser('carol');
      await settle();
      expect(alice.mutedUsers).toEqual([]);
    });

    it('mutes several users at once with target_ids, and on behalf of a user with the server token', async () => {
      const answer = await rawChat(server, 'POST', '/moderation/mute', 'dave', { target_ids: ['bob', 'carol'] });
      expect(answer.status).toBe(200);
      expect((answer.body.mutes as { target: { id: string } }[]).map((m) => m.target.id)).toEqual(['bob', 'carol']);
      const updated = nextEvent(dave, 'notification.mutes_updated');
      await serverClient(server).unmuteUser('bob', 'dave');
      expect((await updated).me?.mutes.map((m) => m.target.id)).toEqual(['carol']);
      await serverClient(server).unmuteUser('carol', 'dave');
    });

    it('treats an expired mute as gone', async () => {
      await rawChat(server, 'POST', '/moderation/mute', 'carol', { target_id: 'dave', timeout: 0.002 });
      await settle(250);
      const updated = nextEvent(carol, 'notification.mutes_updated');
      await carol.muteUser('bob');
      expect((await updated).me?.mutes.map((m) => m.target.id)).toEqual(['bob']);
      await carol.unmuteUser('bob');
    });

    it('refuses bad mutes with the protocol error and changes nothing', async () => {
      const events = recordEvents(alice, 'notification.mutes_updated');
      expect(await failure(alice.muteUser('alice'))).toMatchObject({
        code: 4,
        status: 400,
        message: expect.stringContaining('cannot mute themselves'),
      });
      expect(await failure(alice.muteUser('nobody'))).toMatchObject({
        code: 16,
        status: 404,
        message: expect.stringContaining('target user nobody does not exist'),
      });
      const missing = await rawChat(server, 'POST', '/moderation/mute', 'alice', {});
      expect(missing).toMatchObject({ status: 400, body: { code: 4, StatusCode: 400 } });
      expect(missing.body.message).toContain('either target_id or target_ids is required');
      const badTimeout = await rawChat(server, 'POST', '/moderation/mute', 'alice', { target_id: 'bob', timeout: -5 });
      expect(badTimeout.body).toMatchObject({ code: 4, message: expect.stringContaining('timeout') });
      const partlyUnknown = await rawChat(server, 'POST', '/moderation/mute', 'alice', {
        target_ids: ['bob', 'nobody'],
      });
      expect(partlyUnknown.body).toMatchObject({ code: 16 });
      const serverWithoutUser = await rawChat(server, 'POST', '/moderation/mute', null, { target_id: 'bob' });
      expect(serverWithoutUser.body).toMatchObject({ code: 4 });
      expect(await failure(alice.unmuteUser('nobody'))).toMatchObject({ code: 16 });
      await settle();
      expect(events).toHaveLength(0);
      expect(alice.mutedUsers).toEqual([]);
    });
  });

  describe('channel mutes', () => {
    it('mutes a channel: the answer, notification.channel_mutes_updated and channel.muteStatus()', async () => {
      const updated = nextEvent(bob, 'notification.channel_mutes_updated');
      const answer = await pitch(bob).mute();
      expect(answer.channel_mute).toMatchObject({ user: { id: 'bob' }, channel: { cid, config: expect.any(Object) } });
      expect(answer.own_user.channel_mutes.map((m) => m.channel?.cid)).toEqual([cid]);
      expect(answer.channel_mutes?.map((m) => m.channel?.cid)).toEqual([cid]);
      expect((await updated).me?.channel_mutes.map((m) => m.channel?.cid)).toEqual([cid]);
      expect(pitch(bob).muteStatus()).toMatchObject({ muted: true, expiresAt: null });
      expect(bob.mutedChannels.map((m) => m.channel?.cid)).toEqual([cid]);
    });

    it('mutes with an expiration in milliseconds and unmutes', async () => {
      await pitch(bob).mute({ expiration: 3_600_000 });
      await settle();
      const status = pitch(bob).muteStatus();
      expect(status.muted).toBe(true);
      expect((status.expiresAt?.getTime() ?? 0) - Date.now()).toBeGreaterThan(3_500_000);
      const updated = nextEvent(bob, 'notification.channel_mutes_updated');
      await pitch(bob).unmute();
      expect((await updated).me?.channel_mutes).toEqual([]);
      expect(pitch(bob).muteStatus().muted).toBe(false);
    });

    it('refuses unknown channels, missing cids and channels the user may not mute', async () => {
      const events = recordEvents(bob, 'notification.channel_mutes_updated');
      const unknown = await rawChat(server, 'POST', '/moderation/mute/channel', 'bob', {
        channel_cid: 'messaging:nope',
      });
      expect(unknown).toMatchObject({
        status: 404,
        body: { code: 16, message: expect.stringContaining('messaging:nope') },
      });
      const missing = await rawChat(server, 'POST', '/moderation/mute/channel', 'bob', {});
      expect(missing).toMatchObject({ status: 400, body: { code: 4 } });
      await serverClient(server)
        .channel('messaging', 'closed', { members: ['alice'], created_by_id: 'alice' })
        .create();
      const outsider = await rawChat(server, 'POST', '/moderation/mute/channel', 'bob', {
        channel_cids: ['messaging:closed'],
      });
      expect(outsider).toMatchObject({ status: 403, body: { code: 17 } });
      const unmuteUnknown = await rawChat(server, 'POST', '/moderation/unmute/channel', 'bob', {
        channel_cid: 'messaging:nope',
      });
      expect(unmuteUnknown.body).toMatchObject({ code: 16 });
      await settle();
      expect(events).toHaveLength(0);
      expect(bob.mutedChannels).toEqual([]);
    });
  });

  describe('bans', () => {
    it('refuses a channel ban by a plain member (code 17) and changes nothing', async () => {
      const events = recordEvents(alice, 'user.banned');
      expect(await failure(pitch(bob).banUser('carol', { reason: 'spam' }))).toMatchObject({
        code: 17,
        status: 403,
        message: expect.stringContaining('BanChannelMember'),
      });
      await settle();
      expect(events).toHaveLength(0);
      const state = await pitch(alice).query({ state: true });
      expect(state.members.find((m) => m.user?.id === 'carol')?.banned).toBe(false);
    });

    it('bans in a channel: user.banned to the watchers, member flags, and the banned user cannot post', async () => {
      const seenByBob = nextEvent(bob, 'user.banned');
      const seenByCarol = nextEvent(carol, 'user.banned');
      expect(await pitch(alice).banUser('carol', { reason: 'spam', timeout: 30 })).toMatchObject({
        duration: expect.any(String),
      });
      const event = await seenByBob;
      expect(event).toMatchObject({
        cid,
        channel_id: 'pitch',
        channel_type: 'messaging',
        user: { id: 'carol' },
        reason: 'spam',
        shadow: false,
        created_by: { id: 'alice' },
      });
      expect(Date.parse((event as { expiration?: string }).expiration ?? '') - Date.now()).toBeGreaterThan(29 * 60_000);
      await seenByCarol;
      expect(pitch(bob).state.members.carol?.banned).toBe(true);
      const state = await pitch(dave).query({ state: true });
      expect(state.members.find((m) => m.user?.id === 'carol')).toMatchObject({ banned: true, shadow_banned: false });
      expect(state.members.find((m) => m.user?.id === 'carol')?.ban_expires).toBeTruthy();
      expect(await failure(pitch(carol).sendMessage({ text: 'let me in' }))).toMatchObject({ code: 17 });
    });

    it('lists bans with query_banned_users', async () => {
      const { bans } = await alice.queryBannedUsers({ channel_cid: cid }, [{ created_at: -1 }], {
        exclude_expired_bans: true,
      });
      expect(bans).toHaveLength(1);
      expect(bans?.[0]).toMatchObject({
        user: { id: 'carol' },
        banned_by: { id: 'alice' },
        channel: { cid },
        reason: 'spam',
      });
      expect(bans?.[0]?.expires).toBeTruthy();
      const byUser = await serverClient(server).queryBannedUsers({ user_id: 'carol' });
      expect(byUser.bans?.map((b) => b.channel?.cid)).toEqual([cid]);
      const none = await serverClient(server).queryBannedUsers({ channel_cid: { $in: ['messaging:other'] } });
      expect(none.bans).toEqual([]);
      const bad = await rawChat(server, 'GET', '/query_banned_users?payload=%7Bnot-json', 'alice');
      expect(bad).toMatchObject({ status: 400, body: { code: 4 } });
    });

    it('unbans with user.unbanned to the watchers', async () => {
      const seen = nextEvent(bob, 'user.unbanned');
      await pitch(alice).unbanUser('carol');
      expect(await seen).toMatchObject({ cid, user: { id: 'carol' } });
      expect(pitch(bob).state.members.carol?.banned).toBe(false);
      const { bans } = await alice.queryBannedUsers({ channel_cid: cid });
      expect(bans).toEqual([]);
      await pitch(carol).sendMessage({ text: 'back again' });
    });

    it('shadow bans: watchers see shadow_banned, the user is not told', async () => {
      const carolEvents = recordEvents(carol, 'user.banned', 'user.unbanned');
      const seen = nextEvent(bob, 'user.banned');
      await pitch(alice).shadowBan('carol', {});
      expect(await seen).toMatchObject({ cid, user: { id: 'carol' }, shadow: true });
      expect(pitch(bob).state.members.carol).toMatchObject({ banned: false, shadow_banned: true });
      const state = await pitch(alice).query({ state: true });
      expect(state.members.find((m) => m.user?.id === 'carol')).toMatchObject({ banned: false, shadow_banned: true });
      const lifted = nextEvent(bob, 'user.unbanned');
      await pitch(alice).removeShadowBan('carol');
      await lifted;
      expect(pitch(bob).state.members.carol).toMatchObject({ banned: false, shadow_banned: false });
      await settle();
      expect(carolEvents).toHaveLength(0);
    });

    it('bans app-wide with the server token or an admin; the user is told; others may not', async () => {
      expect(await failure(alice.banUser('dave'))).toMatchObject({
        code: 17,
        message: expect.stringContaining('BanUser'),
      });
      const told = nextEvent(dave, 'user.banned');
      await serverClient(server).banUser('dave', { banned_by_id: 'root', reason: 'abuse' });
      const event = await told;
      expect(event).toMatchObject({ user: { id: 'dave', banned: true }, reason: 'abuse', created_by: { id: 'root' } });
      expect(event.cid).toBeUndefined();
      const { users } = await serverClient(server).queryUsers({ id: 'dave' });
      expect(users[0]?.banned).toBe(true);
      const { bans } = await serverClient(server).queryBannedUsers({ user_id: 'dave' });
      expect(bans?.[0]).toMatchObject({ user: { id: 'dave' }, banned_by: { id: 'root' }, reason: 'abuse' });
      expect(bans?.[0]?.channel).toBeUndefined();
      const lifted = nextEvent(dave, 'user.unbanned');
      await admin.unbanUser('dave');
      await lifted;
      expect((await serverClient(server).queryUsers({ id: 'dave' })).users[0]?.banned).toBe(false);
    });

    it('treats expired bans as inactive', async () => {
      await pitch(alice).banUser('dave', { timeout: 0.002, reason: 'brief' });
      await settle(250);
      const all = await alice.queryBannedUsers({ channel_cid: cid });
      expect(all.bans?.map((b) => b.reason)).toEqual(['brief']);
      const active = await alice.queryBannedUsers({ channel_cid: cid }, [], { exclude_expired_bans: true });
      expect(active.bans).toEqual([]);
      await pitch(alice).unbanUser('dave');
    });

    it('refuses bad bans with the protocol error and changes nothing', async () => {
      const events = recordEvents(bob, 'user.banned');
      expect(await failure(pitch(alice).banUser('nobody', {}))).toMatchObject({ code: 16, status: 404 });
      expect(await failure(pitch(alice).banUser('alice', {}))).toMatchObject({
        code: 4,
        message: expect.stringContaining('cannot ban themselves'),
      });
      const unknownChannel = await rawChat(server, 'POST', '/moderation/ban', 'alice', {
        target_user_id: 'bob',
        type: 'messaging',
        id: 'nope',
      });
      expect(unknownChannel).toMatchObject({ status: 404, body: { code: 16 } });
      const missing = await rawChat(server, 'POST', '/moderation/ban', 'alice', { type: 'messaging', id: 'pitch' });
      expect(missing).toMatchObject({
        status: 400,
        body: { code: 4, message: expect.stringContaining('target_user_id') },
      });
      const halfChannel = await rawChat(server, 'POST', '/moderation/ban', 'alice', {
        target_user_id: 'bob',
        type: 'messaging',
      });
      expect(halfChannel).toMatchObject({ status: 400, body: { code: 4 } });
      const badTimeout = await rawChat(server, 'POST', '/moderation/ban', 'alice', {
        target_user_id: 'bob',
        channel_cid: cid,
        timeout: 'soon',
      });
      expect(badTimeout).toMatchObject({ status: 400, body: { code: 4 } });
      const unbanMissing = await rawChat(server, 'DELETE', '/moderation/ban?type=messaging&id=pitch', 'alice');
      expect(unbanMissing).toMatchObject({ status: 400, body: { code: 4 } });
      expect(await failure(pitch(bob).unbanUser('carol'))).toMatchObject({ code: 17 });
      await settle();
      expect(events).toHaveLength(0);
      const { bans } = await serverClient(server).queryBannedUsers({});
      expect(bans).toEqual([]);
    });
  });

  describe('flags', () => {
    it('flags a message and a user', async () => {
      const { message } = await pitch(alice).sendMessage({ text: 'questionable' });
      const flagged = await bob.flagMessage(message.id, { reason: 'rude' });
      expect(flagged.flag).toMatchObject({
        user: { id: 'bob' },
        target_message_id: message.id,
        created_by_automod: false,
      });
      expect(flagged.flag.created_at).toBeTruthy();
      const again = await bob.flagMessage(message.id);
      expect(again.flag.created_at).toBe(flagged.flag.created_at);
      const user = await bob.flagUser('carol', { reason: 'spam' });
      expect(user.flag).toMatchObject({ user: { id: 'bob' }, target_user: { id: 'carol' } });
      expect(await bob.unflagMessage(message.id)).toMatchObject({ duration: expect.any(String) });
    });

    it('refuses bad flags', async () => {
      expect(await failure(bob.flagMessage('no-such-message'))).toMatchObject({ code: 16, status: 404 });
      expect(await failure(bob.flagUser('nobody'))).toMatchObject({ code: 16 });
      expect(await failure(bob.flagUser('bob'))).toMatchObject({ code: 4 });
      const missing = await rawChat(server, 'POST', '/moderation/flag', 'bob', { reason: 'x' });
      expect(missing).toMatchObject({ status: 400, body: { code: 4 } });
      const { message } = await serverClient(server)
        .channel('messaging', 'closed')
        .sendMessage({ text: 'members only', user_id: 'alice' });
      expect(await failure(bob.flagMessage(message.id))).toMatchObject({ code: 17 });
    });
  });

  describe('blocks', () => {
    it('blocks, lists and unblocks users', async () => {
      const blocked = await bob.blockUser('dave');
      expect(blocked).toMatchObject({ blocked_by_user_id: 'bob', blocked_user_id: 'dave' });
      expect(blocked.blocked_at).toBeTruthy();
      expect(bob.blockedUsers.getLatestValue().userIds).toEqual(['dave']);
      const { blocks } = await bob.getBlockedUsers();
      expect(blocks).toMatchObject([{ user_id: 'bob', blocked_user_id: 'dave', blocked_user: { id: 'dave' } }]);
      const { users } = await serverClient(server).queryUsers({ id: 'bob' });
      expect(users[0]?.blocked_user_ids).toEqual(['dave']);
      await bob.unBlockUser('dave');
      expect((await bob.getBlockedUsers()).blocks).toEqual([]);
      expect(bob.blockedUsers.getLatestValue().userIds).toEqual([]);
    });

    it('refuses bad blocks', async () => {
      expect(await failure(bob.blockUser('nobody'))).toMatchObject({ code: 16 });
      expect(await failure(bob.blockUser('bob'))).toMatchObject({ code: 4 });
      const missing = await rawChat(server, 'POST', '/users/block', 'bob', {});
      expect(missing).toMatchObject({ status: 400, body: { code: 4 } });
      expect((await bob.getBlockedUsers()).blocks).toEqual([]);
    });
  });
});

import { randomUUID } from 'node:crypto';
import type { Attachment, Channel, StreamChat } from 'stream-chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { GIPHY_COUNT, giphyAttachment, giphyFile } from '../../server/chat-sandbox/giphy.js';
import { ENGINES } from '../support/engines.js';
import {
  connectClient,
  nextEvent,
  recordEvents,
  serverClient,
  settle,
  startChatServer,
  type ChatServer,
} from '../support/chat.js';

/** Reads a GIF back with sharp: its frame size, frame delays and loop count, and every frame's RGBA pixels. */
async function readGif(data: Uint8Array) {
  const image = sharp(data, { animated: true });
  const { width, height, pages = 1, pageHeight = height, delay, loop } = await image.metadata();
  const pixels = await image.ensureAlpha().raw().toBuffer();
  const frameBytes = width * pageHeight * 4;
  const frames = Array.from({ length: pages }, (_, i) => pixels.subarray(i * frameBytes, (i + 1) * frameBytes));
  return { width, height: pageHeight, frames, delay, loop };
}

describe('the local GIF set', () => {
  it('serves every gif in renditions of the size, byte count and frames its attachment states', async () => {
    for (let index = 0; index < GIPHY_COUNT; index++) {
      const { giphy } = giphyAttachment('any', index, 'http://sandbox.test/chat', false) as {
        giphy: Record<string, { url: string; width: string; height: string; size: string; frames: string }>;
      };
      for (const rendition of Object.values(giphy)) {
        const file = giphyFile(rendition.url.replace('http://sandbox.test/chat/giphy/', ''));
        expect(file, rendition.url).toBeDefined();
        expect(file!.data.length).toBe(Number(rendition.size));
        const gif = await readGif(file!.data);
        expect({ width: gif.width, height: gif.height, frames: gif.frames.length }).toEqual({
          width: Number(rendition.width),
          height: Number(rendition.height),
          frames: Number(rendition.frames),
        });
        if (gif.frames.length > 1) {
          expect(gif).toMatchObject({ loop: 0, delay: Array(gif.frames.length).fill(120) });
          expect(gif.frames[0]).not.toEqual(gif.frames[3]);
        }
        // Drawn from a 16-colour palette, encoded without dithering.
        const colours = new Set<number>();
        for (let at = 0; at < gif.frames[0]!.length; at += 4) colours.add(gif.frames[0]!.readUInt32BE(at));
        expect(colours.size).toBeLessThanOrEqual(16);
      }
    }
  });

  it('has no file for a name outside the set', () => {
    expect(giphyFile('nothing.gif')).toBeUndefined();
    expect(giphyFile('../giphy.ts')).toBeUndefined();
  });
});

describe.each(ENGINES)('chat slash commands on $name', (engine) => {
  let server: ChatServer;
  let alice: StreamChat;
  let bob: StreamChat;
  let carol: StreamChat;
  const cid = 'messaging:club';
  const club = (client: StreamChat): Channel => client.channel('messaging', 'club');

  beforeAll(async () => {
    server = await startChatServer(engine);
    alice = await connectClient(server, 'alice', 'Alice Adams');
    bob = await connectClient(server, 'bob', 'Bob Brown');
    carol = await connectClient(server, 'carol', 'Carol Clark');
    const setup = serverClient(server).channel('messaging', 'club', {
      members: ['alice', 'bob', 'carol'],
      created_by_id: 'alice',
    });
    await setup.create();
    await setup.addModerators(['alice']);
    for (const client of [alice, bob, carol]) await club(client).watch();
  });
  afterAll(() => server.close());

  const giphyOf = (message: { attachments?: Attachment[] }) => {
    const attachment = message.attachments?.[0];
    expect(attachment?.type).toBe('giphy');
    return attachment!;
  };

  describe('/giphy', () => {
    it('answers the sender alone with an ephemeral gif served by the sandbox', async () => {
      const aliceEvents = recordEvents(alice, 'message.new', 'notification.message_new');
      const id = randomUUID();
      const { message } = await club(bob).sendMessage({ id, text: '/giphy cats' });
      expect(message).toMatchObject({
        id,
        type: 'ephemeral',
        command: 'giphy',
        args: 'cats',
        text: '/giphy cats',
        user: { id: 'bob' },
        cid,
        reply_count: 0,
        latest_reactions: [],
        own_reactions: [],
      });
      const attachment = giphyOf(message);
      expect(attachment).toMatchObject({ title: 'cats' });
      expect(attachment.actions?.map((a) => [a.name, a.text, a.value, a.style, a.type])).toEqual([
        ['image_action', 'Send', 'send', 'primary', 'button'],
        ['image_action', 'Shuffle', 'shuffle', 'default', 'button'],
        ['image_action', 'Cancel', 'cancel', 'default', 'button'],
      ]);
      for (const url of [attachment.image_url, attachment.thumb_url, attachment.title_link]) {
        expect(url).toMatch(new RegExp(`^${server.chatUrl}/giphy/[a-z-]+\\.gif$`));
      }
      expect(attachment.giphy?.fixed_height).toMatchObject({ width: '260', height: '200', frames: '6' });
      expect(attachment.giphy?.fixed_width).toMatchObject({ width: '200', height: '154' });

      // Served locally, without a token, like a CDN image.
      const response = await fetch(attachment.giphy!.fixed_height.url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/gif');
      const gif = await readGif(new Uint8Array(await response.arrayBuffer()));
      expect(gif).toMatchObject({ width: 260, height: 200 });
      expect(gif.frames).toHaveLength(6);
      expect(gif.frames[0]).not.toEqual(gif.frames[3]);
      const still = await readGif(
        new Uint8Array(await (await fetch(attachment.giphy!.fixed_height_still.url)).arrayBuffer()),
      );
      expect(still.frames).toHaveLength(1);
      const missing = await fetch(`${server.chatUrl}/giphy/nothing.gif`);
      expect(missing.status).toBe(404);

      // The same query picks the same gif.
      const again = await club(bob).sendMessage({ text: '/giphy Cats ' });
      expect(giphyOf(again.message).image_url).toBe(attachment.image_url);

      await settle();
      expect(aliceEvents).toHaveLength(0);
      const state = await club(alice).query({ messages: { limit: 50 } });
      expect(state.messages.map((m) => m.id)).not.toContain(id);
    });

    it('shuffles to another gif, then sends it: a regular message with message.new to the others', async () => {
      const id = randomUUID();
      const first = await club(bob).sendMessage({ id, text: '/giphy goal' });
      const shuffled = await club(bob).sendAction(id, { image_action: 'shuffle' });
      expect(shuffled.message).toMatchObject({ id, type: 'ephemeral', command: 'giphy' });
      const shuffledUrl = giphyOf(shuffled.message).image_url;
      expect(shuffledUrl).not.toBe(giphyOf(first.message).image_url);

      const seen = nextEvent(alice, 'message.new', 3000, (e) => e.message?.id === id);
      const sent = await club(bob).sendAction(id, { image_action: 'send' });
      expect(sent.message).toMatchObject({ id, type: 'regular', command: 'giphy', user: { id: 'bob' } });
      expect(giphyOf(sent.message).image_url).toBe(shuffledUrl);
      expect(giphyOf(sent.message).actions).toBeUndefined();
      const event = await seen;
      expect(giphyOf(event.message!)).toMatchObject({ title: 'goal', image_url: shuffledUrl });
      expect(event.message?.attachments?.[0]?.actions).toBeUndefined();
      expect(club(alice).state.latestMessages.at(-1)?.id).toBe(id);

      // Sent once: the ephemeral is gone.
      await expect(club(bob).sendAction(id, { image_action: 'send' })).rejects.toMatchObject({ code: 16 });
    });

    it('cancels without a message and without events', async () => {
      const aliceEvents = recordEvents(alice, 'message.new');
      const id = randomUUID();
      await club(bob).sendMessage({ id, text: '/giphy nope' });
      const cancelled = await club(bob).sendAction(id, { image_action: 'cancel' });
      expect(cancelled.message).toBeUndefined();
      await expect(club(bob).sendAction(id, { image_action: 'shuffle' })).rejects.toMatchObject({ code: 16 });
      await settle();
      expect(aliceEvents).toHaveLength(0);
    });

    it("refuses another user's buttons and unknown actions", async () => {
      const id = randomUUID();
      await club(bob).sendMessage({ id, text: '/giphy mine' });
      await expect(club(alice).sendAction(id, { image_action: 'send' })).rejects.toMatchObject({
        code: 17,
        status: 403,
      });
      await expect(club(bob).sendAction(id, { image_action: 'explode' })).rejects.toMatchObject({
        code: 4,
        status: 400,
      });
      const still = await club(bob).sendAction(id, { image_action: 'shuffle' });
      expect(still.message?.type).toBe('ephemeral');
    });
  });

  describe('unknown commands', () => {
    it('answers with an error message that is neither stored nor broadcast', async () => {
      const aliceEvents = recordEvents(alice, 'message.new');
      const id = randomUUID();
      const { message } = await club(bob).sendMessage({ id, text: '/shrug whatever' });
      expect(message).toMatchObject({
        id,
        type: 'error',
        text: "Sorry, command shrug doesn't exist. Try posting your message without the starting /",
      });
      await settle();
      expect(aliceEvents).toHaveLength(0);
      // Nothing was stored: the id is still free.
      const plain = await club(bob).sendMessage({ id, text: 'plain words' });
      expect(plain.message).toMatchObject({ id, type: 'regular' });
    });

    it("knows only the commands of the channel's config", async () => {
      const stage = serverClient(server).channel('livestream', 'stage', {
        members: ['bob', 'carol'],
        created_by_id: 'bob',
      });
      await stage.create();
      const bobStage = bob.channel('livestream', 'stage');
      await bobStage.watch();
      expect(bobStage.getConfig()?.commands?.map((c) => c.name)).toEqual(['giphy']);
      const { message } = await bobStage.sendMessage({ text: '/mute @carol' });
      expect(message).toMatchObject({
        type: 'error',
        text: "Sorry, command mute doesn't exist. Try posting your message without the starting /",
      });
      expect(bob.mutedUsers).toEqual([]);
      expect((await bobStage.sendMessage({ text: '/giphy stage' })).message.type).toBe('ephemeral');
    });
  });

  describe('moderation commands', () => {
    it('/mute and /unmute resolve @user by name or id, case-insensitively', async () => {
      const updated = nextEvent(bob, 'notification.mutes_updated');
      const { message } = await club(bob).sendMessage({ text: '/mute @carol clark', mentioned_users: ['carol'] });
      expect(message).toMatchObject({ type: 'ephemeral', command: 'mute', text: 'User Carol Clark has been muted' });
      expect((await updated).me?.mutes.map((m) => m.target.id)).toEqual(['carol']);
      expect(bob.userMuteStatus('carol')).toBe(true);
      const lifted = nextEvent(bob, 'notification.mutes_updated');
      const unmuted = await club(bob).sendMessage({ text: '/unmute @CAROL' });
      expect(unmuted.message).toMatchObject({ type: 'ephemeral', text: 'User Carol Clark has been unmuted' });
      await lifted;
      expect(bob.userMuteStatus('carol')).toBe(false);
    });

    it('/ban by a plain member is refused and bans no one', async () => {
      const events = recordEvents(alice, 'user.banned');
      const { message } = await club(bob).sendMessage({ text: '/ban @carol spamming links' });
      expect(message).toMatchObject({ type: 'error', text: 'You are not allowed to use /ban in this channel' });
      await settle();
      expect(events).toHaveLength(0);
      const state = await club(alice).query({ state: true });
      expect(state.members.find((m) => m.user?.id === 'carol')?.banned).toBe(false);
    });

    it('/ban and /unban by a moderator, with user.banned and user.unbanned to the watchers', async () => {
      const banned = nextEvent(bob, 'user.banned');
      const { message } = await club(alice).sendMessage({ text: '/ban @carol spamming links' });
      expect(message).toMatchObject({ type: 'ephemeral', command: 'ban', text: 'User Carol Clark has been banned' });
      expect(await banned).toMatchObject({
        cid,
        user: { id: 'carol' },
        reason: 'spamming links',
        created_by: { id: 'alice' },
      });
      expect(club(bob).state.members.carol?.banned).toBe(true);
      await expect(club(carol).sendMessage({ text: 'hello?' })).rejects.toMatchObject({ code: 17 });

      const unbanned = nextEvent(bob, 'user.unbanned');
      const lifted = await club(alice).sendMessage({ text: '/unban @carol' });
      expect(lifted.message).toMatchObject({ type: 'ephemeral', text: 'User Carol Clark has been unbanned' });
      await unbanned;
      expect(club(bob).state.members.carol?.banned).toBe(false);
      const again = await club(alice).sendMessage({ text: '/unban @carol' });
      expect(again.message).toMatchObject({ type: 'error', text: 'User Carol Clark is not banned' });
    });

    it('answers unknown users and missing arguments with an error message', async () => {
      const unknown = await club(alice).sendMessage({ text: '/ban @nobody for fun' });
      expect(unknown.message).toMatchObject({ type: 'error', text: 'User nobody is not a member of this channel' });
      const bare = await club(alice).sendMessage({ text: '/mute' });
      expect(bare.message).toMatchObject({ type: 'error', text: 'Usage: /mute [@username]' });
      const self = await club(alice).sendMessage({ text: '/mute @alice' });
      expect(self.message).toMatchObject({ type: 'error', text: expect.stringContaining('cannot mute themselves') });
      expect(alice.mutedUsers).toEqual([]);
    });
  });
});

/**
 * The composer's real typing and draft actors (src/lib/actors/composer-actors.ts) inside the real
 * machine, against the chat sandbox with real stream-chat clients. The children are the
 * composer's own inert placeholders: this file is about typing and drafts.
 */
import type { Channel, StreamChat } from 'stream-chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor, type Actor } from 'xstate';
import { composerMachine } from '../../machines/composer/composer.machine.js';
import { selectDraft, selectTyping } from '../../machines/composer/composer.selectors.js';
import type { ComposerChildLogics, ComposerInput } from '../../machines/composer/composer.types.js';
import { composerInputFor, createComposerActors, urlsIn } from '../../src/lib/actors/composer-actors.js';
import { connectClient, nextEvent, recordEvents, settle, startChatServer, type ChatServer } from '../support/chat.js';

type ComposerActor = Actor<typeof composerMachine>;

describe('composer actors against the chat sandbox', () => {
  let server: ChatServer;
  let alice: StreamChat;
  let aliceTab: StreamChat;
  let bob: StreamChat;
  let channel: Channel;
  const actors: ComposerActor[] = [];

  beforeAll(async () => {
    server = await startChatServer();
    alice = await connectClient(server, 'alice', 'Alice Adams');
    aliceTab = await connectClient(server, 'alice', 'Alice Adams');
    bob = await connectClient(server, 'bob', 'Bob Brown');
    channel = alice.channel('messaging', 'composer', { members: ['alice', 'bob'] });
    await channel.watch();
    await bob.channel('messaging', 'composer').watch();
  });
  afterAll(async () => {
    for (const actor of actors) actor.stop();
    await server.close();
  });

  /** A composer on alice's channel with the real actors; the children stay the machine's placeholders. */
  /** The composer's draft child: waits follow it, since the composer keeps no copy of its state. */
  const draftOf = (actor: Actor<typeof composerMachine>) => selectDraft(actor.getSnapshot());

  function startComposer(input: ComposerInput = {}) {
    const placeholders = composerMachine.implementations.actors as unknown as ComposerChildLogics;
    const machine = composerMachine.provide({
      actors: createComposerActors({
        channel,
        childMachines: {
          upload: placeholders.upload,
          linkPreview: placeholders.linkPreview,
          pollComposer: placeholders.pollComposer,
        },
      }),
    });
    const actor = createActor(machine, { input: { ...composerInputFor(channel), ...input } }).start();
    actors.push(actor);
    return actor;
  }

  it('reads its input from the channel: limit, typing events, commands, capabilities', () => {
    expect(composerInputFor(channel, { threadId: 'p1' })).toMatchObject({
      threadId: 'p1',
      maxLength: 5000,
      typingEvents: true,
      commands: expect.arrayContaining(['giphy']),
      canUploadFile: true,
      draftsEnabled: false,
    });
    expect(urlsIn('see sideline.org/x and https://a.test, sideline.org/x')).toEqual([
      'http://sideline.org/x',
      'https://a.test',
    ]);
  });

  it('another member sees typing.start while alice types and typing.stop after she pauses', async () => {
    const actor = startComposer();
    const started = nextEvent(bob, 'typing.start', 3000, (e) => e.user?.id === 'alice');
    actor.send({ type: 'composer.type', text: 'Kick' });
    expect((await started).cid).toBe('messaging:composer');
    const stopped = nextEvent(bob, 'typing.stop', 5000, (e) => e.user?.id === 'alice');
    actor.send({ type: 'composer.type', text: 'Kick-off' });
    await stopped;
    await waitFor(selectTyping(actor.getSnapshot()), (s) => s.matches('idle'), { timeout: 3000 });
    expect(Object.keys(bob.channel('messaging', 'composer').state.typing)).not.toContain('alice');
  });

  it('sends no typing events when the channel has them off for this composer', async () => {
    const actor = startComposer({ typingEvents: false });
    const seen = recordEvents(bob, 'typing.start');
    actor.send({ type: 'composer.type', text: 'quiet' });
    await settle(300);
    expect(seen.filter((e) => e.user?.id === 'alice')).toEqual([]);
    expect(selectTyping(actor.getSnapshot()).getSnapshot().value).toBe('idle');
  });

  it('saves the draft after a pause and deletes it when the composition is emptied', async () => {
    const actor = startComposer({ draftsEnabled: true });
    actor.send({ type: 'composer.mention', user: { id: 'bob', name: 'Bob Brown' } });
    actor.send({ type: 'composer.type', text: 'Kick-off moved, @bob' });
    await waitFor(draftOf(actor), (s) => s.context.hasDraft && s.matches('idle'), { timeout: 5000 });
    const { draft } = await channel.getDraft();
    expect(draft.message).toMatchObject({ text: 'Kick-off moved, @bob', mentioned_users: [{ id: 'bob' }] });
    actor.send({ type: 'composer.type', text: '' });
    await waitFor(draftOf(actor), (s) => !s.context.hasDraft && s.matches('idle'), { timeout: 5000 });
    await expect(channel.getDraft()).rejects.toMatchObject({ code: 16 });
  });

  it('follows a draft saved in another tab and its deletion (draft.updated / draft.deleted, through watchDrafts)', async () => {
    const actor = startComposer({ draftsEnabled: true });
    await aliceTab.channel('messaging', 'composer').createDraft({ text: 'from the other tab' });
    await waitFor(actor, (s) => s.context.text === 'from the other tab', { timeout: 3000 });
    expect(draftOf(actor).getSnapshot().context.hasDraft).toBe(true);
    // Another channel's draft is not this composer's.
    await aliceTab.channel('messaging', 'elsewhere').create();
    await aliceTab.channel('messaging', 'elsewhere').createDraft({ text: 'not here' });
    await aliceTab.channel('messaging', 'composer').deleteDraft();
    await waitFor(actor, (s) => s.context.text === '', { timeout: 3000 });
    expect(draftOf(actor).getSnapshot().context.hasDraft).toBe(false);
  });

  it('a draft the service refuses (too long) leaves the composer working and no draft behind', async () => {
    const actor = startComposer({ draftsEnabled: true, maxLength: null });
    actor.send({ type: 'composer.type', text: 'x'.repeat(5001) });
    await waitFor(draftOf(actor), (s) => s.matches('saving'), { timeout: 5000 });
    await waitFor(draftOf(actor), (s) => s.matches('idle'), { timeout: 5000 });
    expect(actor.getSnapshot().status).toBe('active');
    expect(draftOf(actor).getSnapshot().context.hasDraft).toBe(false);
    await expect(channel.getDraft()).rejects.toMatchObject({ code: 16 });
  });

  it('sending deletes the draft and hands the message on without calling the send API', async () => {
    const actor = startComposer({ draftsEnabled: true });
    const sent: unknown[] = [];
    actor.on('composer.sent', (e) => sent.push(e.message));
    const newMessages = recordEvents(bob, 'message.new');
    actor.send({ type: 'composer.type', text: 'about to send' });
    await waitFor(draftOf(actor), (s) => s.context.hasDraft && s.matches('idle'), { timeout: 5000 });
    actor.send({ type: 'composer.submit' });
    expect(sent).toEqual([expect.objectContaining({ id: expect.stringMatching(/^alice-/), text: 'about to send' })]);
    await waitFor(draftOf(actor), (s) => s.matches('idle'), { timeout: 5000 });
    await expect(channel.getDraft()).rejects.toMatchObject({ code: 16 });
    await settle(200);
    expect(newMessages).toEqual([]);
  });
});

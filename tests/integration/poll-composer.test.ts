/**
 * The poll composer machine with its real actor (`client.createPoll`) against the chat sandbox.
 * The test is the parent composer: it hears `poll.created` and sends the poll-only message.
 */
import type { Channel, StreamChat } from 'stream-chat';
import { assign, createActor, setup, waitFor, type ActorRefFrom, type EventObject } from 'xstate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollComposerMachine } from '../../machines/poll-composer/poll-composer.machine';
import { selectCanCreate, selectFailure, selectValues } from '../../machines/poll-composer/poll-composer.selectors';
import type { PollComposerEvent } from '../../machines/poll-composer/poll-composer.types';
import { createPollComposerActors } from '../../src/lib/actors/poll-composer-actors';
import { connectClient, nextEvent, startChatServer, type ChatServer } from '../support/chat.js';

describe('poll composer against the chat sandbox', () => {
  let server: ChatServer;
  let alice: StreamChat;
  let bob: StreamChat;
  let aliceRoom: Channel;
  const sandbox = () => server.app.chatSandbox!;

  beforeAll(async () => {
    server = await startChatServer();
    alice = await connectClient(server, 'alice', 'Alice Adams');
    bob = await connectClient(server, 'bob', 'Bob Brown');
    aliceRoom = alice.channel('messaging', 'poll-room', { members: ['alice', 'bob'] });
    await aliceRoom.watch();
    await bob.channel('messaging', 'poll-room').watch();
  });
  afterAll(() => server.close());

  /** A parent standing in for the message composer: it records what its poll composer tells it. */
  function startComposer() {
    const composer = pollComposerMachine.provide({ actors: createPollComposerActors(alice) });
    const parent = setup({
      types: { context: {} as { heard: EventObject[] } },
      actors: { composer },
    }).createMachine({
      context: { heard: [] },
      invoke: { id: 'pollComposer', src: 'composer', input: undefined },
      on: { '*': { actions: assign({ heard: ({ context, event }) => [...context.heard, event] }) } },
    });
    const root = createActor(parent).start();
    const poll = root.getSnapshot().children.pollComposer as ActorRefFrom<typeof composer>;
    const send = (...events: PollComposerEvent[]) => events.forEach((e) => poll.send(e));
    const lastRow = () => selectValues(poll.getSnapshot()).options.at(-1)!.id;
    const addOption = (text: string) => send({ type: 'poll.changeOption', id: lastRow(), text });
    return { root, poll, send, addOption };
  }

  it('creates the poll for real; the parent sends a message with only the poll id, and Bob sees the poll', async () => {
    const { root, poll, send, addOption } = startComposer();
    send({ type: 'poll.change', field: 'name', value: '  Kit colour?  ' });
    addOption(' Red ');
    addOption('Blue');
    addOption('   ');
    send({ type: 'poll.change', field: 'enforce_unique_vote', value: false });
    send({ type: 'poll.change', field: 'max_votes_allowed', value: '2' });
    send({ type: 'poll.change', field: 'allow_answers', value: true });
    expect(selectCanCreate(poll.getSnapshot())).toBe(true);
    send({ type: 'poll.submit' });

    const done = await waitFor(root, (s) => s.context.heard.some((e) => e.type === 'poll.created'), { timeout: 5000 });
    const created = done.context.heard.find((e) => e.type === 'poll.created') as { type: string; pollId: string };
    expect(poll.getSnapshot().value).toBe('created');

    const stored = sandbox().store.polls.get(created.pollId)!;
    expect(stored).toMatchObject({
      name: 'Kit colour?',
      enforce_unique_vote: false,
      max_votes_allowed: 2,
      allow_answers: true,
      allow_user_suggested_options: false,
      voting_visibility: 'public',
    });
    expect(stored.options.map((o) => o.text)).toEqual(['Red', 'Blue']);

    // The composer's part: a poll-only message carries nothing but the poll id.
    const bobSees = nextEvent(bob, 'message.new', 3000, (e) => e.message?.poll_id === created.pollId);
    const { message } = await aliceRoom.sendMessage({ poll_id: created.pollId });
    expect(message).toMatchObject({ poll_id: created.pollId, text: '' });
    expect(message.attachments ?? []).toEqual([]);
    const event = await bobSees;
    expect(event.message?.poll).toMatchObject({ id: created.pollId, name: 'Kit colour?' });
    expect(event.message?.poll?.options.map((o) => o.text)).toEqual(['Red', 'Blue']);
  });

  it("a poll the chat service refuses: 'Failed to create the poll due to …', back to editing with the values kept", async () => {
    const { poll, send, addOption } = startComposer();
    // The form has no length limit on the question; the chat service allows 255 characters.
    const longQuestion = `${'Which day suits the whole squad for the extra training session? '.repeat(4)}Please vote.`;
    expect(longQuestion.length).toBeGreaterThan(255);
    send({ type: 'poll.change', field: 'name', value: longQuestion });
    addOption('Mon');
    addOption('Wed');
    const before = selectValues(poll.getSnapshot());
    const pollsBefore = sandbox().store.polls.size;
    expect(selectCanCreate(poll.getSnapshot())).toBe(true);
    send({ type: 'poll.submit' });

    const failed = await waitFor(poll, (s) => s.context.failure !== null, { timeout: 5000 });
    expect(failed.value).toBe('editing');
    expect(selectFailure(failed)).toEqual({
      key: 'chat.pollComposer.createFailedWithReason',
      values: { reason: 'poll name must be at most 255 characters' },
      type: 'api:poll:create:failed',
    });
    expect(selectValues(failed)).toEqual(before);
    expect(sandbox().store.polls.size).toBe(pollsBefore);

    // Shortening the question and submitting again creates it.
    send({ type: 'poll.change', field: 'name', value: 'Which day suits the squad?' });
    send({ type: 'poll.submit' });
    const created = await waitFor(poll, (s) => s.status === 'done', { timeout: 5000 });
    expect(created.output?.pollId).toEqual(expect.any(String));
    expect(sandbox().store.polls.get(created.output!.pollId!)?.name).toBe('Which day suits the squad?');
  });

  it('an option over the service limit is refused the same way', async () => {
    const { poll, send, addOption } = startComposer();
    send({ type: 'poll.change', field: 'name', value: 'Where?' });
    addOption('x'.repeat(256));
    send({ type: 'poll.submit' });
    const failed = await waitFor(poll, (s) => s.context.failure !== null, { timeout: 5000 });
    expect(selectFailure(failed)?.values?.reason).toBe('poll option text must be at most 255 characters');
  });

  it('cancel tells the parent', async () => {
    const { root, send } = startComposer();
    send({ type: 'poll.cancel' });
    const done = await waitFor(root, (s) => s.context.heard.some((e) => e.type === 'poll.cancelled'), {
      timeout: 1000,
    });
    expect(done.context.heard.filter((e) => e.type.startsWith('poll.'))).toEqual([{ type: 'poll.cancelled' }]);
  });
});

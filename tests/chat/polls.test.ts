import type { Channel, CreatePollData, Event, StreamChat } from 'stream-chat';
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

const VOTE_LIMIT = 'Reached the vote limit. Remove an existing vote first.';

describe.each(ENGINES)('chat polls on $name', (engine) => {
  let server: ChatServer;
  let alice: StreamChat;
  let bob: StreamChat;
  let carol: StreamChat;
  let dave: StreamChat;
  let aliceRoom: Channel;
  let bobRoom: Channel;
  const sandbox = () => server.app.chatSandbox!;

  /** Alice creates a poll (through her PollManager) and sends it as a poll-only message. */
  async function sendPoll(data: Omit<CreatePollData, 'name'> & { name?: string }) {
    const bobGetsIt = nextEvent(bob, 'message.new', 3000, (e) => Boolean(e.message?.poll_id));
    const poll = await alice.polls.createPoll({ name: 'Best day for training?', ...data });
    const { message } = await aliceRoom.sendMessage({ text: '', poll_id: poll!.id });
    await bobGetsIt;
    const optionIds = poll!.data.options.map((o) => o.id);
    return { pollId: poll!.id, messageId: message.id, optionIds, message };
  }
  const state = (client: StreamChat, pollId: string) => client.polls.fromState(pollId)!.data;

  beforeAll(async () => {
    server = await startChatServer(engine);
    alice = await connectClient(server, 'alice', 'Alice Adams');
    bob = await connectClient(server, 'bob', 'Bob Brown');
    carol = await connectClient(server, 'carol', 'Carol Chen');
    dave = await connectClient(server, 'dave', 'Dave Diaz');
    for (const client of [alice, bob, carol, dave]) client.polls.registerSubscriptions();
    aliceRoom = alice.channel('messaging', 'polls', { members: ['alice', 'bob', 'carol'] });
    await aliceRoom.watch();
    bobRoom = bob.channel('messaging', 'polls');
    await bobRoom.watch();
  });
  afterAll(() => server.close());

  it('creates a poll with defaults, embeds it in the message, and counts a vote for the other watcher', async () => {
    // Custom fields on the poll and its options (flattened on the wire).
    const redInput = { text: ' Red ', shade: 'dark' };
    const data = { name: '  Kit colour?  ', options: [redInput, { text: 'Blue' }], team: 'u12' };
    const created = await alice.createPoll(data);
    expect(created.poll).toMatchObject({
      name: 'Kit colour?',
      options: [{ text: 'Red', shade: 'dark' }, { text: 'Blue' }],
      enforce_unique_vote: true,
      allow_answers: false,
      allow_user_suggested_options: false,
      voting_visibility: 'public',
      is_closed: false,
      vote_count: 0,
      vote_counts_by_option: {},
      answers_count: 0,
      latest_votes_by_option: {},
      latest_answers: [],
      own_votes: [],
      created_by_id: 'alice',
      created_by: { id: 'alice', name: 'Alice Adams' },
      team: 'u12',
    });
    const pollId = created.poll.id;
    const [red, blue] = created.poll.options.map((o) => o.id) as [string, string];

    const bobGetsIt = nextEvent(bob, 'message.new', 3000, (e) => e.message?.poll_id === pollId);
    const { message } = await aliceRoom.sendMessage({ text: '', poll_id: pollId });
    expect(message.poll).toMatchObject({ id: pollId, name: 'Kit colour?' });
    const event = await bobGetsIt;
    expect(event.message?.poll).toMatchObject({ id: pollId, options: [{ id: red }, { id: blue }] });
    // Bob's PollManager picked the poll up from message.new; Alice's from channel state.
    expect(state(bob, pollId).name).toBe('Kit colour?');
    await alice.polls.getPoll(pollId);

    const aliceSees = nextEvent(alice, 'poll.vote_casted');
    const answer = await bobRoom.vote(message.id, pollId, { option_id: red });
    expect(answer.vote).toMatchObject({ poll_id: pollId, option_id: red, user_id: 'bob', user: { id: 'bob' } });
    expect((answer as unknown as { poll: { own_votes: unknown[] } }).poll.own_votes).toHaveLength(1);
    const casted = await aliceSees;
    expect(casted).toMatchObject({
      cid: 'messaging:polls',
      channel_id: 'polls',
      channel_type: 'messaging',
      message_id: message.id,
      poll_vote: { user_id: 'bob', option_id: red },
      poll: { id: pollId, vote_count: 1, vote_counts_by_option: { [red]: 1 }, own_votes: [] },
    });
    expect(casted.created_at).toEqual(expect.any(String));
    expect(casted.poll?.latest_votes_by_option[red]?.map((v) => v.user_id)).toEqual(['bob']);
    expect(state(alice, pollId)).toMatchObject({ vote_count: 1, vote_counts_by_option: { [red]: 1 } });
    expect(state(alice, pollId).maxVotedOptionIds).toEqual([red]);
    expect(state(alice, pollId).ownVotesByOptionId).toEqual({});
    await settle();
    expect(Object.keys(state(bob, pollId).ownVotesByOptionId)).toEqual([red]);

    // Messages embed the poll with the reader's own votes.
    const bobQuery = await bob.channel('messaging', 'polls').query({ messages: { limit: 5 } });
    const bobCopy = bobQuery.messages.find((m) => m.id === message.id)!;
    expect(bobCopy.poll?.own_votes?.map((v) => v.user_id)).toEqual(['bob']);
    const aliceCopy = (await alice.getMessage(message.id)).message;
    expect(aliceCopy.poll).toMatchObject({ vote_count: 1, own_votes: [] });
  });

  it('replaces a unique vote (poll.vote_changed) and ignores the same vote again', async () => {
    const { pollId, messageId, optionIds } = await sendPoll({ options: [{ text: 'Mon' }, { text: 'Wed' }] });
    const [mon, wed] = optionIds as [string, string];
    const first = await bobRoom.vote(messageId, pollId, { option_id: mon });
    await settle();
    const aliceSees = nextEvent(alice, 'poll.vote_changed');
    const second = await bob.castPollVote(messageId, pollId, { option_id: wed });
    expect(second.vote).toMatchObject({ id: first.vote.id, option_id: wed });
    const changed = await aliceSees;
    expect(changed.poll_vote).toMatchObject({ id: first.vote.id, option_id: wed, user_id: 'bob' });
    expect(changed.poll?.vote_counts_by_option).toEqual({ [wed]: 1 });
    expect(state(alice, pollId)).toMatchObject({ vote_count: 1, vote_counts_by_option: { [wed]: 1 } });
    await settle();
    expect(Object.keys(state(bob, pollId).ownVotesByOptionId)).toEqual([wed]);

    const events = recordEvents(alice, 'poll.vote_casted', 'poll.vote_changed');
    const again = await bobRoom.vote(messageId, pollId, { option_id: wed });
    expect(again.vote.id).toBe(first.vote.id);
    await settle();
    expect(events).toEqual([]);
    expect(sandbox().store.polls.get(pollId)!.votes).toHaveLength(1);
  });

  it('caps votes at max_votes_allowed with the exact message', async () => {
    const { pollId, messageId, optionIds } = await sendPoll({
      enforce_unique_vote: false,
      max_votes_allowed: 2,
      options: [{ text: 'Mon' }, { text: 'Wed' }, { text: 'Fri' }],
    });
    const [mon, wed, fri] = optionIds as [string, string, string];
    await bobRoom.vote(messageId, pollId, { option_id: mon });
    const aliceSees = nextEvent(alice, 'poll.vote_casted');
    await bobRoom.vote(messageId, pollId, { option_id: wed });
    expect((await aliceSees).poll?.vote_counts_by_option).toEqual({ [mon]: 1, [wed]: 1 });
    await expect(bobRoom.vote(messageId, pollId, { option_id: fri })).rejects.toMatchObject({
      code: 4,
      status: 400,
      response: { data: { code: 4, message: VOTE_LIMIT } },
    });
    expect(sandbox().store.polls.get(pollId)!.votes).toHaveLength(2);
  });

  it('keeps answers apart from option votes; a second answer replaces the first', async () => {
    const { pollId, messageId, optionIds } = await sendPoll({
      allow_answers: true,
      options: [{ text: 'Yes' }, { text: 'No' }],
    });
    await bobRoom.vote(messageId, pollId, { option_id: optionIds[0]! });
    const casted = nextEvent(alice, 'poll.vote_casted', 3000, (e) =>
      Boolean(e.poll_vote && 'answer_text' in e.poll_vote),
    );
    const first = await bob.addPollAnswer(messageId, pollId, ' Only after school ');
    expect(first.vote).toMatchObject({ answer_text: 'Only after school', is_answer: true, user_id: 'bob' });
    const event = await casted;
    expect(event.poll).toMatchObject({ vote_count: 1, answers_count: 1 });
    expect(event.poll?.latest_answers.map((a) => a.answer_text)).toEqual(['Only after school']);
    expect(state(alice, pollId)).toMatchObject({ vote_count: 1, answers_count: 1 });
    expect(state(alice, pollId).latest_answers.map((a) => a.answer_text)).toEqual(['Only after school']);

    const changed = nextEvent(alice, 'poll.vote_changed');
    const second = await bob.addPollAnswer(messageId, pollId, 'Weekends too');
    expect(second.vote.id).toBe(first.vote.id);
    expect((await changed).poll).toMatchObject({ answers_count: 1, vote_count: 1 });
    await settle();
    expect(state(bob, pollId).ownAnswer).toMatchObject({ answer_text: 'Weekends too' });
    expect(Object.keys(state(bob, pollId).ownVotesByOptionId)).toEqual([optionIds[0]]);

    const own = (await bob.getPoll(pollId)).poll.own_votes ?? [];
    expect(own.map((v) => ('answer_text' in v ? v.answer_text : v.option_id)).sort()).toEqual(
      [optionIds[0], 'Weekends too'].sort(),
    );
  });

  it('removes votes (poll.vote_removed); only the voter may', async () => {
    const { pollId, messageId, optionIds } = await sendPoll({ options: [{ text: 'A' }, { text: 'B' }] });
    const { vote } = await bobRoom.vote(messageId, pollId, { option_id: optionIds[1]! });
    const aliceVote = (await aliceRoom.vote(messageId, pollId, { option_id: optionIds[1]! })).vote;
    await expect(bobRoom.removeVote(messageId, pollId, aliceVote.id)).rejects.toMatchObject({ code: 17 });
    await expect(bobRoom.removeVote(messageId, pollId, 'no-such-vote')).rejects.toMatchObject({ code: 16 });
    await settle();
    const aliceSees = nextEvent(alice, 'poll.vote_removed');
    const removed = await bob.removePollVote(messageId, pollId, vote.id);
    expect(removed.vote).toMatchObject({ id: vote.id, option_id: optionIds[1] });
    const event = await aliceSees;
    expect(event.poll_vote).toMatchObject({ id: vote.id, user_id: 'bob' });
    expect(event.poll).toMatchObject({ vote_count: 1, vote_counts_by_option: { [optionIds[1]!]: 1 } });
    expect(state(alice, pollId).vote_count).toBe(1);
    await settle();
    expect(state(bob, pollId).ownVotesByOptionId).toEqual({});
  });

  it('closes a poll (creator only): poll.closed, then nobody can vote', async () => {
    const { pollId, messageId, optionIds } = await sendPoll({ options: [{ text: 'A' }, { text: 'B' }] });
    await expect(bob.closePoll(pollId)).rejects.toMatchObject({ code: 17 });
    const bobSees = nextEvent(bob, 'poll.closed');
    const closed = await alice.closePoll(pollId);
    expect(closed.poll.is_closed).toBe(true);
    expect((await bobSees).poll).toMatchObject({ id: pollId, is_closed: true });
    expect(state(bob, pollId).is_closed).toBe(true);
    for (const voter of [bobRoom, aliceRoom]) {
      await expect(voter.vote(messageId, pollId, { option_id: optionIds[0]! })).rejects.toMatchObject({
        code: 4,
        message: expect.stringContaining('the poll is closed'),
      });
    }
    expect(sandbox().store.polls.get(pollId)!.votes).toEqual([]);
  });

  it('adds options: refused for users unless the poll allows suggestions; the creator always may', async () => {
    const locked = await sendPoll({ options: [{ text: 'A' }] });
    await expect(bob.createPollOption(locked.pollId, { text: 'B' })).rejects.toMatchObject({ code: 17 });
    const bobSees = nextEvent(bob, 'poll.updated');
    const withIcon = { text: ' B ', position: 0, icon: 'b' };
    const added = await alice.createPollOption(locked.pollId, withIcon);
    expect(added.poll_option).toMatchObject({ text: 'B', icon: 'b', poll_id: locked.pollId, position: 0 });
    expect((await bobSees).poll?.options.map((o) => o.text)).toEqual(['B', 'A']);
    expect(state(bob, locked.pollId).options.map((o) => o.text)).toEqual(['B', 'A']);

    const open = await sendPoll({ allow_user_suggested_options: true, options: [{ text: 'A' }] });
    const aliceSees = nextEvent(alice, 'poll.updated');
    const suggestion = await bob.createPollOption(open.pollId, { text: 'Sunday' });
    expect((await aliceSees).poll?.options.map((o) => o.text)).toEqual(['A', 'Sunday']);
    await expect(bob.createPollOption(open.pollId, { text: 'sunday' })).rejects.toMatchObject({ code: 4 });
    await expect(bob.createPollOption(open.pollId, { text: '   ' })).rejects.toMatchObject({ code: 4 });
    // Changing and deleting options stays the creator's.
    await expect(
      bob.updatePollOption(open.pollId, { id: suggestion.poll_option.id, text: 'Sat' }),
    ).rejects.toMatchObject({ code: 17 });
    const optionId = suggestion.poll_option.id;
    await bobRoom.vote(open.messageId, open.pollId, { option_id: optionId });
    const renamed = await alice.updatePollOption(open.pollId, { id: optionId, text: 'Saturday' });
    expect(renamed.poll_option).toMatchObject({ id: optionId, text: 'Saturday', vote_count: 1 });
    expect((await alice.getPollOption(open.pollId, optionId)).poll_option.text).toBe('Saturday');
    const deleted = nextEvent(bob, 'poll.updated');
    await alice.deletePollOption(open.pollId, optionId);
    expect((await deleted).poll).toMatchObject({ vote_count: 0, options: [{ text: 'A' }] });
    await expect(alice.getPollOption(open.pollId, optionId)).rejects.toMatchObject({ code: 16 });
  });

  it('updates (PUT and PATCH) and deletes a poll with poll.updated and poll.deleted', async () => {
    const { pollId, optionIds } = await sendPoll({ options: [{ text: 'A' }, { text: 'B' }] });
    await expect(bob.partialUpdatePoll(pollId, { set: { name: 'Mine' } })).rejects.toMatchObject({ code: 17 });
    const patched = nextEvent(bob, 'poll.updated');
    const set = { description: 'Vote by Friday', colour: 'red' };
    await alice.partialUpdatePoll(pollId, { set });
    expect((await patched).poll).toMatchObject({ description: 'Vote by Friday', colour: 'red' });
    expect(state(bob, pollId).description).toBe('Vote by Friday');

    const put = nextEvent(bob, 'poll.updated');
    const updated = await alice.updatePoll({
      id: pollId,
      name: 'Renamed',
      options: [{ id: optionIds[0], text: 'A+' }, { text: 'C' }],
      allow_answers: true,
    });
    expect(updated.poll).toMatchObject({ name: 'Renamed', allow_answers: true, description: '' });
    expect(updated.poll.options[0]).toMatchObject({ id: optionIds[0], text: 'A+' });
    expect((await put).poll?.name).toBe('Renamed');
    expect(state(bob, pollId).name).toBe('Renamed');

    const gone = nextEvent(bob, 'poll.deleted');
    await alice.deletePoll(pollId);
    expect((await gone).poll?.id).toBe(pollId);
    await expect(alice.getPoll(pollId)).rejects.toMatchObject({ code: 16 });
  });

  it('queries votes, answers and polls with paging; outsiders see none of them', async () => {
    const { pollId, messageId, optionIds } = await sendPoll({
      name: 'Paged poll',
      allow_answers: true,
      enforce_unique_vote: false,
      options: [{ text: 'A' }, { text: 'B' }],
    });
    const [a, b] = optionIds as [string, string];
    await aliceRoom.vote(messageId, pollId, { option_id: a });
    await bobRoom.vote(messageId, pollId, { option_id: a });
    await carol.castPollVote(messageId, pollId, { option_id: a });
    await carol.castPollVote(messageId, pollId, { option_id: b });
    await bob.addPollAnswer(messageId, pollId, 'late');
    await carol.addPollAnswer(messageId, pollId, 'early');

    const page1 = await bob.queryPollVotes(pollId, { option_id: a }, [{ created_at: -1 }], { limit: 2 });
    expect(page1.votes.map((v) => v.user_id)).toEqual(['carol', 'bob']);
    expect(page1.next).toEqual(expect.any(String));
    const page2 = await bob.queryPollVotes(pollId, { option_id: a }, [{ created_at: -1 }], {
      limit: 2,
      next: page1.next,
    });
    expect(page2.votes.map((v) => v.user_id)).toEqual(['alice']);
    expect(page2.next).toBeUndefined();
    const answers = await alice.queryPollAnswers(pollId, {}, [{ created_at: 1 }]);
    expect(answers.votes.map((v) => [v.user_id, v.answer_text])).toEqual([
      ['bob', 'late'],
      ['carol', 'early'],
    ]);
    const poll = state(alice, pollId);
    expect(poll).toMatchObject({ vote_count: 4, answers_count: 2, vote_counts_by_option: { [a]: 3, [b]: 1 } });

    const named = await bob.queryPolls({ name: 'Paged poll' });
    expect(named.polls.map((p) => p.id)).toEqual([pollId]);
    const first = await bob.queryPolls({ created_by_id: 'alice' }, [{ created_at: -1 }], { limit: 2 });
    expect(first.polls[0]!.id).toBe(pollId);
    expect(first.next).toEqual(expect.any(String));
    const rest = await bob.queryPolls({ created_by_id: 'alice' }, [{ created_at: -1 }], {
      limit: 100,
      next: first.next,
    });
    expect(rest.polls.length).toBeGreaterThan(0);
    expect(rest.polls.map((p) => p.id)).not.toContain(pollId);

    expect((await dave.queryPolls({})).polls).toEqual([]);
    await expect(dave.getPoll(pollId)).rejects.toMatchObject({ code: 16 });
    await expect(dave.castPollVote(messageId, pollId, { option_id: a })).rejects.toMatchObject({ code: 17 });
    const asServer = await serverClient(server).queryPollVotes(pollId, { is_answer: true }, [], {}, 'alice');
    expect(asServer.votes).toHaveLength(2);
  });

  it('hides voters of an anonymous poll from other users', async () => {
    const { pollId, messageId, optionIds } = await sendPoll({
      voting_visibility: 'anonymous' as CreatePollData['voting_visibility'],
      allow_answers: true,
      options: [{ text: 'A' }],
    });
    const aliceSees = nextEvent(alice, 'poll.vote_casted');
    const own = await bobRoom.vote(messageId, pollId, { option_id: optionIds[0]! });
    expect(own.vote).toMatchObject({ user_id: 'bob', user: { id: 'bob' } });
    const event: Event = await aliceSees;
    expect(event.poll_vote).not.toHaveProperty('user_id');
    expect(event.poll_vote).not.toHaveProperty('user');
    const latest = event.poll?.latest_votes_by_option[optionIds[0]!] ?? [];
    expect(latest).toHaveLength(1);
    expect(latest[0]).not.toHaveProperty('user_id');
    await bob.addPollAnswer(messageId, pollId, 'secret');
    const answers = await alice.queryPollAnswers(pollId);
    expect(answers.votes[0]).toMatchObject({ answer_text: 'secret' });
    expect(answers.votes[0]).not.toHaveProperty('user');
    expect((await alice.queryPollVotes(pollId, { user_id: 'bob' })).votes).toEqual([]);
    expect((await bob.getPoll(pollId)).poll.own_votes?.every((v) => v.user_id === 'bob')).toBe(true);
  });

  describe('refusals', () => {
    const bad = (label: string, body: Record<string, unknown>, message: string) => [label, body, message] as const;
    it.each([
      bad('no name', { options: [{ text: 'A' }] }, 'poll name is required'),
      bad('a blank name', { name: '   ' }, 'poll name is required'),
      bad('options that are not a list', { name: 'Q', options: 'A,B' }, 'poll options must be an array'),
      bad(
        'over 100 options',
        { name: 'Q', options: Array.from({ length: 101 }, (_, i) => ({ text: `o${i}` })) },
        'a poll can have at most 100 options',
      ),
      bad(
        'a blank option',
        { name: 'Q', options: [{ text: 'A' }, { text: '  ' }] },
        'poll option text must not be blank',
      ),
      bad('an option without text', { name: 'Q', options: [{}] }, 'poll option text is required'),
      bad(
        'duplicate options',
        { name: 'Q', options: [{ text: 'Ball' }, { text: ' ball ' }] },
        'poll option "ball" already exists',
      ),
      bad(
        'max votes 1',
        { name: 'Q', enforce_unique_vote: false, max_votes_allowed: 1 },
        'max_votes_allowed must be a whole number from 2 to 10',
      ),
      bad(
        'max votes 11',
        { name: 'Q', enforce_unique_vote: false, max_votes_allowed: 11 },
        'max_votes_allowed must be a whole number from 2 to 10',
      ),
      bad(
        'max votes 2.5',
        { name: 'Q', enforce_unique_vote: false, max_votes_allowed: 2.5 },
        'max_votes_allowed must be a whole number from 2 to 10',
      ),
      bad(
        'max votes as text',
        { name: 'Q', enforce_unique_vote: false, max_votes_allowed: '3' },
        'max_votes_allowed must be a whole number from 2 to 10',
      ),
      bad(
        'max votes with unique votes',
        { name: 'Q', enforce_unique_vote: true, max_votes_allowed: 3 },
        'max_votes_allowed cannot be set when enforce_unique_vote is true',
      ),
      bad(
        'max votes with the default unique votes',
        { name: 'Q', max_votes_allowed: 3 },
        'max_votes_allowed cannot be set when enforce_unique_vote is true',
      ),
      bad(
        'an unknown visibility',
        { name: 'Q', voting_visibility: 'secret' },
        'voting_visibility must be "public" or "anonymous"',
      ),
      bad('a non-boolean flag', { name: 'Q', allow_answers: 'yes' }, 'allow_answers must be true or false'),
    ])('refuses a poll with %s (code 4, nothing stored)', async (_label, body, message) => {
      const before = sandbox().store.polls.size;
      const answer = await rawChat(server, 'POST', '/polls', 'alice', body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 4, StatusCode: 400, message });
      expect(sandbox().store.polls.size).toBe(before);
    });

    it('refuses a duplicate poll id, bad partial updates and a message with an unknown poll', async () => {
      const { pollId } = await sendPoll({ options: [{ text: 'A' }] });
      const again = await rawChat(server, 'POST', '/polls', 'alice', { id: pollId, name: 'Twice' });
      expect(again.body).toMatchObject({ code: 4, message: `a poll with ID ${pollId} already exists` });
      const before = JSON.stringify(sandbox().store.polls.get(pollId));
      for (const body of [
        { set: { name: '' } },
        { unset: ['name'] },
        { set: { max_votes_allowed: 4 } },
        { set: { voting_visibility: 'nobody' } },
        { set: { options: [{ text: 'x' }, { text: 'X' }] } },
        { unset: 'name' },
      ]) {
        const answer = await rawChat(server, 'PATCH', `/polls/${pollId}`, 'alice', body);
        expect(answer.status).toBe(400);
        expect(answer.body.code).toBe(4);
      }
      expect(JSON.stringify(sandbox().store.polls.get(pollId))).toBe(before);

      const count = sandbox().store.messages.size;
      await expect(aliceRoom.sendMessage({ text: '', poll_id: 'no-such-poll' })).rejects.toMatchObject({
        code: 4,
        message: expect.stringContaining('poll no-such-poll does not exist'),
      });
      expect(sandbox().store.messages.size).toBe(count);
    });

    it('refuses bad votes with code 4 and changes nothing', async () => {
      const { pollId, messageId, optionIds } = await sendPoll({ options: [{ text: 'A' }] });
      const plain = (await aliceRoom.sendMessage({ text: 'no poll here' })).message;
      const path = `/messages/${messageId}/polls/${pollId}/vote`;
      const cases: [string, unknown, string][] = [
        [path, {}, 'vote is required'],
        [path, { vote: {} }, 'a vote needs either option_id or answer_text'],
        [path, { vote: { option_id: optionIds[0], answer_text: 'x' } }, 'a vote needs either option_id or answer_text'],
        [path, { vote: { option_id: 'nope' } }, `poll option nope does not exist in poll ${pollId}`],
        [path, { vote: { answer_text: 'hi' } }, 'this poll does not allow answers'],
        [
          `/messages/${plain.id}/polls/${pollId}/vote`,
          { vote: { option_id: optionIds[0] } },
          `message ${plain.id} does not carry poll ${pollId}`,
        ],
      ];
      for (const [url, body, message] of cases) {
        const answer = await rawChat(server, 'POST', url, 'bob', body);
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({ code: 4, message });
      }
      expect(sandbox().store.polls.get(pollId)!.votes).toEqual([]);
      const missing = await rawChat(server, 'POST', `/messages/${messageId}/polls/nope/vote`, 'bob', {
        vote: { option_id: 'x' },
      });
      expect(missing.body.code).toBe(4);
    });
  });

  it('keeps polls and votes across a restart', async () => {
    const { pollId, messageId, optionIds } = await sendPoll({ options: [{ text: 'Kept' }] });
    await bobRoom.vote(messageId, pollId, { option_id: optionIds[0]! });
    const restarted = await server.restart();
    server = { ...restarted, clients: server.clients, chatUrl: restarted.url + '/chat' };
    const fresh = await connectClient(server, 'bob', 'Bob Brown');
    const { poll } = await fresh.getPoll(pollId);
    expect(poll).toMatchObject({ vote_count: 1, vote_counts_by_option: { [optionIds[0]!]: 1 } });
    expect(poll.own_votes?.map((v) => v.user_id)).toEqual(['bob']);
  }, 20_000);
});

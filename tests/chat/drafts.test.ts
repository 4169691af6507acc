import type { DraftResponse, StreamChat } from 'stream-chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../support/engines.js';
import {
  connectClient,
  nextEvent,
  rawChat,
  recordEvents,
  settle,
  startChatServer,
  type ChatServer,
} from '../support/chat.js';

describe.each(ENGINES)('chat drafts on $name', (engine) => {
  let server: ChatServer;
  let alice: StreamChat;
  /** Alice's second tab: the same user on another connection. */
  let aliceTab: StreamChat;
  let bob: StreamChat;
  let parentId: string;
  beforeAll(async () => {
    server = await startChatServer(engine);
    alice = await connectClient(server, 'alice', 'Alice Adams');
    aliceTab = await connectClient(server, 'alice', 'Alice Adams');
    bob = await connectClient(server, 'bob', 'Bob Brown');
    await alice.channel('messaging', 'drafts', { members: ['alice', 'bob'] }).create();
    await bob.channel('messaging', 'secret', { members: ['bob'] }).create();
    parentId = (await bob.channel('messaging', 'drafts').sendMessage({ text: 'thread starter' })).message.id;
  });
  afterAll(() => server.close());

  const room = (client: StreamChat) => client.channel('messaging', 'drafts');
  const draftCount = () => server.app.chatSandbox!.store.drafts.size;

  it('saves a draft and sends draft.updated to every connection of the user, not to others', async () => {
    const bobSees = recordEvents(bob, 'draft.updated', 'draft.deleted');
    const tabComposer = room(aliceTab).messageComposer;
    const unsubscribe = tabComposer.registerDraftEventSubscriptions();
    const inTab = nextEvent(aliceTab, 'draft.updated');
    const inSender = nextEvent(alice, 'draft.updated');
    const { draft } = await room(alice).createDraft({ text: 'Kick-off moved to', mentioned_users: ['bob'] });
    expect(draft).toMatchObject({
      channel_cid: 'messaging:drafts',
      channel: { cid: 'messaging:drafts', config: expect.any(Object) },
      message: { text: 'Kick-off moved to', mentioned_users: [{ id: 'bob' }] },
    });
    expect(draft.message.id).toEqual(expect.any(String));
    expect(draft.parent_id).toBeUndefined();
    const event = await inTab;
    expect(event).toMatchObject({
      cid: 'messaging:drafts',
      channel_id: 'drafts',
      channel_type: 'messaging',
      draft: { channel_cid: 'messaging:drafts', message: { id: draft.message.id, text: 'Kick-off moved to' } },
    });
    await inSender;
    // The other tab's composer follows the draft.
    expect(tabComposer.textComposer.text).toBe('Kick-off moved to');
    expect(tabComposer.draftId).toBe(draft.message.id);
    await settle();
    expect(bobSees).toHaveLength(0);
    unsubscribe();
  });

  it('keeps the draft id across saves and includes the draft in the owner’s channel state only', async () => {
    const first = await room(alice).getDraft();
    const { draft } = await room(alice).createDraft({ text: 'Kick-off moved to 8', mentioned_users: ['bob'] });
    expect(draft.message.id).toBe(first.draft.message.id);
    const state = await room(aliceTab).watch();
    expect(state.draft).toMatchObject({ channel_cid: 'messaging:drafts', message: { text: 'Kick-off moved to 8' } });
    expect(room(aliceTab).messageComposer.textComposer.text).toBe('Kick-off moved to 8');
    const bobState = await room(bob).watch();
    expect(bobState.draft).toBeUndefined();
  });

  it('keeps thread drafts apart from the channel draft', async () => {
    // Custom fields travel flattened, as the composer sends them.
    const payload = { text: 'reply in progress', parent_id: parentId, custom_tag: 'x' };
    const { draft } = await room(alice).createDraft(payload);
    expect(draft).toMatchObject({
      parent_id: parentId,
      parent_message: { id: parentId, text: 'thread starter' },
      message: { text: 'reply in progress', parent_id: parentId, custom_tag: 'x' },
    });
    expect((await room(alice).getDraft({ parent_id: parentId })).draft.message.text).toBe('reply in progress');
    expect((await room(alice).getDraft()).draft.message.text).toBe('Kick-off moved to 8');
  });

  it('queries the user’s drafts with filters, sort and next/prev paging', async () => {
    const all = await alice.queryDrafts({ sort: [{ created_at: -1 }] });
    expect(all.drafts.map((d) => d.message.text)).toEqual(['reply in progress', 'Kick-off moved to 8']);
    const first = await alice.queryDrafts({ sort: [{ created_at: 1 }], limit: 1 });
    expect(first.drafts.map((d) => d.message.text)).toEqual(['Kick-off moved to 8']);
    expect(first.next).toEqual(expect.any(String));
    expect(first.prev).toBeUndefined();
    const second = await alice.queryDrafts({ sort: [{ created_at: 1 }], limit: 1, next: first.next });
    expect(second.drafts.map((d) => d.message.text)).toEqual(['reply in progress']);
    expect(second.next).toBeUndefined();
    const back = await alice.queryDrafts({ sort: [{ created_at: 1 }], limit: 1, prev: second.prev });
    expect(back.drafts.map((d) => d.message.text)).toEqual(['Kick-off moved to 8']);
    const threads = await alice.queryDrafts({ filter: { parent_id: { $exists: true } } });
    expect(threads.drafts.map((d: DraftResponse) => d.parent_id)).toEqual([parentId]);
    const byChannel = await alice.queryDrafts({ filter: { channel_cid: { $in: ['messaging:other'] } } });
    expect(byChannel.drafts).toEqual([]);
    expect((await bob.queryDrafts()).drafts).toEqual([]);
  });

  it('deletes a draft with draft.deleted to the user’s connections; a missing draft is code 16', async () => {
    const bobSees = recordEvents(bob, 'draft.deleted');
    const tabComposer = room(aliceTab).messageComposer;
    const unsubscribe = tabComposer.registerDraftEventSubscriptions();
    const deleted = nextEvent(aliceTab, 'draft.deleted');
    expect(await room(alice).deleteDraft()).toMatchObject({ duration: expect.any(String) });
    const event = await deleted;
    expect(event).toMatchObject({
      cid: 'messaging:drafts',
      channel_id: 'drafts',
      channel_type: 'messaging',
      draft: { channel_cid: 'messaging:drafts', message: { id: '', text: '' } },
    });
    expect(event.draft?.parent_id).toBeUndefined();
    expect(tabComposer.textComposer.text).toBe('');
    await expect(room(alice).getDraft()).rejects.toMatchObject({ code: 16, status: 404 });
    // The thread draft is untouched.
    expect((await room(alice).getDraft({ parent_id: parentId })).draft.message.text).toBe('reply in progress');
    await settle();
    expect(bobSees).toHaveLength(0);
    unsubscribe();
  });

  it('clears the matching draft when the message is sent', async () => {
    await room(alice).createDraft({ text: 'about to send' });
    const channelDraftGone = nextEvent(aliceTab, 'draft.deleted', 3000, (e) => !e.draft?.parent_id);
    await room(alice).sendMessage({ text: 'about to send' });
    await channelDraftGone;
    await expect(room(alice).getDraft()).rejects.toMatchObject({ code: 16 });
    expect((await room(alice).getDraft({ parent_id: parentId })).draft).toBeDefined();
    const threadDraftGone = nextEvent(aliceTab, 'draft.deleted', 3000, (e) => e.draft?.parent_id === parentId);
    await room(alice).sendMessage({ text: 'reply in progress', parent_id: parentId });
    await threadDraftGone;
    await expect(room(alice).getDraft({ parent_id: parentId })).rejects.toMatchObject({ code: 16 });
    expect((await alice.queryDrafts()).drafts).toEqual([]);
  });

  describe('bad input', () => {
    it('refuses a missing or malformed message with code 4', async () => {
      const before = draftCount();
      const missing = await rawChat(server, 'POST', '/channels/messaging/drafts/draft', 'alice', {});
      expect(missing).toMatchObject({ status: 400, body: { code: 4, message: 'field "message" is required' } });
      const text = await rawChat(server, 'POST', '/channels/messaging/drafts/draft', 'alice', {
        message: { text: 42 },
      });
      expect(text.body).toMatchObject({ code: 4, message: 'field "message.text" must be string' });
      const attachments = await rawChat(server, 'POST', '/channels/messaging/drafts/draft', 'alice', {
        message: { text: 'x', attachments: 'nope' },
      });
      expect(attachments.body).toMatchObject({ code: 4, message: 'field "message.attachments" must be array' });
      const quoted = await rawChat(server, 'POST', '/channels/messaging/drafts/draft', 'alice', {
        message: { text: 'x', quoted_message_id: 'nope' },
      });
      expect(quoted.body).toMatchObject({ code: 4 });
      expect(draftCount()).toBe(before);
    });

    it.each([
      ['a message that is text', { message: 'hello' }, 'message'],
      ['a numeric parent_id', { message: { text: 'x', parent_id: 5 } }, 'message.parent_id'],
      ['a text silent flag', { message: { text: 'x', silent: 'yes' } }, 'message.silent'],
      [
        'mentioned_users that is not a list',
        { message: { text: 'x', mentioned_users: 'bob' } },
        'message.mentioned_users',
      ],
      ['custom data that is a list', { message: { text: 'x', custom: [1] } }, 'message.custom'],
    ])('refuses %s with code 4 naming the field, and stores nothing', async (_label, body, field) => {
      const before = draftCount();
      const answer = await rawChat(server, 'POST', '/channels/messaging/drafts/draft', 'alice', body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 4, exception_fields: { [field]: expect.any(String) } });
      expect(String(answer.body.message)).toContain(`field "${field}"`);
      expect(draftCount()).toBe(before);
    });

    it('refuses a draft query with a null sort item or a text limit, naming the field', async () => {
      const sort = await rawChat(server, 'POST', '/drafts/query', 'alice', { sort: [null] });
      expect(sort.body).toMatchObject({ code: 4, exception_fields: { 'sort.0': 'must be object' } });
      const limit = await rawChat(server, 'POST', '/drafts/query', 'alice', { limit: 'all' });
      expect(limit.body).toMatchObject({ code: 4, exception_fields: { limit: expect.any(String) } });
    });

    it('refuses text over the maximum length with code 20', async () => {
      await expect(room(alice).createDraft({ text: 'x'.repeat(5001) })).rejects.toMatchObject({ code: 20 });
      await expect(room(alice).getDraft()).rejects.toMatchObject({ code: 16 });
    });

    it('refuses an unknown channel (16), a channel the user cannot see (17) and an unknown thread (16)', async () => {
      const before = draftCount();
      await expect(alice.channel('messaging', 'nowhere').createDraft({ text: 'x' })).rejects.toMatchObject({
        code: 16,
        status: 404,
      });
      const secret = alice.channel('messaging', 'secret');
      await expect(secret.createDraft({ text: 'x' })).rejects.toMatchObject({
        code: 17,
        status: 403,
        message: expect.stringContaining('CreateDraft'),
      });
      await expect(secret.getDraft()).rejects.toMatchObject({ code: 17 });
      await expect(secret.deleteDraft()).rejects.toMatchObject({ code: 17 });
      await expect(room(alice).createDraft({ text: 'x', parent_id: 'no-such-message' })).rejects.toMatchObject({
        code: 16,
      });
      expect(draftCount()).toBe(before);
    });

    it('refuses unknown query filters and sorts with code 4', async () => {
      const filter = await rawChat(server, 'POST', '/drafts/query', 'alice', { filter: { text: 'x' } });
      expect(filter.body).toMatchObject({ code: 4, message: expect.stringContaining('cannot filter drafts by text') });
      const sort = await rawChat(server, 'POST', '/drafts/query', 'alice', {
        sort: [{ field: 'text', direction: 1 }],
      });
      expect(sort.body).toMatchObject({ code: 4, message: 'cannot sort drafts by text' });
      const cursor = await rawChat(server, 'POST', '/drafts/query', 'alice', { next: 'garbage' });
      expect(cursor.body).toMatchObject({ code: 4, message: 'next is not a valid cursor' });
    });
  });

  it('survives a restart', async () => {
    await room(alice).createDraft({ text: 'kept' });
    const restarted = await server.restart();
    server = { ...restarted, clients: server.clients, chatUrl: restarted.url + '/chat' };
    const fresh = await connectClient(server, 'alice');
    expect((await room(fresh).getDraft()).draft.message.text).toBe('kept');
    await room(fresh).deleteDraft();
  }, 20_000);

  it("carries the viewer's thread draft in the thread's state, and only theirs", async () => {
    // A reply makes the message a thread.
    await room(bob).sendMessage({ text: 'first reply', parent_id: parentId });
    await room(alice).createDraft({ text: 'thread draft of alice', parent_id: parentId });
    const mine = await rawChat(server, 'GET', `/threads/${parentId}`, 'alice');
    expect((mine.body.thread as { draft?: { message: { text: string } } }).draft?.message.text).toBe(
      'thread draft of alice',
    );
    const theirs = await rawChat(server, 'GET', `/threads/${parentId}`, 'bob');
    expect((theirs.body.thread as { draft?: unknown }).draft).toBeUndefined();
    await room(alice).deleteDraft({ parent_id: parentId });
  });
});

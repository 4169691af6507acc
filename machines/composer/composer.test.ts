import { createActor, fromPromise, sendParent, setup, SimulatedClock, type AnyActorRef } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { ComposerEmitted } from '../shared/composed-message';
import type {
  ComposerChildEvent,
  LinkPreviewInput,
  UploadedAttachment,
  UploadInput,
} from '../shared/composer-children';
import {
  composerMachine,
  COOLDOWN_GRACE_MS,
  COOLDOWN_TICK_MS,
  DRAFT_DEBOUNCE_MS,
  TYPING_IDLE_MS,
  TYPING_THROTTLE_MS,
} from './composer.machine';
import { findUrls, isTextEmpty } from './composer.rules';
import {
  selectActiveTrigger,
  selectAttachedPreview,
  selectCanSend,
  selectChild,
  selectCommand,
  selectCooldownRemaining,
  selectEditing,
  selectErrorKey,
  selectIsEditing,
  selectPreviews,
  selectQuoted,
  selectSendBlockedReason,
  selectShowInChannel,
  selectText,
  selectUploads,
} from './composer.selectors';
import type { ComposerDraft, ComposerInput, DeleteDraftInput, DraftPayload, TypingInput } from './composer.types';

// Small real child machines that report with the contract's events, as the real ones will.
const fakeUpload = setup({
  types: {
    context: {} as { localId: string; input: UploadInput },
    input: {} as UploadInput,
    events: {} as { type: 'test.progress'; progress: number } | { type: 'test.finish' } | { type: 'test.remove' },
  },
}).createMachine({
  context: ({ input }) => ({ localId: input.localId, input }),
  entry: sendParent(({ context }): ComposerChildEvent => ({
    type: 'upload.updated',
    localId: context.localId,
    status: 'uploading',
    progress: 0,
  })),
  on: {
    'test.progress': {
      actions: sendParent(({ context, event }): ComposerChildEvent => ({
        type: 'upload.updated',
        localId: context.localId,
        status: 'uploading',
        progress: event.progress,
      })),
    },
    'test.finish': {
      actions: sendParent(({ context }): ComposerChildEvent => ({
        type: 'upload.updated',
        localId: context.localId,
        status: 'finished',
        progress: 100,
        attachment: attachmentFor(context.input.file.name),
      })),
    },
    'test.remove': {
      actions: sendParent(({ context }): ComposerChildEvent => ({ type: 'upload.removed', localId: context.localId })),
    },
  },
});

const attachmentFor = (name: string): UploadedAttachment => ({
  type: 'image',
  image_url: `https://cdn.test/${name}`,
  title: name,
  mime_type: 'image/png',
  file_size: 10,
});

const fakePreview = setup({
  types: { context: {} as LinkPreviewInput, input: {} as LinkPreviewInput, events: {} as { type: 'test.load' } },
}).createMachine({
  context: ({ input }) => input,
  entry: sendParent(({ context }): ComposerChildEvent => ({
    type: 'preview.updated',
    url: context.url,
    status: 'loading',
  })),
  on: {
    'test.load': {
      actions: sendParent(({ context }): ComposerChildEvent => ({
        type: 'preview.updated',
        url: context.url,
        status: 'loaded',
        preview: { og_scrape_url: context.url, title: `Title of ${context.url}` },
      })),
    },
  },
});

const fakePoll = setup({
  types: { events: {} as { type: 'test.create' } | { type: 'test.cancel' } },
}).createMachine({
  on: {
    'test.create': { actions: sendParent((): ComposerChildEvent => ({ type: 'poll.created', pollId: 'poll-1' })) },
    'test.cancel': { actions: sendParent((): ComposerChildEvent => ({ type: 'poll.cancelled' })) },
  },
});

/** A composer with fake I/O on a simulated clock; every call and emitted event recorded. */
function start(input: ComposerInput = {}, options: { failSave?: boolean } = {}) {
  const clock = new SimulatedClock();
  const calls = {
    startTyping: [] as TypingInput[],
    stopTyping: [] as TypingInput[],
    saveDraft: [] as DraftPayload[],
    deleteDraft: [] as DeleteDraftInput[],
  };
  let nextId = 0;
  const machine = composerMachine.provide({
    actors: {
      upload: fakeUpload,
      linkPreview: fakePreview,
      pollComposer: fakePoll,
      startTyping: fromPromise<void, TypingInput>(async ({ input }) => void calls.startTyping.push(input)),
      stopTyping: fromPromise<void, TypingInput>(async ({ input }) => void calls.stopTyping.push(input)),
      saveDraft: fromPromise<void, DraftPayload>(async ({ input }) => {
        calls.saveDraft.push(input);
        if (options.failSave) throw new Error('save failed');
      }),
      deleteDraft: fromPromise<void, DeleteDraftInput>(async ({ input }) => void calls.deleteDraft.push(input)),
    },
  });
  const actor = createActor(machine, {
    clock,
    input: { newId: () => `id-${++nextId}`, now: () => Date.UTC(2026, 0, 1), deviceId: 'device-1', ...input },
  });
  const emitted: ComposerEmitted[] = [];
  actor.on('composer.sent', (e) => emitted.push(e));
  actor.on('composer.edited', (e) => emitted.push(e));
  actor.start();
  const snap = () => actor.getSnapshot();
  const type = (text: string, urls?: string[]) =>
    actor.send({ type: 'composer.type', text, ...(urls ? { urls } : {}) });
  const child = (id: string) => selectChild(snap(), id) as AnyActorRef;
  return { actor, clock, calls, emitted, snap, type, child };
}

const previewChildren = (snapshot: { children: object }) =>
  Object.keys(snapshot.children).filter((id) => id.startsWith('preview:'));
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const png = (name: string) => ({ file: { name, size: 10, type: 'image/png' }, blob: new Blob(['x']) });

describe('composer: text, default text, clear, quote', () => {
  it('pre-fills empty text with the default text, and clear brings it back and drops the quote', () => {
    const { actor, snap, type } = start({ defaultText: 'Go team!' });
    expect(selectText(snap())).toBe('Go team!');
    type('Kick-off at 8');
    actor.send({ type: 'composer.quote', message: { id: 'm1', text: 'When?' } });
    expect(selectQuoted(snap())).toEqual({ id: 'm1', text: 'When?' });
    actor.send({ type: 'composer.clear' });
    expect(selectText(snap())).toBe('Go team!');
    expect(selectQuoted(snap())).toBeNull();
  });

  it('sends the quote, and unquote drops it', () => {
    const { actor, emitted, type } = start();
    actor.send({ type: 'composer.quote', message: { id: 'm1' } });
    type('Yes');
    actor.send({ type: 'composer.submit' });
    expect(emitted[0]!.message).toEqual({ id: 'id-1', text: 'Yes', quoted_message_id: 'm1' });
    actor.send({ type: 'composer.quote', message: { id: 'm2' } });
    actor.send({ type: 'composer.unquote' });
    type('No');
    actor.send({ type: 'composer.submit' });
    expect(emitted[1]!.message).toEqual({ id: 'id-2', text: 'No' });
  });

  it('after sending, resets the composition, keeping the default text', () => {
    const { actor, snap, emitted, type } = start({ defaultText: 'Hi' });
    type('Hi all');
    actor.send({ type: 'composer.submit' });
    expect(emitted).toHaveLength(1);
    expect(emitted[0]).toMatchObject({ type: 'composer.sent', message: { text: 'Hi all' }, skipEnrichUrl: false });
    expect(selectText(snap())).toBe('Hi');
  });

  it('puts the thread parent on replies', () => {
    const { actor, emitted, type } = start({ threadId: 'parent-1' });
    type('reply');
    actor.send({ type: 'composer.submit' });
    expect(emitted[0]!.message).toEqual({ id: 'id-1', text: 'reply', parent_id: 'parent-1' });
  });

  it('also sends a reply to the channel when asked, for that reply only', () => {
    const { actor, emitted, type, snap } = start({ threadId: 'parent-1' });
    actor.send({ type: 'composer.showInChannel', value: true });
    expect(selectShowInChannel(snap())).toBe(true);
    type('for everyone');
    actor.send({ type: 'composer.submit' });
    expect(emitted[0]!.message).toEqual({
      id: 'id-1',
      text: 'for everyone',
      parent_id: 'parent-1',
      show_in_channel: true,
    });
    expect(selectShowInChannel(snap())).toBe(false);
    type('thread only');
    actor.send({ type: 'composer.submit' });
    expect(emitted[1]!.message).toEqual({ id: 'id-2', text: 'thread only', parent_id: 'parent-1' });
  });

  it('has no "also send to channel" outside a thread', () => {
    const { actor, emitted, type, snap } = start();
    actor.send({ type: 'composer.showInChannel', value: true });
    expect(selectShowInChannel(snap())).toBe(false);
    type('hello');
    actor.send({ type: 'composer.submit' });
    expect(emitted[0]!.message).toEqual({ id: 'id-1', text: 'hello' });
  });
});

describe('composer: mentions', () => {
  it('keeps a mention only if the text still contains @id or @name', () => {
    const { actor, emitted, type } = start();
    actor.send({ type: 'composer.mention', user: { id: 'bob', name: 'Bob Brown' } });
    actor.send({ type: 'composer.mention', user: { id: 'carl', name: 'Carl' } });
    actor.send({ type: 'composer.mention', user: { id: 'dana', name: 'Dana' } });
    actor.send({ type: 'composer.mention', user: { id: 'bob', name: 'Bob Brown' } });
    type('@Bob Brown and @dana, see you');
    actor.send({ type: 'composer.submit' });
    expect(emitted[0]!.message.mentioned_users).toEqual(['bob', 'dana']);
  });
});

describe('composer: edit', () => {
  it('restores the message content, cuts the text to the maximum length and emits composer.edited', () => {
    const { actor, snap, emitted } = start({ maxLength: 10 });
    const message = {
      id: 'm9',
      text: 'A long message text',
      attachments: [attachmentFor('a.png'), { og_scrape_url: 'https://x.test', title: 'X' }],
      mentioned_users: [{ id: 'bob', name: 'Bob' }],
      quoted_message: { id: 'm1', text: 'quoted' },
    };
    actor.send({ type: 'composer.edit', message });
    expect(selectIsEditing(snap())).toBe(true);
    expect(selectEditing(snap())).toBe(message);
    expect(selectText(snap())).toBe('A long mes');
    expect(selectUploads(snap())).toEqual([
      { localId: 'id-1', file: null, status: 'finished', progress: 100, attachment: attachmentFor('a.png') },
    ]);
    expect(selectPreviews(snap())).toEqual([
      { url: 'https://x.test', status: 'loaded', preview: { og_scrape_url: 'https://x.test', title: 'X' } },
    ]);
    expect(selectQuoted(snap())).toEqual({ id: 'm1', text: 'quoted' });
    actor.send({ type: 'composer.type', text: '@bob done', urls: ['https://x.test'] });
    actor.send({ type: 'composer.submit' });
    expect(emitted).toEqual([
      {
        type: 'composer.edited',
        message: {
          id: 'm9',
          text: '@bob done',
          mentioned_users: ['bob'],
          quoted_message_id: 'm1',
          attachments: [attachmentFor('a.png'), { og_scrape_url: 'https://x.test', title: 'X' }],
        },
        skipEnrichUrl: true,
      },
    ]);
    expect(selectIsEditing(snap())).toBe(false);
    expect(selectText(snap())).toBe('');
  });

  it('cancel and clear leave editing with an empty composer; edits are not slowed down', () => {
    const { actor, snap, emitted } = start({ cooldownSeconds: 30 });
    actor.send({ type: 'composer.edit', message: { id: 'm1', text: 'old' } });
    actor.send({ type: 'composer.cancelEdit' });
    expect(selectIsEditing(snap())).toBe(false);
    expect(selectText(snap())).toBe('');
    actor.send({ type: 'composer.edit', message: { id: 'm1', text: 'old' } });
    actor.send({ type: 'composer.clear' });
    expect(selectIsEditing(snap())).toBe(false);
    actor.send({ type: 'composer.edit', message: { id: 'm1', text: 'old' } });
    actor.send({ type: 'composer.submit' });
    expect(emitted[0]).toMatchObject({ type: 'composer.edited', message: { id: 'm1', text: 'old' } });
    expect(selectCooldownRemaining(snap())).toBe(0);
  });
});

describe('composer: the sendable rule', () => {
  it.each(['', '   ', '<p></p>', '<p> </p><br>', '<br/>', '**', '&nbsp;'])('text %j alone is empty', (text) => {
    const { actor, snap, emitted, type } = start();
    type(text);
    expect(selectCanSend(snap())).toBe(false);
    expect(selectSendBlockedReason(snap())).toBe('empty');
    actor.send({ type: 'composer.submit' });
    expect(emitted).toEqual([]);
  });

  it('text counts', () => {
    expect(isTextEmpty('<p>hi</p>')).toBe(false);
    const { snap, type } = start();
    type('hi');
    expect(selectCanSend(snap())).toBe(true);
  });

  it('a finished upload alone is sendable; any upload in progress blocks with the spec’s error', async () => {
    const { actor, snap, emitted, type, child } = start();
    actor.send({ type: 'composer.addFiles', files: [png('a.png'), png('b.png')] });
    await settle();
    expect(selectUploads(snap()).map((u) => u.status)).toEqual(['uploading', 'uploading']);
    type('photos');
    expect(selectSendBlockedReason(snap())).toBe('uploading');
    actor.send({ type: 'composer.submit' });
    expect(emitted).toEqual([]);
    expect(selectErrorKey(snap())).toEqual({ key: 'chat.composer.uploadsInProgress' });
    child('upload:id-1').send({ type: 'test.finish' });
    expect(selectSendBlockedReason(snap())).toBe('uploading');
    child('upload:id-2').send({ type: 'test.progress', progress: 50 });
    expect(selectUploads(snap())[1]).toMatchObject({ status: 'uploading', progress: 50 });
    child('upload:id-2').send({ type: 'test.finish' });
    type('');
    expect(selectCanSend(snap())).toBe(true);
    actor.send({ type: 'composer.submit' });
    expect(emitted[0]!.message).toEqual({ id: 'id-3', attachments: [attachmentFor('a.png'), attachmentFor('b.png')] });
    // Their children are gone with the composition.
    expect(selectChild(snap(), 'upload:id-1')).toBeUndefined();
    expect(selectUploads(snap())).toEqual([]);
  });

  it('gives each upload child the contract input, slots counting down from 10', () => {
    const { actor, child } = start({ canUploadFile: false });
    actor.send({ type: 'composer.addFiles', files: [png('a.png'), png('b.png')] });
    const inputOf = (id: string) => (child(id).getSnapshot() as { context: { input: UploadInput } }).context.input;
    expect(inputOf('upload:id-1')).toMatchObject({
      localId: 'id-1',
      file: { name: 'a.png' },
      slotsLeft: 10,
      canUploadFile: false,
    });
    expect(inputOf('upload:id-2')).toMatchObject({
      localId: 'id-2',
      slotsLeft: 9,
      limits: { sizeLimit: 100 * 1024 * 1024 },
    });
  });

  it('a removed upload (by the member or by its child) leaves, its child stopped', () => {
    const { actor, snap, child } = start();
    actor.send({ type: 'composer.addFiles', files: [png('a.png'), png('b.png')] });
    actor.send({ type: 'composer.removeUpload', localId: 'id-1' });
    expect(selectChild(snap(), 'upload:id-1')).toBeUndefined();
    child('upload:id-2').send({ type: 'test.remove' });
    expect(selectUploads(snap())).toEqual([]);
    expect(selectChild(snap(), 'upload:id-2')).toBeUndefined();
  });

  it('a valid location is sendable, with the spec’s shared-location fields; an invalid one is refused', () => {
    const { actor, snap, emitted } = start();
    actor.send({ type: 'composer.setLocation', latitude: Number.NaN, longitude: 4 });
    expect(selectErrorKey(snap())).toEqual({ key: 'chat.composer.locationInvalid' });
    actor.send({ type: 'composer.setLocation', latitude: 52.1, longitude: 4.3, durationMs: 30_000 });
    expect(selectErrorKey(snap())).toEqual({ key: 'chat.liveLocation.tooShort', values: { seconds: 60 } });
    expect(selectCanSend(snap())).toBe(false);
    actor.send({ type: 'composer.setLocation', latitude: 52.1, longitude: 4.3, durationMs: 60_000 });
    expect(selectErrorKey(snap())).toBeNull();
    expect(selectCanSend(snap())).toBe(true);
    actor.send({ type: 'composer.submit' });
    expect(emitted[0]!.message).toEqual({
      id: 'id-1',
      shared_location: {
        latitude: 52.1,
        longitude: 4.3,
        created_by_device_id: 'device-1',
        message_id: 'id-1',
        end_at: new Date(Date.UTC(2026, 0, 1) + 60_000).toISOString(),
      },
    });
    actor.send({ type: 'composer.setLocation', latitude: 1, longitude: 2 });
    actor.send({ type: 'composer.clearLocation' });
    expect(selectCanSend(snap())).toBe(false);
  });

  it('over the maximum length the message is refused with an error the member can fix', () => {
    const { actor, snap, emitted, type } = start({ maxLength: 5 });
    type('123456');
    expect(selectSendBlockedReason(snap())).toBe('tooLong');
    actor.send({ type: 'composer.submit' });
    expect(emitted).toEqual([]);
    expect(selectErrorKey(snap())).toEqual({ key: 'chat.composer.tooLong', values: { length: 6, max: 5 } });
    expect(selectText(snap())).toBe('123456');
    type('12345');
    expect(selectErrorKey(snap())).toBeNull();
    actor.send({ type: 'composer.submit' });
    expect(emitted).toHaveLength(1);
    actor.send({ type: 'composer.dismissError' });
  });
});

describe('composer: poll', () => {
  it('a created poll is sent at once as a poll-only message ({ id, poll_id }); the child leaves; the rest stays', () => {
    const { actor, snap, emitted, type, child } = start();
    type('Vote please');
    actor.send({ type: 'composer.addFiles', files: [png('a.png')] });
    actor.send({ type: 'composer.openPoll' });
    actor.send({ type: 'composer.openPoll' });
    child('pollComposer').send({ type: 'test.create' });
    expect(emitted).toEqual([
      { type: 'composer.sent', message: { id: 'id-2', poll_id: 'poll-1' }, skipEnrichUrl: false },
    ]);
    expect(selectChild(snap(), 'pollComposer')).toBeUndefined();
    expect(selectText(snap())).toBe('Vote please');
    expect(selectUploads(snap())).toHaveLength(1);
  });

  it('in a thread the poll goes with the rest of the message', () => {
    const { actor, emitted, type, child } = start({ threadId: 'p1' });
    type('Vote please');
    actor.send({ type: 'composer.openPoll' });
    child('pollComposer').send({ type: 'test.create' });
    expect(emitted[0]!.message).toEqual({ id: 'id-1', text: 'Vote please', parent_id: 'p1', poll_id: 'poll-1' });
  });

  it('a cancelled or closed poll composer is stopped', () => {
    const { actor, snap, child } = start();
    actor.send({ type: 'composer.openPoll' });
    child('pollComposer').send({ type: 'test.cancel' });
    expect(selectChild(snap(), 'pollComposer')).toBeUndefined();
    actor.send({ type: 'composer.openPoll' });
    actor.send({ type: 'composer.closePoll' });
    expect(selectChild(snap(), 'pollComposer')).toBeUndefined();
  });
});

describe('composer: link previews', () => {
  it('spawns one preview child per URL, stops those whose URL left the text, attaches only the first loaded', () => {
    const { actor, snap, emitted, type, child } = start({ urlEnrichment: true });
    type('see https://a.test/x and www.b.test');
    expect(previewChildren(snap()).sort()).toEqual(['preview:http://www.b.test', 'preview:https://a.test/x']);
    expect(selectPreviews(snap()).map((p) => p.status)).toEqual(['loading', 'loading']);
    child('preview:http://www.b.test').send({ type: 'test.load' });
    expect(selectAttachedPreview(snap())?.og_scrape_url).toBe('http://www.b.test');
    child('preview:https://a.test/x').send({ type: 'test.load' });
    expect(selectAttachedPreview(snap())?.og_scrape_url).toBe('https://a.test/x');
    actor.send({ type: 'composer.dismissPreview', url: 'https://a.test/x' });
    expect(selectChild(snap(), 'preview:https://a.test/x')).toBeUndefined();
    expect(selectAttachedPreview(snap())?.og_scrape_url).toBe('http://www.b.test');
    type('see https://a.test/x only');
    expect(selectChild(snap(), 'preview:http://www.b.test')).toBeUndefined();
    expect(selectPreviews(snap())).toEqual([{ url: 'https://a.test/x', status: 'dismissed' }]);
    actor.send({ type: 'composer.submit' });
    expect(emitted[0]).toMatchObject({ skipEnrichUrl: true });
    expect(emitted[0]!.message.attachments).toBeUndefined();
  });

  it('takes the URLs the caller found, and with url_enrichment off spawns nothing', () => {
    const on = start({ urlEnrichment: true });
    on.type('see example.org', ['http://example.org']);
    expect(previewChildren(on.snap())).toEqual(['preview:http://example.org']);
    // Only previewable URLs (valid host, no credentials) get a child.
    on.type('see these', ['http://user:pw@a.test', 'http://bad_host/x']);
    expect(previewChildren(on.snap())).toEqual([]);
    const off = start({ urlEnrichment: false });
    off.type('see https://a.test');
    expect(previewChildren(off.snap())).toEqual([]);
    expect(selectPreviews(off.snap())).toEqual([]);
  });

  it('the fallback URL finder wants http(s) or www. and a valid host', () => {
    expect(findUrls('a https://a.test/x, b (www.b.test) c http://localhost d https://x.test/x')).toEqual([
      'https://a.test/x',
      'http://www.b.test',
      'https://x.test/x',
    ]);
  });
});

describe('composer: triggers and commands', () => {
  it('needs at least one character after @ or /', () => {
    const { snap, type } = start({ commands: ['giphy'] });
    type('@');
    expect(selectActiveTrigger(snap())).toBeNull();
    type('hi @bo');
    expect(selectActiveTrigger(snap())).toEqual({ trigger: '@', query: 'bo' });
    type('/');
    expect(selectActiveTrigger(snap())).toBeNull();
    type('/gi');
    expect(selectActiveTrigger(snap())).toEqual({ trigger: '/', query: 'gi' });
    expect(selectCommand(snap())).toBeNull();
    type('/giphy cats');
    expect(selectActiveTrigger(snap())).toBeNull();
    expect(selectCommand(snap())).toBe('giphy');
    type('/unknown cats');
    expect(selectCommand(snap())).toBeNull();
  });
});

describe('composer: slow mode', () => {
  it('after sending, cools down for N seconds, counting down each second; sending meanwhile is refused', () => {
    const { actor, snap, emitted, clock, type } = start({ cooldownSeconds: 3 });
    type('one');
    actor.send({ type: 'composer.submit' });
    expect(snap().matches({ cooldown: 'coolingDown' })).toBe(true);
    expect(selectCooldownRemaining(snap())).toBe(3);
    type('two');
    expect(selectSendBlockedReason(snap())).toBe('coolingDown');
    actor.send({ type: 'composer.submit' });
    expect(selectErrorKey(snap())).toEqual({ key: 'chat.composer.coolingDown', values: { count: 3 } });
    clock.increment(COOLDOWN_TICK_MS);
    expect(selectCooldownRemaining(snap())).toBe(2);
    clock.increment(COOLDOWN_TICK_MS);
    expect(selectCooldownRemaining(snap())).toBe(1);
    // The last second lasts until the service's own clock has surely let go too.
    clock.increment(COOLDOWN_TICK_MS);
    expect(selectCooldownRemaining(snap())).toBe(1);
    expect(selectSendBlockedReason(snap())).toBe('coolingDown');
    clock.increment(COOLDOWN_GRACE_MS - 1);
    expect(snap().matches({ cooldown: 'coolingDown' })).toBe(true);
    clock.increment(1);
    expect(selectCooldownRemaining(snap())).toBe(0);
    expect(snap().matches({ cooldown: 'ready' })).toBe(true);
    actor.send({ type: 'composer.submit' });
    expect(emitted.map((e) => e.message.text)).toEqual(['one', 'two']);
  });

  it('does not apply to a member with skip-slow-mode', () => {
    const { actor, snap, type } = start({ cooldownSeconds: 3, cooldownExempt: true });
    type('one');
    actor.send({ type: 'composer.submit' });
    expect(snap().matches({ cooldown: 'ready' })).toBe(true);
  });
});

describe('composer: typing events', () => {
  it('sends typing.start at most every 2 s while typing, and typing.stop after 1 s idle', async () => {
    const { clock, calls, type } = start({ threadId: 't1' });
    type('h');
    await settle();
    expect(calls.startTyping).toEqual([{ parentId: 't1' }]);
    for (let t = 500; t <= 4500; t += 500) {
      clock.increment(500);
      type(`h${t}`);
    }
    await settle();
    // Starts at 0, 2000 and 4000 ms; never a stop while keystrokes come every 500 ms.
    expect(calls.startTyping).toHaveLength(3);
    expect(calls.stopTyping).toHaveLength(0);
    clock.increment(TYPING_IDLE_MS - 1);
    await settle();
    expect(calls.stopTyping).toHaveLength(0);
    clock.increment(1);
    await settle();
    expect(calls.stopTyping).toEqual([{ parentId: 't1' }]);
    // After a stop the next keystroke announces at once.
    type('again');
    await settle();
    expect(calls.startTyping).toHaveLength(4);
  });

  it('exactly 2 s: a keystroke 1999 ms after the start does not announce, one at 2000 ms does', async () => {
    const { clock, calls, type } = start();
    type('a');
    clock.increment(900);
    type('ab');
    clock.increment(900);
    type('abc');
    clock.increment(199);
    type('abcd');
    await settle();
    expect(calls.startTyping).toHaveLength(1);
    clock.increment(1);
    type('abcde');
    await settle();
    expect(calls.startTyping).toHaveLength(2);
    expect(TYPING_THROTTLE_MS).toBe(2000);
  });

  it('stops when the text is emptied or the message sent; nothing when typing events are off', async () => {
    const { actor, calls, type } = start();
    type('a');
    type('');
    await settle();
    expect(calls.stopTyping).toHaveLength(1);
    type('b');
    actor.send({ type: 'composer.submit' });
    await settle();
    expect(calls.stopTyping).toHaveLength(2);
    const off = start({ typingEvents: false });
    off.type('a');
    off.clock.increment(5000);
    await settle();
    expect(off.calls.startTyping).toEqual([]);
    expect(off.calls.stopTyping).toEqual([]);
  });
});

describe('composer: drafts', () => {
  const remote = (text: string, parent_id?: string): ComposerDraft => ({
    message: { id: 'd1', text, mentioned_users: [{ id: 'bob', name: 'Bob' }] },
    parent_id,
    quoted_message: { id: 'q1' },
  });

  it('are not saved when disabled (the spec’s default)', async () => {
    const { calls, clock, type } = start();
    type('hello');
    clock.increment(DRAFT_DEBOUNCE_MS * 3);
    await settle();
    expect(calls.saveDraft).toEqual([]);
  });

  it('are saved after a pause in typing, deleted when the composition is emptied', async () => {
    const { actor, calls, clock, type } = start({ draftsEnabled: true, threadId: 't1' });
    type('hel');
    clock.increment(DRAFT_DEBOUNCE_MS - 1);
    type('hello @bob');
    actor.send({ type: 'composer.mention', user: { id: 'bob' } });
    clock.increment(DRAFT_DEBOUNCE_MS - 1);
    await settle();
    expect(calls.saveDraft).toEqual([]);
    clock.increment(1);
    await settle();
    expect(calls.saveDraft).toEqual([{ text: 'hello @bob', parent_id: 't1', mentioned_users: ['bob'] }]);
    type('');
    clock.increment(DRAFT_DEBOUNCE_MS);
    await settle();
    expect(calls.deleteDraft).toEqual([{ parentId: 't1' }]);
    // Emptying again with no draft left calls nothing.
    type('x');
    type('');
    clock.increment(DRAFT_DEBOUNCE_MS);
    await settle();
    expect(calls.deleteDraft).toHaveLength(1);
  });

  it('a message sent while its draft is being saved leaves no draft behind', async () => {
    const { actor, snap, calls, clock, type } = start({ draftsEnabled: true });
    type('see you at 10');
    clock.increment(DRAFT_DEBOUNCE_MS);
    expect(snap().matches({ draft: 'saving' })).toBe(true);
    actor.send({ type: 'composer.submit' });
    await settle();
    expect(calls.saveDraft).toHaveLength(1);
    expect(calls.deleteDraft).toEqual([{ parentId: null }]);
    expect(snap().context.hasDraft).toBe(false);
  });

  it('a failed save keeps the composer working', async () => {
    const { snap, calls, clock, type } = start({ draftsEnabled: true }, { failSave: true });
    type('hello');
    clock.increment(DRAFT_DEBOUNCE_MS);
    await settle();
    expect(calls.saveDraft).toHaveLength(1);
    expect(snap().matches({ draft: 'idle' })).toBe(true);
    expect(snap().status).toBe('active');
  });

  it('are not saved while editing', async () => {
    const { actor, calls, clock } = start({ draftsEnabled: true });
    actor.send({ type: 'composer.edit', message: { id: 'm1', text: 'old' } });
    actor.send({ type: 'composer.type', text: 'new' });
    clock.increment(DRAFT_DEBOUNCE_MS * 2);
    await settle();
    expect(calls.saveDraft).toEqual([]);
  });

  it('start from the input draft and are deleted when the message is sent', async () => {
    const { actor, snap, calls, type } = start({ draftsEnabled: true, draft: remote('from draft') });
    expect(selectText(snap())).toBe('from draft');
    expect(selectQuoted(snap())).toEqual({ id: 'q1' });
    type('from draft, sent');
    actor.send({ type: 'composer.submit' });
    await settle();
    expect(calls.deleteDraft).toEqual([{ parentId: null }]);
    expect(calls.saveDraft).toEqual([]);
  });

  it('follow draft.updated and draft.deleted from another session, not the echo of their own save, not while editing', async () => {
    const { actor, snap, calls, clock, type } = start({ draftsEnabled: true });
    actor.send({ type: 'draft.updated', draft: remote('from the other tab') });
    expect(selectText(snap())).toBe('from the other tab');
    expect(selectQuoted(snap())).toEqual({ id: 'q1' });
    // A thread's draft is not this composer's.
    actor.send({ type: 'draft.updated', draft: remote('thread', 'p9') });
    expect(selectText(snap())).toBe('from the other tab');
    // Our own save comes back as draft.updated: nothing changes, the upload in progress stays.
    type('mine');
    actor.send({ type: 'composer.addFiles', files: [png('a.png')] });
    clock.increment(DRAFT_DEBOUNCE_MS);
    await settle();
    expect(calls.saveDraft).toHaveLength(1);
    actor.send({
      type: 'draft.updated',
      draft: { message: { id: 'd1', text: 'mine', quoted_message_id: 'q1' }, quoted_message: { id: 'q1' } },
    });
    expect(selectText(snap())).toBe('mine');
    actor.send({ type: 'draft.updated', draft: { message: { id: 'd1', text: 'theirs' } } });
    expect(selectText(snap())).toBe('theirs');
    expect(selectUploads(snap())).toHaveLength(1);
    actor.send({ type: 'draft.deleted', draft: { parent_id: null } });
    expect(selectText(snap())).toBe('');
    expect(selectUploads(snap())).toEqual([]);
    actor.send({ type: 'composer.edit', message: { id: 'm1', text: 'editing' } });
    actor.send({ type: 'draft.updated', draft: remote('ignored') });
    actor.send({ type: 'draft.deleted' });
    expect(selectText(snap())).toBe('editing');
  });
});

describe('composer: settings learnt after start', () => {
  it('composer.configure changes only the given settings: upload limits for the next files, slow mode, length', () => {
    const { actor, snap, child, type } = start({ cooldownSeconds: 0, maxLength: 5 });
    const limits = {
      allowedFileExtensions: [],
      blockedFileExtensions: ['.exe'],
      allowedMimeTypes: [],
      blockedMimeTypes: [],
      sizeLimit: 1024,
    };
    actor.send({ type: 'composer.configure', settings: { uploadLimits: { image: limits, file: limits } } });
    actor.send({ type: 'composer.addFiles', files: [png('a.png')] });
    const inputOf = (id: string) => (child(id).getSnapshot() as { context: { input: UploadInput } }).context.input;
    expect(inputOf('upload:id-1').limits).toEqual(limits);
    expect(snap().context.maxLength).toBe(5);
    actor.send({
      type: 'composer.configure',
      settings: { cooldownSeconds: 2.7, maxLength: null, canUploadFile: false },
    });
    expect(snap().context).toMatchObject({
      cooldownSeconds: 2,
      maxLength: null,
      canUploadFile: false,
      uploadLimits: { file: limits },
    });
    actor.send({ type: 'composer.removeUpload', localId: 'id-1' });
    type('longer than five');
    actor.send({ type: 'composer.submit' });
    expect(selectCooldownRemaining(snap())).toBe(2);
  });
});

describe('composer: children that fail', () => {
  it('a child whose logic throws is marked failed and the composer goes on', () => {
    const machine = composerMachine.provide({
      actors: {
        upload: fromPromise<never, UploadInput>(() => Promise.reject(new Error('boom'))),
      },
    });
    const actor = createActor(machine, { input: { newId: () => 'u1' } }).start();
    actor.send({ type: 'composer.addFiles', files: [png('a.png')] });
    return settle().then(() => {
      expect(actor.getSnapshot().status).toBe('active');
      expect(selectUploads(actor.getSnapshot())[0]!.status).toBe('failed');
    });
  });
});

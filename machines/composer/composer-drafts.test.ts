/** The composer's drafts, settings learnt after start, and children that fail. */
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { machineTest } from '../shared/machine-test';
import { composerMachine, DRAFT_DEBOUNCE_MS } from './composer.machine';
import { selectQuoted, selectText, selectUploads } from './composer.selectors';
import type { UploadInput } from '../shared/composer-children';
import type { ComposerDraft } from './composer.types';
import { png, start } from './composer.fixtures';
describe('composer: drafts', () => {
  const remote = (text: string, parent_id?: string): ComposerDraft => ({
    message: { id: 'd1', text, mentioned_users: [{ id: 'bob', name: 'Bob' }] },
    parent_id,
    quoted_message: { id: 'q1' },
  });

  it('are not saved when disabled (the spec’s default)', async () => {
    const { run, calls, type } = start();
    type('hello');
    run.advance(DRAFT_DEBOUNCE_MS * 3);
    await run.settle();
    expect(calls.saveDraft).toEqual([]);
  });

  it('are saved after a pause in typing, deleted when the composition is emptied', async () => {
    const { run, calls, type } = start({ draftsEnabled: true, threadId: 't1' });
    type('hel');
    run.advance(DRAFT_DEBOUNCE_MS - 1);
    type('hello @bob');
    run.send({ type: 'composer.mention', user: { id: 'bob' } }).advance(DRAFT_DEBOUNCE_MS - 1);
    await run.settle();
    expect(calls.saveDraft).toEqual([]);
    run.advance(1);
    await run.settle();
    expect(calls.saveDraft).toEqual([{ text: 'hello @bob', parent_id: 't1', mentioned_users: ['bob'] }]);
    type('');
    run.advance(DRAFT_DEBOUNCE_MS);
    await run.settle();
    expect(calls.deleteDraft).toEqual([{ parentId: 't1' }]);
    // Emptying again with no draft left calls nothing.
    type('x');
    type('');
    run.advance(DRAFT_DEBOUNCE_MS);
    await run.settle();
    expect(calls.deleteDraft).toHaveLength(1);
  });

  it('a message sent while its draft is being saved leaves no draft behind', async () => {
    const { run, draft, calls, type } = start({ draftsEnabled: true });
    type('see you at 10');
    run.advance(DRAFT_DEBOUNCE_MS);
    expect(draft().value).toBe('saving');
    run.send({ type: 'composer.submit' });
    await run.settle();
    expect(calls.saveDraft).toHaveLength(1);
    expect(calls.deleteDraft).toEqual([{ parentId: null }]);
    expect(draft().context.hasDraft).toBe(false);
    expect(draft().value).toBe('idle');
  });

  it('a failed save keeps the composer working', async () => {
    const { run, snap, draft, calls, type } = start({ draftsEnabled: true }, { failSave: true });
    type('hello');
    run.advance(DRAFT_DEBOUNCE_MS);
    await run.settle();
    expect(calls.saveDraft).toHaveLength(1);
    run.expectPaths('composition.composing', 'poll.closed', 'cooldown.ready');
    expect(draft().value).toBe('idle');
    expect(draft().context.hasDraft).toBe(false);
    expect(snap().status).toBe('active');
  });

  it('are not saved while editing', async () => {
    const { run, calls } = start({ draftsEnabled: true });
    run
      .send({ type: 'composer.edit', message: { id: 'm1', text: 'old' } })
      .send({ type: 'composer.type', text: 'new' })
      .advance(DRAFT_DEBOUNCE_MS * 2);
    await run.settle();
    expect(calls.saveDraft).toEqual([]);
  });

  it('start from the input draft and are deleted when the message is sent', async () => {
    const { run, calls, type } = start({ draftsEnabled: true, draft: remote('from draft') });
    run.expectSelected(selectText, 'from draft').expectSelected(selectQuoted, { id: 'q1' });
    type('from draft, sent');
    run.send({ type: 'composer.submit' });
    await run.settle();
    expect(calls.deleteDraft).toEqual([{ parentId: null }]);
    expect(calls.saveDraft).toEqual([]);
  });

  it('follow drafts saved and deleted in another session, not the echo of their own save, not while editing', async () => {
    const { run, snap, calls, type } = start({ draftsEnabled: true });
    run
      .send({ type: 'draft.arrived', draft: remote('from the other tab') })
      .expectSelected(selectText, 'from the other tab')
      .expectSelected(selectQuoted, { id: 'q1' });
    // A thread's draft is not this composer's.
    run.send({ type: 'draft.arrived', draft: remote('thread', 'p9') }).expectSelected(selectText, 'from the other tab');
    // Our own save comes back (draft.arrived): nothing changes, the upload in progress stays.
    type('mine');
    run.send({ type: 'composer.addFiles', files: [png('a.png')] }).advance(DRAFT_DEBOUNCE_MS);
    await run.settle();
    expect(calls.saveDraft).toHaveLength(1);
    run.send({
      type: 'draft.arrived',
      draft: { message: { id: 'd1', text: 'mine', quoted_message_id: 'q1' }, quoted_message: { id: 'q1' } },
    });
    run
      .expectSelected(selectText, 'mine')
      .send({ type: 'draft.arrived', draft: { message: { id: 'd1', text: 'theirs' } } })
      .expectSelected(selectText, 'theirs');
    expect(selectUploads(snap())).toHaveLength(1);
    run
      .send({ type: 'draft.removed' })
      .expectSelected(selectText, '')
      .expectSelected(selectUploads, [])
      .send({ type: 'composer.edit', message: { id: 'm1', text: 'editing' } })
      .send({ type: 'draft.arrived', draft: remote('ignored') })
      .send({ type: 'draft.removed' })
      .expectSelected(selectText, 'editing');
  });
});

describe('composer: settings learnt after start', () => {
  it('composer.configure changes only the given settings: upload limits for the next files, slow mode, length', () => {
    const { run, snap, child, type, remaining } = start({ cooldownSeconds: 0, maxLength: 5 });
    const limits = {
      allowedFileExtensions: [],
      blockedFileExtensions: ['.exe'],
      allowedMimeTypes: [],
      blockedMimeTypes: [],
      sizeLimit: 1024,
    };
    run
      .send({ type: 'composer.configure', settings: { uploadLimits: { image: limits, file: limits } } })
      .send({ type: 'composer.addFiles', files: [png('a.png')] });
    const inputOf = (id: string) => (child(id).getSnapshot() as { context: { input: UploadInput } }).context.input;
    expect(inputOf('upload:id-1').limits).toEqual(limits);
    expect(snap().context.maxLength).toBe(5);
    run.send({
      type: 'composer.configure',
      settings: { cooldownSeconds: 2.7, maxLength: null, canUploadFile: false },
    });
    expect(snap().context).toMatchObject({
      cooldownSeconds: 2,
      maxLength: null,
      canUploadFile: false,
      uploadLimits: { file: limits },
    });
    run.send({ type: 'composer.removeUpload', localId: 'id-1' });
    type('longer than five');
    run.send({ type: 'composer.submit' });
    expect(remaining()).toBe(2);
  });
});

describe('composer: children that fail', () => {
  it('a child whose logic throws is marked failed and the composer goes on', () => {
    const machine = composerMachine.provide({
      actors: {
        upload: fromPromise<never, UploadInput>(() => Promise.reject(new Error('boom'))),
      },
    });
    const run = machineTest(machine, { input: { newId: () => 'u1' } });
    run.send({ type: 'composer.addFiles', files: [png('a.png')] });
    return run.settle().then(() => {
      run.expectStatus('active');
      expect(selectUploads(run.snapshot())[0]!.status).toBe('failed');
    });
  });
});

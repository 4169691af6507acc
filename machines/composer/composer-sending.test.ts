/** What the composer sends: the sendable rule, uploads, location, length, polls and link previews. */
import { describe, expect, it } from 'vitest';
import { findUrls, isTextEmpty } from './composer.rules';
import {
  selectAttachedPreview,
  selectCanSend,
  selectChild,
  selectErrorKey,
  selectPreviews,
  selectSendBlockedReason,
  selectText,
  selectUploads,
} from './composer.selectors';
import { attachmentFor, png, previewChildren, start } from './composer.fixtures';
import type { UploadInput } from '../shared/composer-children';

describe('composer: the sendable rule', () => {
  it.each(['', '   ', '<p></p>', '<p> </p><br>', '<br/>', '**', '&nbsp;'])('text %j alone is empty', (text) => {
    const { run, emitted, type } = start();
    type(text);
    run
      .expectSelected(selectCanSend, false)
      .expectSelected(selectSendBlockedReason, 'empty')
      .send({ type: 'composer.submit' });
    expect(emitted).toEqual([]);
  });

  it('text counts', () => {
    expect(isTextEmpty('<p>hi</p>')).toBe(false);
    const { run, type } = start();
    type('hi');
    run.expectSelected(selectCanSend, true);
  });

  it('a finished upload alone is sendable; any upload in progress blocks with the spec’s error', async () => {
    const { run, snap, emitted, type, child } = start();
    run.send({ type: 'composer.addFiles', files: [png('a.png'), png('b.png')] });
    await run.settle();
    expect(selectUploads(snap()).map((u) => u.status)).toEqual(['uploading', 'uploading']);
    type('photos');
    run.expectSelected(selectSendBlockedReason, 'uploading').send({ type: 'composer.submit' });
    expect(emitted).toEqual([]);
    run.expectSelected(selectErrorKey, { key: 'chat.composer.uploadsInProgress' });
    child('upload:id-1').send({ type: 'test.finish' });
    run.expectSelected(selectSendBlockedReason, 'uploading');
    child('upload:id-2').send({ type: 'test.progress', progress: 50 });
    expect(selectUploads(snap())[1]).toMatchObject({ status: 'uploading', progress: 50 });
    child('upload:id-2').send({ type: 'test.finish' });
    type('');
    run.expectSelected(selectCanSend, true).send({ type: 'composer.submit' });
    expect(emitted[0]!.message).toEqual({ id: 'id-3', attachments: [attachmentFor('a.png'), attachmentFor('b.png')] });
    // Their children are gone with the composition.
    expect(selectChild(snap(), 'upload:id-1')).toBeUndefined();
    run.expectSelected(selectUploads, []);
  });

  it('gives each upload child the contract input, slots counting down from 10', () => {
    const { run, child } = start({ canUploadFile: false });
    run.send({ type: 'composer.addFiles', files: [png('a.png'), png('b.png')] });
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
    const { run, snap, child } = start();
    run
      .send({ type: 'composer.addFiles', files: [png('a.png'), png('b.png')] })
      .send({ type: 'composer.removeUpload', localId: 'id-1' });
    expect(selectChild(snap(), 'upload:id-1')).toBeUndefined();
    child('upload:id-2').send({ type: 'test.remove' });
    run.expectSelected(selectUploads, []);
    expect(selectChild(snap(), 'upload:id-2')).toBeUndefined();
  });

  it('a valid location is sendable, with the spec’s shared-location fields; an invalid one is refused', () => {
    const { run, emitted } = start();
    run
      .send({ type: 'composer.setLocation', latitude: Number.NaN, longitude: 4 })
      .expectSelected(selectErrorKey, { key: 'chat.composer.locationInvalid' })
      .send({ type: 'composer.setLocation', latitude: 52.1, longitude: 4.3, durationMs: 30_000 })
      .expectSelected(selectErrorKey, { key: 'chat.liveLocation.tooShort', values: { seconds: 60 } })
      .expectSelected(selectCanSend, false)
      .send({ type: 'composer.setLocation', latitude: 52.1, longitude: 4.3, durationMs: 60_000 })
      .expectSelected(selectErrorKey, null)
      .expectSelected(selectCanSend, true)
      .send({ type: 'composer.submit' });
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
    run
      .send({ type: 'composer.setLocation', latitude: 1, longitude: 2 })
      .send({ type: 'composer.clearLocation' })
      .expectSelected(selectCanSend, false);
  });

  it('over the maximum length the message is refused with an error the member can fix', () => {
    const { run, emitted, type } = start({ maxLength: 5 });
    type('123456');
    run.expectSelected(selectSendBlockedReason, 'tooLong').send({ type: 'composer.submit' });
    expect(emitted).toEqual([]);
    run
      .expectSelected(selectErrorKey, { key: 'chat.composer.tooLong', values: { length: 6, max: 5 } })
      .expectSelected(selectText, '123456');
    type('12345');
    run.expectSelected(selectErrorKey, null).send({ type: 'composer.submit' });
    expect(emitted).toHaveLength(1);
    run.send({ type: 'composer.dismissError' });
  });
});

describe('composer: poll', () => {
  it('a created poll is sent at once as a poll-only message ({ id, poll_id }); the child leaves; the rest stays', () => {
    const { run, snap, emitted, type, child } = start();
    type('Vote please');
    run
      .send({ type: 'composer.addFiles', files: [png('a.png')] })
      .send({ type: 'composer.openPoll' })
      .send({ type: 'composer.openPoll' });
    child('pollComposer').send({ type: 'test.create' });
    expect(emitted).toEqual([
      { type: 'composer.sent', message: { id: 'id-2', poll_id: 'poll-1' }, skipEnrichUrl: false },
    ]);
    expect(selectChild(snap(), 'pollComposer')).toBeUndefined();
    run.expectSelected(selectText, 'Vote please');
    expect(selectUploads(snap())).toHaveLength(1);
  });

  it('in a thread the poll goes with the rest of the message', () => {
    const { run, emitted, type, child } = start({ threadId: 'p1' });
    type('Vote please');
    run.send({ type: 'composer.openPoll' });
    child('pollComposer').send({ type: 'test.create' });
    expect(emitted[0]!.message).toEqual({ id: 'id-1', text: 'Vote please', parent_id: 'p1', poll_id: 'poll-1' });
  });

  it('a cancelled or closed poll composer is stopped', () => {
    const { run, snap, child } = start();
    run.send({ type: 'composer.openPoll' });
    child('pollComposer').send({ type: 'test.cancel' });
    expect(selectChild(snap(), 'pollComposer')).toBeUndefined();
    run.send({ type: 'composer.openPoll' }).send({ type: 'composer.closePoll' });
    expect(selectChild(snap(), 'pollComposer')).toBeUndefined();
  });
});

describe('composer: link previews', () => {
  it('spawns one preview child per URL, stops those whose URL left the text, attaches only the first loaded', () => {
    const { run, snap, emitted, type, child } = start({ urlEnrichment: true });
    type('see https://a.test/x and www.b.test');
    expect(previewChildren(snap()).sort()).toEqual(['preview:http://www.b.test', 'preview:https://a.test/x']);
    expect(selectPreviews(snap()).map((p) => p.status)).toEqual(['loading', 'loading']);
    child('preview:http://www.b.test').send({ type: 'test.load' });
    expect(selectAttachedPreview(snap())?.og_scrape_url).toBe('http://www.b.test');
    child('preview:https://a.test/x').send({ type: 'test.load' });
    expect(selectAttachedPreview(snap())?.og_scrape_url).toBe('https://a.test/x');
    run.send({ type: 'composer.dismissPreview', url: 'https://a.test/x' });
    expect(selectChild(snap(), 'preview:https://a.test/x')).toBeUndefined();
    expect(selectAttachedPreview(snap())?.og_scrape_url).toBe('http://www.b.test');
    type('see https://a.test/x only');
    expect(selectChild(snap(), 'preview:http://www.b.test')).toBeUndefined();
    run
      .expectSelected(selectPreviews, [{ url: 'https://a.test/x', status: 'dismissed' }])
      .send({ type: 'composer.submit' });
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

import { fromPromise } from 'xstate';
import { machineTest } from '../shared/machine-test';
import { DEFAULT_UPLOAD_LIMITS } from '../shared/composer-children';
import { describe, expect, it } from 'vitest';
import type { ComposerChildEvent, UploadedAttachment, UploadInput, UploadLimits } from '../shared/composer-children';
import { DEFAULT_UPLOAD_SIZE_LIMIT, MAX_FILES_PER_MESSAGE, uploadMachine } from './upload.machine';
import { attachmentTypeOf, formatFileSize, isImageFile, uploadFailureText } from './upload.rules';
import {
  blockedNoticeOf,
  selectBlockedNotice,
  selectCanRetry,
  selectProgress,
  selectUploadError,
  selectUploadStatus,
} from './upload.selectors';
import type { UploadFileInput } from './upload.types';

const noLimits: UploadLimits = DEFAULT_UPLOAD_LIMITS;

const pdf: UploadInput = {
  localId: 'a1',
  file: { name: 'Lineup.PDF', size: 2048, type: 'application/pdf' },
  blob: new Blob(['%PDF']),
  limits: noLimits,
  canUploadFile: true,
  slotsLeft: MAX_FILES_PER_MESSAGE,
};

const uploaded: UploadedAttachment = {
  type: 'file',
  asset_url: 'http://chat.local/uploads/a1.pdf',
  title: 'Lineup.PDF',
  mime_type: 'application/pdf',
  file_size: 2048,
};

/** A controllable fake `uploadFile`: each call is recorded and settled by the test. */
function fakeUploads() {
  const calls: {
    input: UploadFileInput;
    signal: AbortSignal;
    resolve: (a: UploadedAttachment) => void;
    reject: (e: unknown) => void;
  }[] = [];
  const actor = fromPromise<UploadedAttachment, UploadFileInput>(
    ({ input, signal }) =>
      new Promise((resolve, reject) => {
        calls.push({ input, signal, resolve, reject });
      }),
  );
  return { calls, actor };
}

/** A tiny composer stand-in that invokes one upload child and records what it is told. */
function start(input: UploadInput = pdf) {
  const uploads = fakeUploads();
  const child = uploadMachine.provide({ actors: { uploadFile: uploads.actor } });
  const run = machineTest(child, { input, asChild: `upload:${input.localId}` });
  // What the child sent (the parent also hears that it is done).
  const told = () => (run.told as ComposerChildEvent[]).filter((e) => e.type.startsWith('upload.'));
  return { run, uploads, told };
}

describe('upload machine', () => {
  it('uploads at once, reporting progress, and finishes with the attachment', async () => {
    const { run, uploads, told } = start();
    run.expectSelected(selectUploadStatus, 'uploading');
    expect(uploads.calls).toHaveLength(1);
    expect(uploads.calls[0]!.input.file).toEqual(pdf.file);
    expect(uploads.calls[0]!.input.blob).toBe(pdf.blob);

    uploads.calls[0]!.input.onProgress(12.4);
    uploads.calls[0]!.input.onProgress(57);
    uploads.calls[0]!.input.onProgress(140);
    run.expectSelected(selectProgress, 100);
    uploads.calls[0]!.resolve(uploaded);
    await run.settle();

    run.expectSelected(selectUploadStatus, 'finished');
    expect(told()).toEqual([
      { type: 'upload.updated', localId: 'a1', status: 'uploading', progress: 0 },
      { type: 'upload.updated', localId: 'a1', status: 'uploading', progress: 12 },
      { type: 'upload.updated', localId: 'a1', status: 'uploading', progress: 57 },
      { type: 'upload.updated', localId: 'a1', status: 'uploading', progress: 100 },
      { type: 'upload.updated', localId: 'a1', status: 'finished', progress: 100, attachment: uploaded },
    ]);
  });

  it('never lets progress go backwards or below 0', () => {
    const { run, uploads } = start();
    uploads.calls[0]!.input.onProgress(40);
    uploads.calls[0]!.input.onProgress(30);
    run.expectSelected(selectProgress, 40);
    uploads.calls[0]!.input.onProgress(-5);
    run.expectSelected(selectProgress, 40);
  });

  it('a failed upload says why (lowercased) and can be retried', async () => {
    const { run, uploads, told } = start();
    uploads.calls[0]!.input.onProgress(30);
    uploads.calls[0]!.reject({ message: 'Payload too big: the file is larger than the upload size limit' });
    (await run.settle()).expectSelected(selectUploadStatus, 'failed');
    expect(selectUploadError(run.snapshot())).toEqual({
      key: 'chat.upload.failed',
      values: { reason: 'payload too big: the file is larger than the upload size limit' },
    });
    run.expectSelected(selectCanRetry, true);
    expect(told().at(-1)).toEqual({ type: 'upload.updated', localId: 'a1', status: 'failed', progress: 0 });

    run
      .send({ type: 'upload.retry' })
      .expectSelected(selectUploadStatus, 'uploading')
      .expectSelected(selectUploadError, null);
    expect(run.snapshot().context.attempts).toBe(2);
    expect(uploads.calls).toHaveLength(2);
    uploads.calls[1]!.resolve(uploaded);
    (await run.settle()).expectSelected(selectUploadStatus, 'finished');
  });

  it('words a network error as such, and anything else without a message as an unknown error', async () => {
    const { run, uploads } = start();
    uploads.calls[0]!.reject({ message: 'ECONNREFUSED 127.0.0.1:1', isNetworkError: true });
    (await run.settle()).expectSelected(selectUploadError, { key: 'chat.upload.failedNetwork' });
    expect(uploadFailureText('boom')).toEqual({ key: 'chat.upload.failed', values: { reason: 'unknown error' } });
    expect(uploadFailureText(new Error('  Timeout  '))).toEqual({
      key: 'chat.upload.failed',
      values: { reason: 'timeout' },
    });
  });

  it('retry is ignored unless failed', () => {
    const { run, uploads } = start();
    run.send({ type: 'upload.retry' });
    expect(uploads.calls).toHaveLength(1);
    run.expectSelected(selectCanRetry, false);
  });

  it('removing an upload in flight aborts the request and tells the parent', () => {
    const { run, uploads, told } = start();
    const { signal } = uploads.calls[0]!;
    expect(signal.aborted).toBe(false);
    run.send({ type: 'upload.remove' });
    expect(signal.aborted).toBe(true);
    run.expectStatus('done');
    run.expectSelected(selectUploadStatus, 'removed');
    expect(told().filter((e) => e.type === 'upload.removed')).toEqual([{ type: 'upload.removed', localId: 'a1' }]);
  });

  it('a finished, failed or blocked upload can be removed too', async () => {
    const finished = start();
    finished.uploads.calls[0]!.resolve(uploaded);
    await finished.run.settle();
    finished.run.send({ type: 'upload.remove' });
    expect(finished.told().at(-1)).toEqual({ type: 'upload.removed', localId: 'a1' });

    const failed = start();
    failed.uploads.calls[0]!.reject(new Error('nope'));
    (await failed.run.settle()).send({ type: 'upload.remove' }).expectSelected(selectUploadStatus, 'removed');

    const blocked = start({ ...pdf, canUploadFile: false });
    blocked.run.send({ type: 'upload.remove' });
    expect(blocked.told().map((e) => e.type)).toEqual(['upload.updated', 'upload.removed']);
  });

  describe('blocked before any request', () => {
    const limits = (over: Partial<UploadLimits>): UploadLimits => ({ ...noLimits, ...over });
    it.each([
      [
        'allowed_file_extensions',
        { ...pdf, limits: limits({ allowedFileExtensions: ['.png', '.jpg'] }) },
        { key: 'chat.upload.typeNotAllowed' },
      ],
      [
        'blocked_file_extensions',
        { ...pdf, file: { ...pdf.file, name: 'Setup.EXE. ' }, limits: limits({ blockedFileExtensions: ['.exe'] }) },
        { key: 'chat.upload.typeNotAllowed' },
      ],
      [
        'allowed_mime_types',
        { ...pdf, limits: limits({ allowedMimeTypes: ['image/png'] }) },
        { key: 'chat.upload.typeNotAllowed' },
      ],
      [
        'blocked_mime_types',
        {
          ...pdf,
          file: { ...pdf.file, type: 'Application/PDF' },
          limits: limits({ blockedMimeTypes: ['application/pdf'] }),
        },
        { key: 'chat.upload.typeNotAllowed' },
      ],
      [
        'size_limit',
        { ...pdf, file: { ...pdf.file, size: 3 * 1024 * 1024 }, limits: limits({ sizeLimit: 2 * 1024 * 1024 }) },
        { key: 'chat.upload.tooLarge', values: { size: '3 MB', limit: '2 MB' } },
      ],
      [
        'size_limit',
        { ...pdf, file: { ...pdf.file, size: DEFAULT_UPLOAD_SIZE_LIMIT + 1 } },
        { key: 'chat.upload.tooLarge', values: { size: '100 MB', limit: '100 MB' } },
      ],
      ['upload_not_permitted', { ...pdf, canUploadFile: false }, { key: 'chat.upload.missingPermission' }],
      [
        'no_slots_left',
        { ...pdf, slotsLeft: 0 },
        { key: 'chat.upload.noSlotsLeft', values: { max: MAX_FILES_PER_MESSAGE } },
      ],
      ['file_missing', { ...pdf, blob: null }, { key: 'chat.upload.fileRequired' }],
      ['local_id_missing', { ...pdf, localId: '' }, { key: 'chat.upload.localIdMissing' }],
    ] as const)('%s', (reason, input, error) => {
      const { run, uploads, told } = start(input);
      run.expectSelected(selectUploadStatus, 'blocked');
      expect(run.snapshot().context.blockedReason).toBe(reason);
      expect(selectUploadError(run.snapshot())).toEqual(error);
      expect(uploads.calls).toHaveLength(0);
      expect(told()).toEqual([{ type: 'upload.updated', localId: input.localId, status: 'blocked', progress: 0 }]);
      run.send({ type: 'upload.retry' });
      expect(uploads.calls).toHaveLength(0);
    });

    it('a file exactly at the limit is allowed', () => {
      const { run } = start({ ...pdf, file: { ...pdf.file, size: 2048 }, limits: limits({ sizeLimit: 2048 }) });
      run.expectSelected(selectUploadStatus, 'uploading');
    });

    it('the config notice names size limit or unsupported file type', () => {
      const big = start({ ...pdf, file: { ...pdf.file, size: 4096 }, limits: limits({ sizeLimit: 2048 }) });
      expect(selectBlockedNotice(big.run.snapshot())).toEqual({ key: 'chat.upload.blockedSizeLimit' });
      const exe = start({ ...pdf, limits: limits({ blockedFileExtensions: ['.pdf'] }) });
      expect(selectBlockedNotice(exe.run.snapshot())).toEqual({ key: 'chat.upload.blockedFileType' });
      const denied = start({ ...pdf, canUploadFile: false });
      expect(selectBlockedNotice(denied.run.snapshot())).toBeNull();
      expect(blockedNoticeOf(null)).toEqual({ key: 'chat.upload.blockedUnknown' });
      // One object per text: the selector's answer keeps its identity (no re-render).
      expect(blockedNoticeOf('size_limit')).toBe(blockedNoticeOf('size_limit'));
      expect(selectBlockedNotice(start().run.snapshot())).toBeNull();
    });
  });

  it('helpers: image detection, attachment type, sizes', () => {
    expect(isImageFile({ type: 'image/png' })).toBe(true);
    expect(isImageFile({ type: 'image/vnd.adobe.photoshop' })).toBe(false);
    expect(attachmentTypeOf('video/mp4')).toBe('video');
    expect(attachmentTypeOf('audio/ogg')).toBe('audio');
    expect(attachmentTypeOf('application/zip')).toBe('file');
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(DEFAULT_UPLOAD_SIZE_LIMIT)).toBe('100 MB');
  });
});

/**
 * The upload machine with its real actors (src/lib/actors/upload-actors.ts) against the chat
 * sandbox: a real user's `stream-chat` client on a watched channel, a tiny composer stand-in
 * that spawns the child and records what it is told. Covers a finished image and file (served
 * back), progress, a config-blocked upload (no request made), a channel without `upload-file`,
 * a server refusal with its reason and a retry that works once the cause is gone, a network
 * error, and removal aborting an upload in flight.
 */
import type { Channel, StreamChat } from 'stream-chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import {
  DEFAULT_UPLOAD_LIMITS,
  uploadLimitsFor,
  type ComposerChildEvent,
  type UploadInput,
  type UploadLimitsByKind,
} from '../../machines/shared/composer-children';
import { MAX_FILES_PER_MESSAGE, uploadMachine } from '../../machines/upload/upload.machine';
import { selectUploadError, selectUploadStatus } from '../../machines/upload/upload.selectors';
import { readUploadLimits, createUploadActors } from '../../src/lib/actors/upload-actors';
import { startAsChild } from '../../machines/shared/child-harness';
import { connectClient, serverClient, settle, startChatServer, type ChatServer } from '../support/chat';
import { png } from '../support/images';

const WAIT = { timeout: 15_000 };

/** Every upload request a client makes (observed through its own axios instance). */
function recordUploads(client: StreamChat): string[] {
  const urls: string[] = [];
  client.axiosInstance.interceptors.request.use((config) => {
    if (/\/(file|image)$/.test(config.url ?? '')) urls.push(config.url!);
    return config;
  });
  return urls;
}

/** The stored upload records of a sandbox (chat_documents of kind `file`). */
async function storedFileCount(server: ChatServer): Promise<number> {
  const rows = await server.database.db
    .selectFrom('chat_documents')
    .select('data')
    .where('kind', '=', 'file')
    .execute();
  return rows.length;
}

/** A composer stand-in: one upload child with the real actors, and everything it was told. */
function spawnUpload(channel: Channel, input: UploadInput) {
  const child = uploadMachine.provide({ actors: createUploadActors(channel) });
  const { parent: composer, child: upload, told: all } = startAsChild(child, `upload:${input.localId}`, input);
  const told = () =>
    (all() as ComposerChildEvent[]).filter((e): e is Extract<ComposerChildEvent, { localId: string }> =>
      e.type.startsWith('upload.'),
    );
  const settled = () => waitFor(upload, (s) => !s.matches('uploading'), WAIT);
  return { composer, upload, told, settled };
}

const bytesOf = (text: string, size: number) => Buffer.alloc(size, text);
let nextId = 1;

describe('upload machine against the chat sandbox', () => {
  let server: ChatServer;
  let alice: StreamChat;
  let channel: Channel;
  let limits: UploadLimitsByKind;
  let requests: string[];

  /** What the composer would pass for a file on `channel`. */
  const inputFor = (
    name: string,
    type: string,
    data: Buffer,
    over: Partial<UploadInput> = {},
    on: Channel = channel,
  ): UploadInput => {
    const file = { name, type, size: data.length };
    return {
      localId: `local-${nextId++}`,
      file,
      blob: new Blob([new Uint8Array(data)], { type }),
      limits: uploadLimitsFor(limits, file),
      canUploadFile: on.data?.own_capabilities?.includes('upload-file') ?? false,
      slotsLeft: MAX_FILES_PER_MESSAGE,
      ...over,
    };
  };

  beforeAll(async () => {
    server = await startChatServer();
    const admin = serverClient(server);
    await admin.upsertUser({ id: 'alice' });
    for (const id of ['uploads', 'no-uploads', 'frozen-later'])
      await admin.channel('messaging', id, { members: ['alice'], created_by_id: 'alice' }).create();
    await admin.channel('messaging', 'no-uploads').updatePartial({ set: { config_overrides: { uploads: false } } });
    alice = await connectClient(server, 'alice', 'Alice');
    requests = recordUploads(alice);
    channel = alice.channel('messaging', 'uploads');
    await channel.watch();
    limits = await readUploadLimits(alice);
  });
  afterAll(() => server.close());

  it('reads the limits of GET /app per kind', () => {
    expect(limits.file.blockedFileExtensions).toContain('.exe');
    expect(limits.file.sizeLimit).toBe(server.config.chatUploadMaxBytes);
    expect(limits.image.allowedMimeTypes).toContain('image/png');
    expect(uploadLimitsFor(limits, { type: 'image/png' })).toBe(limits.image);
    expect(uploadLimitsFor(limits, { type: 'application/pdf' })).toBe(limits.file);
  });

  it('uploads an image: finished with an image URL the sandbox serves', async () => {
    const image = png();
    const { upload, told, settled } = spawnUpload(channel, inputFor('crest.png', 'image/png', image));
    await settled();
    expect(selectUploadStatus(upload.getSnapshot())).toBe('finished');
    const finished = told().at(-1);
    expect(finished).toMatchObject({ type: 'upload.updated', status: 'finished', progress: 100 });
    const attachment = finished?.type === 'upload.updated' ? finished.attachment : undefined;
    expect(attachment).toMatchObject({
      type: 'image',
      title: 'crest.png',
      mime_type: 'image/png',
      file_size: image.length,
    });
    expect(attachment?.image_url).toMatch(new RegExp(`^${server.url}/chat/uploads/.+\\.png$`));
    const served = await fetch(attachment!.image_url!);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
  });

  it('uploads a file with progress reported on the way: finished with an asset URL', async () => {
    const data = bytesOf('x', 3 * 1024 * 1024);
    const { upload, told, settled } = spawnUpload(channel, inputFor('season.csv', 'text/csv', data));
    await settled();
    expect(selectUploadStatus(upload.getSnapshot())).toBe('finished');
    const progress = told().flatMap((e) =>
      e.type === 'upload.updated' && e.status === 'uploading' ? [e.progress] : [],
    );
    expect(progress[0]).toBe(0);
    expect(progress.some((p) => p > 0 && p < 100)).toBe(true);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const attachment = upload.getSnapshot().context.attachment;
    expect(attachment).toMatchObject({ type: 'file', title: 'season.csv', file_size: data.length });
    const served = await fetch(attachment!.asset_url!);
    expect(served.status).toBe(200);
    expect((await served.arrayBuffer()).byteLength).toBe(data.length);
  });

  it("blocks a file the app's config refuses before any request", async () => {
    const before = requests.length;
    const { upload, told } = spawnUpload(channel, inputFor('setup.exe', 'application/octet-stream', bytesOf('M', 64)));
    expect(selectUploadStatus(upload.getSnapshot())).toBe('blocked');
    expect(upload.getSnapshot().context.blockedReason).toBe('blocked_file_extensions');
    expect(selectUploadError(upload.getSnapshot())).toEqual({ key: 'chat.upload.typeNotAllowed' });
    expect(told()).toEqual([expect.objectContaining({ status: 'blocked' })]);

    const bmp = spawnUpload(channel, inputFor('photo.bmp', 'image/bmp', bytesOf('B', 64)));
    expect(bmp.upload.getSnapshot().context.blockedReason).toBe('allowed_file_extensions');
    await settle(50);
    expect(requests.length).toBe(before);
  });

  it('blocks every upload on a channel whose own_capabilities lack upload-file', async () => {
    const closed = alice.channel('messaging', 'no-uploads');
    await closed.watch();
    expect(closed.data?.own_capabilities).not.toContain('upload-file');
    const before = requests.length;
    const { upload } = spawnUpload(closed, inputFor('notes.txt', 'text/plain', bytesOf('n', 10), {}, closed));
    expect(selectUploadStatus(upload.getSnapshot())).toBe('blocked');
    expect(upload.getSnapshot().context.blockedReason).toBe('upload_not_permitted');
    expect(selectUploadError(upload.getSnapshot())).toEqual({ key: 'chat.upload.missingPermission' });
    await settle(50);
    expect(requests.length).toBe(before);
  });

  it("fails with the server's reason when the channel refuses, and a retry works once it no longer does", async () => {
    const later = alice.channel('messaging', 'frozen-later');
    await later.watch();
    // The composer spawned the upload while uploads were allowed; then a moderator froze the channel.
    const input = inputFor('plan.txt', 'text/plain', bytesOf('p', 100), {}, later);
    expect(input.canUploadFile).toBe(true);
    const admin = serverClient(server);
    await admin.channel('messaging', 'frozen-later').updatePartial({ set: { frozen: true } });

    const { upload, told, settled } = spawnUpload(later, input);
    await settled();
    expect(selectUploadStatus(upload.getSnapshot())).toBe('failed');
    const error = selectUploadError(upload.getSnapshot());
    expect(error?.key).toBe('chat.upload.failed');
    expect(error?.values?.reason).toMatch(/^[^A-Z]*$/);
    expect(String(error?.values?.reason)).toContain('uploadattachment');
    expect(told().at(-1)).toMatchObject({ status: 'failed', progress: 0 });

    await admin.channel('messaging', 'frozen-later').updatePartial({ set: { frozen: false } });
    upload.send({ type: 'upload.retry' });
    await waitFor(upload, (s) => s.matches('finished'), WAIT);
    expect(upload.getSnapshot().context.attempts).toBe(2);
    expect(upload.getSnapshot().context.attachment?.asset_url).toMatch(/\.txt$/);
  });

  it('a file over the server limit (limits not known to the composer) fails with the reason lowercased', async () => {
    const small = await startChatServer(undefined, { CHAT_UPLOAD_MAX_BYTES: '1024' });
    try {
      const admin = serverClient(small);
      await admin.upsertUser({ id: 'bob' });
      await admin.channel('messaging', 'tight', { members: ['bob'], created_by_id: 'bob' }).create();
      const bob = await connectClient(small, 'bob');
      const tight = bob.channel('messaging', 'tight');
      await tight.watch();
      const input = inputFor('roster.txt', 'text/plain', bytesOf('r', 4096), { limits: DEFAULT_UPLOAD_LIMITS }, tight);
      const { upload, settled } = spawnUpload(tight, input);
      await settled();
      expect(selectUploadStatus(upload.getSnapshot())).toBe('failed');
      expect(selectUploadError(upload.getSnapshot())).toEqual({
        key: 'chat.upload.failed',
        values: { reason: 'payload too big: the file is larger than the upload size limit of 1024 bytes' },
      });

      // With the limits the sandbox advertises, the same file is blocked before any request.
      const tightLimits = await readUploadLimits(bob);
      const blocked = spawnUpload(tight, { ...input, localId: 'again', limits: tightLimits.file });
      expect(blocked.upload.getSnapshot().context.blockedReason).toBe('size_limit');
      expect(selectUploadError(blocked.upload.getSnapshot())).toEqual({
        key: 'chat.upload.tooLarge',
        values: { size: '4 KB', limit: '1 KB' },
      });
    } finally {
      await small.close();
    }
  });

  it('words a failure without an answer as a network error', async () => {
    const gone = await startChatServer();
    const admin = serverClient(gone);
    await admin.upsertUser({ id: 'carol' });
    await admin.channel('messaging', 'gone', { members: ['carol'], created_by_id: 'carol' }).create();
    const carol = await connectClient(gone, 'carol');
    const lost = carol.channel('messaging', 'gone');
    await lost.watch();
    const input = inputFor('minutes.txt', 'text/plain', bytesOf('m', 100), {}, lost);
    // The server goes away under the connected client.
    gone.clients.length = 0;
    await gone.close();
    try {
      const { upload, settled } = spawnUpload(lost, input);
      await settled();
      expect(selectUploadStatus(upload.getSnapshot())).toBe('failed');
      expect(selectUploadError(upload.getSnapshot())).toEqual({ key: 'chat.upload.failedNetwork' });
    } finally {
      await carol.disconnectUser().catch(() => undefined);
    }
  });

  it('removing an upload in flight aborts it: nothing is stored, and the composer is told', async () => {
    const before = await storedFileCount(server);
    const data = bytesOf('v', 60 * 1024 * 1024);
    const { upload, told, composer } = spawnUpload(channel, inputFor('match.mp4', 'video/mp4', data));
    // The first progress report: bytes are on their way, far from all of them.
    await waitFor(composer, () => told().length >= 2, WAIT);
    expect(upload.getSnapshot().context.progress).toBeLessThan(100);
    upload.send({ type: 'upload.remove' });
    expect(selectUploadStatus(upload.getSnapshot())).toBe('removed');
    expect(told().at(-1)).toEqual({ type: 'upload.removed', localId: upload.getSnapshot().context.localId });
    expect(upload.getSnapshot().status).toBe('done');
    // The aborted request never completes on the server.
    await settle(500);
    expect(await storedFileCount(server)).toBe(before);
  });
});
